"""Suffering Wounds: the marker moves, Morale arrows bite, the death space ends the game."""

from __future__ import annotations

from bisect import bisect_right

from .events import MoveWounds, SetLevel
from .i18n import _, n_
from .state import MORALE_MAX, MORALE_MIN, FigureId
from .verdict import Verdict
from .words import and_list, role_name
from .work import Work


def suffer(w: Work, v: Verdict) -> None:
    """Apply the Wounds a verdict owes (it owes some), victim by victim, in turn order; tally
    them per figure."""
    owed = _owed(v)
    if v.why is not None:
        v.say(*v.why)
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


# The rules naming the victims of the Weather and of the Night itself (eating, a night without a
# Shelter): R2's house part leaves Friday out of those. Any other effect on all characters, a
# card's own included, leaves him out by R2's derived part, in whichever phase it comes.
_WEATHER_NIGHT = frozenset({"R10", "G-night-eat", "G-night-shelter"})


def _helpers(w: Work, v: Verdict, owed: list[FigureId]) -> None:
    """Why Friday, the Dog and Jenny are, or are not, among those who suffer."""
    if "jenny" in owed:
        v.say("R4", _("Jenny, rescued, counts as a character."))
    if len(v.victims) > 1 or "jenny" in v.victims:
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
        if unfulfilled:
            v.say("C1", _suffer(names, len(figures), n_(
                "{n} Wound of unfulfilled demand", "{n} Wounds of unfulfilled demand",
                unfulfilled)))
        if other:
            v.say("G-wound-track", _suffer(names, len(figures), n_(
                "{n} Wound {why}", "{n} Wounds {why}", other, why=v.hurt_why)))


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
        v.say("G-friday-death", _("Friday reaches his death space and dies; his death does not "
                                  "lose the game."))
        return
    name = role_name(who)
    v.lose(w, _("{who} died", who=name))
    v.say("G-wound-track", _("{who} reaches the death space and dies: the game is lost.",
                             who=name))
