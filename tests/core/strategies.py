"""Hypothesis strategies: tables and demands as the players could set them up."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from pyapp.rules import Request
from pyapp.rules.state import ROLES

small = st.integers(min_value=0, max_value=4)
pile = st.fixed_dictionaries({"food": small, "nonperishable_food": small, "wood": small,
                              "fur": small})
TRACKS = ("roof", "palisade", "weapon")
# Names as players type them: any text up to the 60 characters a name may have, without the
# control characters a name refuses (C0, C1, the line separators and text-direction marks).
CONTROLS = "".join(map(chr, [*range(0x20), *range(0x7F, 0xA0), 0x061C, 0x200E, 0x200F,
                             *range(0x2028, 0x202F), *range(0x2066, 0x206A)]))
names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",),
                              exclude_characters=CONTROLS), max_size=60)


HELPFUL = ["Large Leaves", "Old Machete", "Poison", "Saber"]


@st.composite
def tables(draw: Any, phase: str | None = None) -> dict[str, Any]:
    roles = draw(st.lists(st.sampled_from(ROLES), min_size=1, max_size=4, unique=True))
    shelter = draw(st.sampled_from(["none", "built", "natural"]))
    characters = [{"role": r, "name": draw(names), "wounds": draw(st.integers(0, 12)),
                   "determination": draw(small),
                   "pawns": draw(st.integers(1, 2)), "in_camp": draw(st.booleans())}
                  for r in roles]
    state: dict[str, Any] = {
        "phase": phase or draw(st.sampled_from(["event", "morale", "production", "weather",
                                                "night"])),
        "characters": characters, "first_player": draw(st.sampled_from(roles)),
        "available": draw(pile), "future": draw(pile), "shelter": shelter,
        "roof": draw(small) if shelter != "none" else 0,
        "palisade": draw(small) if shelter != "none" else 0,
        "weapon": draw(small), "morale": draw(st.integers(-3, 3)),
        "house_rules": draw(st.fixed_dictionaries({
            "shortfall_hurts_all": st.booleans(), "same_action_gains_pay": st.booleans(),
            "no_shelter_reduction_ignored": st.booleans()})),
        "planned_actions": [{"id": "a1", "action": "build", "pawns": [roles[0]],
                             "assigned": draw(pile)}],
        "tiles": [{"id": 1, "camp": True, "sources": [{"kind": "food",
                                                        "exhausted": draw(st.booleans())}]}],
    }
    helpful = st.sampled_from(HELPFUL)  # what lessens a demand, if used
    state["discovery_tokens"] = draw(st.lists(names.filter(str.strip) | helpful, max_size=2))
    state["treasures"] = draw(st.lists(names.filter(str.strip) | helpful, max_size=1))
    if draw(st.booleans()):  # Poison can be used only with the Pot built
        state["inventions"] = [{"name": "Pot", "built": True}]
    if draw(st.booleans()):
        state["friday"] = {"wounds": draw(st.integers(0, 3)), "determination": draw(small)}
    return state


plain_demands = st.one_of(
    st.builds(lambda f, w, p: {"kind": "discard", "food": f, "wood": w, "fur": p},
              small, small, small).filter(lambda d: d["food"] or d["wood"] or d["fur"]),
    st.builds(lambda t, n: {"kind": "reduce", "track": t, "amount": n},
              st.sampled_from(TRACKS), st.integers(1, 4)),
    st.builds(lambda n: {"kind": "have_weapon", "level": n}, st.integers(1, 5)),
    st.builds(lambda s, n: {"kind": "cover_source", "source": s, "count": n},
              st.sampled_from(["food", "wood"]), st.integers(1, 2)),
    st.builds(lambda t: {"kind": "halve", "target": t},
              st.sampled_from(["food", "wood", "fur", "roof", "palisade", "weapon"])),
    st.builds(lambda n: {"kind": "lower_morale", "amount": n}, st.integers(1, 4)),
)

any_demand = st.one_of(
    plain_demands,
    st.builds(lambda n, w: {"kind": "discard_determination", "amount": n, "who": w},
              st.integers(1, 3), st.sampled_from(["each", "first_player"])),
    st.builds(lambda t, n: {"kind": "increase", "track": t, "amount": n},
              st.sampled_from(TRACKS), st.integers(1, 2)),
    st.builds(lambda s, w, f, p: {"kind": "combat", "strength": s, "weapon_loss": w,
                                  "food": f, "fur": p},
              st.integers(0, 6), st.integers(0, 3), small, small),
    st.builds(lambda r, s: {"kind": "weather_clouds", "rain": r, "snow": s}, small, small),
    st.just({"kind": "night_eating"}),
    st.just({"kind": "night_no_shelter"}),
    st.just({"kind": "lose_pawn", "who": "each"}),
    st.builds(lambda n: {"kind": "wounds", "amount": n}, st.integers(1, 2)),
    st.builds(lambda n, of: {"kind": "discard_any", "amount": n, "of": of}, st.integers(1, 4),
              st.sampled_from([["wood", "food"], ["food", "wood", "fur"],
                               ["nonperishable_food", "wood"]])),
    st.builds(lambda n: {"kind": "discard", "perishable_food": n}, st.integers(1, 3)),
    st.builds(lambda f, w, p: {"kind": "halve_gain", "food": f, "wood": w, "fur": p},
              small, small, small),
    st.builds(lambda n: {"kind": "requirement", "weapon": n}, st.integers(1, 4)),
    st.just({"kind": "move_camp"}),
    st.builds(lambda s, where: {"kind": "cover_source", "source": s, **where},
              st.sampled_from(["any", "food", "wood"]),
              st.sampled_from([{}, {"adjacent": True}, {"at_camp": True}])),
    st.just({"kind": "place_marker", "spaces": ["tile-1", "tile-2"], "marker": "fog"}),
    st.builds(lambda d: {**d, "if_possible": True}, plain_demands),
)


# The demands whose victims a card may name (one figure at the table, drawn per table).
NAMEABLE = ("discard", "reduce", "have_weapon", "wounds", "discard_any", "lose_item",
            "cover_source", "halve")


@st.composite
def requests(draw: Any, demands: Any = any_demand, phase: str | None = None) -> Request:
    state = draw(tables(phase))
    effect = {"demands": draw(st.lists(demands, min_size=1, max_size=3))}
    choices = {"use": draw(st.lists(st.sampled_from(HELPFUL), max_size=2))}
    return Request.model_validate({"state": state, "effect": effect, "choices": choices})


@st.composite
def wide_requests(draw: Any) -> Request:
    """Any table, also in the Action Phase with its resolver, scenario 6's children with little
    food and characters near death, scenario 7's red die, and demands naming their victim."""
    state = draw(tables(draw(st.sampled_from(["event", "morale", "production", "action",
                                              "weather", "night"]))))
    roles = [c["role"] for c in state["characters"]]
    context: dict[str, Any] = {}
    if state["phase"] == "action":
        context["resolver"] = draw(st.sampled_from(roles + (["friday"] if "friday" in state
                                                            else [])))
    demands = draw(st.lists(any_demand, min_size=1, max_size=3))
    setting = draw(st.sampled_from(["plain", "children", "red die", "named"]))
    if setting == "children":  # scenario 6, at Night: little food, characters near death
        state.update(scenario=6, phase="night", round=draw(st.integers(7, 12)),
                     available=draw(st.fixed_dictionaries({
                         "food": st.integers(0, 3), "nonperishable_food": st.integers(0, 2)})))
        context = {}
        for c in state["characters"]:
            c["wounds"] = draw(st.integers(9, 12))
        demands = [{"kind": "children_food"}, {"kind": "night_eating"}, *demands[:1]]
    elif setting == "red die":  # scenario 7: the Palisade may go below 0
        state.update(scenario=7, film_crew=draw(st.lists(st.integers(1, 10), max_size=3,
                                                         unique=True)))
        demands = [{"kind": "s7_palisade", "amount": draw(st.integers(1, 3))}, *demands[:2]]
    elif setting == "named":
        victim = draw(st.sampled_from(roles))
        demands = [{**d, "victims": victim} if d["kind"] in NAMEABLE else d for d in demands]
    choices = {"use": draw(st.lists(st.sampled_from(HELPFUL), max_size=2)),
               "children_first": draw(st.booleans())}
    return Request.model_validate({"state": state, "effect": {"demands": demands},
                                   "context": context, "choices": choices})
