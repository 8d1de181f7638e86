"""Suffering Wounds: the marker moves, Morale arrows bite, the death space ends the game."""

from __future__ import annotations

from bisect import bisect_right

from .events import Event, LoseGame, SetFigure, SetLevel
from .ruling import Step, WoundReport, step
from .state import MORALE_MIN, FigureId
from .verdict import Verdict
from .work import Work


def suffer(w: Work, v: Verdict) -> list[WoundReport]:
    """Apply the Wounds a verdict owes, victim by victim, in turn order."""
    if not v.shortfall and not v.hurt:
        return []
    owed = _owed(v)
    if v.why is not None:
        v.steps.append(v.why)
    v.steps.extend(_helpers(w, v, owed))
    v.steps.extend(_summary(v, owed))
    reports: list[WoundReport] = []
    for who in owed:
        unfulfilled, other = v.shortfall.get(who, 0), v.hurt.get(who, 0)
        events, report, said = _wound(w, who, unfulfilled + other, v.index)
        v.emit(w, *events)
        v.steps.extend(said)
        reports.append(WoundReport(who, unfulfilled, other, *report))
    return reports


def _owed(v: Verdict) -> list[FigureId]:
    owing = {**v.shortfall, **v.hurt}
    return [w for w in v.victims if w in owing] + [w for w in owing if w not in v.victims]


def _helpers(w: Work, v: Verdict, owed: list[FigureId]) -> list[Step]:
    """Why Friday, the Dog and Jenny are, or are not, among those who suffer."""
    said = []
    if "jenny" in owed:
        said.append(step("R4", "Jenny, rescued, counts as a character.", v.index))
    if len(v.victims) > 1 or "jenny" in v.victims:
        if w.state.friday is not None and "friday" not in owed:
            said.append(step("R2", "Friday is not a character: he does not suffer.", v.index))
        if w.state.dog:
            said.append(step("R3", "The Dog never suffers Wounds.", v.index))
    return said


def _summary(v: Verdict, owed: list[FigureId]) -> list[Step]:
    """One sentence per group of figures suffering the same Wounds."""
    groups: dict[tuple[int, int], list[FigureId]] = {}
    for who in owed:
        groups.setdefault((v.shortfall.get(who, 0), v.hurt.get(who, 0)), []).append(who)
    said = []
    for (unfulfilled, other), figures in groups.items():
        names = join(figures)
        each = " each" if len(figures) > 1 else ""
        if unfulfilled:
            said.append(step("C1", f"{names}{each} suffer{_s(figures)} "
                             f"{plural(unfulfilled, 'Wound')} of unfulfilled demand.", v.index))
        if other:
            said.append(step("G-wound-track", f"{names}{each} suffer{_s(figures)} "
                             f"{plural(other, 'Wound')} {v.hurt_why}.", v.index))
    return said


def _wound(w: Work, who: FigureId, n: int, index: int) -> tuple[
        list[Event], tuple[int, bool], list[Step]]:
    track = w.cards[who].track
    before = w.counter(who, "wounds")
    after = min(before + n, track.death_at)
    events: list[Event] = [SetFigure(who, "wounds", after)]
    said: list[Step] = []
    arrows = bisect_right(track.morale_arrows, after) - bisect_right(track.morale_arrows, before)
    if arrows:
        morale = w.level("morale")
        lowered = max(MORALE_MIN, morale - arrows)
        events.append(SetLevel("morale", lowered))
        said.append(step("G-wound-track", f"{who.capitalize()} passes "
                         f"{plural(arrows, 'Morale arrow')}: Morale {morale:+d} to {lowered:+d}.",
                         index))
        if morale - arrows < MORALE_MIN:
            said.append(step("C8", "Morale is at the lowest level: nothing more happens.", index))
    died = after >= track.death_at > before
    if died:
        events_, words = _death(who)
        events.extend(events_)
        said.append(step("G-friday-death" if who == "friday" else "G-wound-track", words, index))
    return events, (arrows, died), said


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def join(names: list[FigureId] | list[str]) -> str:
    """'cook', 'cook and soldier', 'cook, soldier and explorer'."""
    words = [str(n).capitalize() for n in names]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _s(figures: list[FigureId]) -> str:
    return "s" if len(figures) == 1 else ""


def _death(who: FigureId) -> tuple[list[Event], str]:
    if who == "friday":
        return [], "Friday reaches his death space and dies; the game goes on."
    name = who.capitalize()
    return [LoseGame(f"{name} died")], f"{name} reaches the death space and dies: the game is lost."
