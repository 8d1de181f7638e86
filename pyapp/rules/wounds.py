"""Suffering Wounds: the marker moves, Morale arrows bite, the death space ends the game."""

from __future__ import annotations

from bisect import bisect_right

from .events import MoveWounds, SetLevel
from .i18n import _, n_
from .state import FRIDAY_TRACK, MORALE_MAX, MORALE_MIN, FigureId
from .verdict import Verdict
from .victims import names_a_group
from .words import and_list, role_name
from .work import Work


def suffer(w: Work, v: Verdict) -> None:
    """Apply the Wounds a verdict owes (it owes some), victim by victim, in turn order; tally
    them per figure."""
    owed = _owed(v)
    victims = v.victims
    # The rule naming the victims is said when they all suffer. When only some do (one who is
    # short, R1; one who goes hungry, C15; the one who used the Saber), the steps naming those
    # say who suffers, and the group's rule would say more than happened.
    if v.why is not None and victims and set(victims) <= set(owed):
        cite, text, sure = v.why
        v.say(cite, text, sure, names=victims)
    _helpers(w, v, owed)
    _summary(v, owed)
    _move_markers(w, v, owed)


def _owed(v: Verdict) -> list[FigureId]:
    """Who suffers: the victims in turn order, then anyone else the demand hurt."""
    victims = v.victims
    owing = {**v.shortfall, **v.hurt} if v.hurt else v.shortfall
    owed = [w for w in victims if w in owing]
    if len(owed) < len(owing):
        owed += [w for w in owing if w not in victims]
    return owed


# The rules naming the victims of the Weather and of Night eating: R2's house part leaves Friday
# out of those (rulings.md, "How sure each ruling is", R2: "weather and Night eating: house").
# Any other effect on all characters leaves him out by R2's derived part, in whichever phase it
# comes: a card's own, and the Night without a Shelter too, whose Wound hits "each character"
# (Friday is not a character, stated: so sparing him follows from the rules, derived).
_WEATHER_NIGHT = frozenset({"R10", "G-night-eat"})


def _helpers(w: Work, v: Verdict, owed: list[FigureId]) -> None:
    """Why Friday, the Dog and Jenny are, or are not, among those who suffer."""
    if "jenny" in owed:
        v.say("R4", _("Jenny, rescued, counts as a character."))
    if names_a_group(v.why) or len(v.victims) > 1 or "jenny" in v.victims:
        if w.state.friday is not None and "friday" not in owed:
            named_by = v.why[0] if v.why is not None else None
            part = "R2.weather-night" if named_by in _WEATHER_NIGHT else "R2.events"
            v.say(part, _("Friday is not a character: he does not suffer."))
        if w.state.dog:
            v.say("R3", _("The Dog never suffers Wounds."))


def _summary(v: Verdict, owed: list[FigureId]) -> None:
    """One sentence per group of figures suffering the same Wounds."""
    shortfall, hurt = v.shortfall, v.hurt
    groups: dict[tuple[int, int], list[FigureId]] = {}
    if not hurt and len(set(shortfall.values())) == 1:  # the usual case: all suffer alike
        groups[next(iter(shortfall.values())), 0] = owed
    else:
        for who in owed:
            groups.setdefault((shortfall.get(who, 0), hurt.get(who, 0)), []).append(who)
    for (unfulfilled, other), figures in groups.items():
        names = join(figures)
        named = tuple(figures)
        if unfulfilled:
            v.say("C1", _suffer(names, len(figures), n_(
                "{n} Wound of unfulfilled demand", "{n} Wounds of unfulfilled demand",
                unfulfilled)), names=named, deals=unfulfilled)
        if other:  # cited by the rule that deals them (hunger, the fight, the card ...)
            v.say(v.hurt_cite, _suffer(names, len(figures), n_(
                "{n} Wound {why}", "{n} Wounds {why}", other, why=v.hurt_why)), names=named,
                deals=other)


def _suffer(names: str, count: int, wounds: str) -> str:
    """"Cook suffers 1 Wound …", "Cook and Soldier each suffer 2 Wounds …"."""
    return n_("{names} suffers {wounds}.", "{names} each suffer {wounds}.", count, names=names,
              wounds=wounds)


def _move_markers(w: Work, v: Verdict, owed: list[FigureId]) -> None:
    """Move each figure's marker by the Wounds it is owed: Morale arrows passed bite, the death
    space kills; tally what each figure suffered."""
    shortfall, hurt, tally, cards = v.shortfall, v.hurt, v.ledger.wounds, w.cards
    markers: list[tuple[FigureId, int]] = []
    for who in owed:
        unfulfilled, other = shortfall.get(who, 0), hurt.get(who, 0)
        track = cards[who].track
        death_at = track.death_at
        before = w.counter(who, "wounds")
        after = before + unfulfilled + other
        if after > death_at:
            after = death_at
        markers.append((who, after))
        passed = track.morale_arrows
        arrows = bisect_right(passed, after) - bisect_right(passed, before) if passed else 0
        if arrows:
            _lower_morale(w, v, who, arrows)
        died = after >= death_at > before
        if died:
            _die(w, v, who)
        found = tally.get(who)
        if found is None:
            tally[who] = [unfulfilled, other, arrows, died]
        else:
            found[:] = (found[0] + unfulfilled, found[1] + other, found[2] + arrows,
                        found[3] or died)
    w.apply(MoveWounds(tuple(markers)))


def _lower_morale(w: Work, v: Verdict, who: FigureId, arrows: int) -> None:
    """Each Morale arrow passed lowers Morale by 1, down to the bottom of the track."""
    morale = w.level("morale")
    lowered = max(MORALE_MIN, morale - arrows)
    w.apply(SetLevel("morale", lowered))
    v.say("G-wound-track", n_("{who} passes {n} Morale arrow: Morale {level} to {new}.",
                              "{who} passes {n} Morale arrows: Morale {level} to {new}.",
                              arrows, who=role_name(who), level=SIGNED[morale],
                              new=SIGNED[lowered]))
    if morale - arrows < MORALE_MIN:
        v.say("C8", _("Morale is at the lowest level: nothing more happens."))


def join(names: list[FigureId]) -> str:
    """'Cook', 'Cook and Soldier', 'Cook, Soldier and Explorer'."""
    return and_list([role_name(n) for n in names])


SIGNED: dict[int, str] = {n: f"{n:+d}" for n in range(MORALE_MIN, MORALE_MAX + 1)}  # Morale


def _die(w: Work, v: Verdict, who: FigureId) -> None:
    if who == "friday":
        if w.cards["friday"].track == FRIDAY_TRACK:  # the app's default track, not the table's
            v.say("G-friday-track", _("Friday's track ends at {n} Wounds: this app's default, "
                                      "since no rule text gives the number (one public "
                                      "implementation of the game draws his track so).",
                                      n=FRIDAY_TRACK.death_at))
        v.say("G-friday-death", _("Friday reaches his death space and dies; his death does not "
                                  "lose the game."))
        return
    name = role_name(who)
    v.lose(w, _("{who} died", who=name), "G-wound-track")
    v.say("G-wound-track", _("{who} reaches the death space and dies: the game is lost.",
                             who=name), names=(who,))
