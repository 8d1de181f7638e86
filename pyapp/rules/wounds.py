"""Suffering Wounds: the marker moves, Morale arrows bite, the death space ends the game."""

from __future__ import annotations

from bisect import bisect_right

from .events import SetFigure, SetLevel
from .state import MORALE_MIN, FigureId
from .verdict import Verdict
from .work import Work


def suffer(w: Work, v: Verdict) -> None:
    """Apply the Wounds a verdict owes, victim by victim, in turn order; tally them per figure."""
    shortfall, hurt = v.shortfall, v.hurt
    if not shortfall and not hurt:
        return
    owed = _owed(v)
    if v.why is not None:
        v.say(*v.why)
    _helpers(w, v, owed)
    _summary(v, owed)
    tally = v.ledger.wounds
    for who in owed:
        unfulfilled, other = shortfall.get(who, 0), hurt.get(who, 0)
        arrows, died = _wound(w, v, who, unfulfilled + other)
        found = tally.get(who)
        if found is None:
            tally[who] = [unfulfilled, other, arrows, died]
        else:
            found[0] += unfulfilled
            found[1] += other
            found[2] += arrows
            found[3] = found[3] or died


def _owed(v: Verdict) -> list[FigureId]:
    owing = {**v.shortfall, **v.hurt} if v.hurt else v.shortfall
    return [w for w in v.victims if w in owing] + [w for w in owing if w not in v.victims]


def _helpers(w: Work, v: Verdict, owed: list[FigureId]) -> None:
    """Why Friday, the Dog and Jenny are, or are not, among those who suffer."""
    if "jenny" in owed:
        v.say("R4", "Jenny, rescued, counts as a character.")
    if len(v.victims) > 1 or "jenny" in v.victims:
        if w.state.friday is not None and "friday" not in owed:
            v.say("R2", "Friday is not a character: he does not suffer.")
        if w.state.dog:
            v.say("R3", "The Dog never suffers Wounds.")


def _summary(v: Verdict, owed: list[FigureId]) -> None:
    """One sentence per group of figures suffering the same Wounds."""
    groups: dict[tuple[int, int], list[FigureId]] = {}
    shortfall, hurt = v.shortfall, v.hurt
    for who in owed:
        groups.setdefault((shortfall.get(who, 0), hurt.get(who, 0)), []).append(who)
    for (unfulfilled, other), figures in groups.items():
        names = join(figures)
        each = " each" if len(figures) > 1 else ""
        if unfulfilled:
            v.say("C1", f"{names}{each} suffer{_s(figures)} "
                  f"{plural(unfulfilled, 'Wound')} of unfulfilled demand.")
        if other:
            v.say("G-wound-track", f"{names}{each} suffer{_s(figures)} "
                  f"{plural(other, 'Wound')} {v.hurt_why}.")


def _wound(w: Work, v: Verdict, who: FigureId, n: int) -> tuple[int, bool]:
    """Move one figure's marker `n` spaces: Morale arrows passed, and whether it died."""
    track = w.cards[who].track
    before = w.counter(who, "wounds")
    after = min(before + n, track.death_at)
    v.emit(w, SetFigure(who, "wounds", after))
    arrows = bisect_right(track.morale_arrows, after) - bisect_right(track.morale_arrows, before)
    if arrows:
        morale = w.level("morale")
        lowered = max(MORALE_MIN, morale - arrows)
        v.emit(w, SetLevel("morale", lowered))
        v.say("G-wound-track", f"{who.capitalize()} passes "
              f"{plural(arrows, 'Morale arrow')}: Morale {morale:+d} to {lowered:+d}.")
        if morale - arrows < MORALE_MIN:
            v.say("C8", "Morale is at the lowest level: nothing more happens.")
    died = after >= track.death_at > before
    if died:
        _die(w, v, who)
    return arrows, died


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def join(names: list[FigureId] | list[str]) -> str:
    """'cook', 'cook and soldier', 'cook, soldier and explorer'."""
    words = [str(n).capitalize() for n in names]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _s(figures: list[FigureId]) -> str:
    return "s" if len(figures) == 1 else ""


def _die(w: Work, v: Verdict, who: FigureId) -> None:
    if who == "friday":
        v.say("G-friday-death", "Friday reaches his death space and dies; the game goes on.")
        return
    name = who.capitalize()
    v.lose(w, f"{name} died")
    v.say("G-wound-track", f"{name} reaches the death space and dies: the game is lost.")
