"""What a ruling does to the table besides Wounds, in a player's words: read from the table
before and after it, so that a verdict where no one is wounded still says what happens
("Cook gains 2 Determination tokens", "the players discard 2 food", "the Roof goes from 2 to
1"). Morale and the players' gains are said by the headline itself (telling.py)."""

from __future__ import annotations

from collections.abc import Callable

from .i18n import _, n_
from .state import RESOURCE_KINDS, TableState
from .words import and_chain, card_count, resource_count, track_words

Namer = Callable[[TableState, str], str]


def what_happens(before: TableState, after: TableState, gained: dict[str, int],
                 name: Namer) -> list[str]:
    """Each change to the table, one phrase each, in the order a player would check them:
    the figures, the resources, the tracks, the camp, then the pieces and the cards.
    `gained`: what the players gained by kind (said elsewhere, so not counted as kept);
    `name`: a figure as the table names it."""
    return [*_figures(before, after, name), *_discarded(before, after, gained),
            *_tracks(before, after), *_camp(before, after), *_pieces(before, after),
            *_cards(before, after)]


def _figures(before: TableState, after: TableState, name: Namer) -> list[str]:
    said = []
    for fid in before.figures():
        was, now = before.figure(fid), after.figure(fid) if fid in after.figures() else None
        if now is None:
            continue
        who = name(before, fid)
        tokens = getattr(now, "determination", 0) - getattr(was, "determination", 0)
        if tokens > 0:
            said.append(n_("{who} gains {n} Determination token",
                           "{who} gains {n} Determination tokens", tokens, who=who))
        elif tokens < 0:
            said.append(n_("{who} discards {n} Determination token",
                           "{who} discards {n} Determination tokens", -tokens, who=who))
        if now.wounds < was.wounds:
            said.append(n_("{who} heals {n} Wound", "{who} heals {n} Wounds",
                           was.wounds - now.wounds, who=who))
        pawns = getattr(was, "pawns", 0) - getattr(now, "pawns", 0)
        if pawns > 0:
            said.append(n_("{who} loses {n} Action pawn", "{who} loses {n} Action pawns",
                           pawns, who=who))
        food = getattr(was, "sheet_food", 0) - getattr(now, "sheet_food", 0)
        if food > 0:
            said.append(n_("{who} uses {n} food carried on the character sheet",
                           "{who} uses {n} food carried on the character sheet", food, who=who))
    return said


def _discarded(before: TableState, after: TableState, gained: dict[str, int]) -> list[str]:
    """What left the players' resources (Available and Future), gains allowed for."""
    gone = []
    for kind in RESOURCE_KINDS:
        had = before.available.get(kind) + before.future.get(kind) + gained.get(kind, 0)
        left = had - after.available.get(kind) - after.future.get(kind)
        if left > 0:
            gone.append(resource_count(kind, left))
    return [_("the players discard {what}", what=and_chain(gone))] if gone else []


def _tracks(before: TableState, after: TableState) -> list[str]:
    return [_("the {track} goes from {before} to {after}", track=track_words(track),
              before=getattr(before, track), after=getattr(after, track))
            for track in ("roof", "palisade", "weapon")
            if getattr(before, track) != getattr(after, track)]


def _camp(before: TableState, after: TableState) -> list[str]:
    said = []
    was = next((t.id for t in before.tiles if t.camp), None)
    now = next((t.id for t in after.tiles if t.camp), None)
    if now is not None and now != was:
        said.append(_("the camp moves to tile {tile}", tile=now))
    if before.shelter != "none" and after.shelter == "none":
        said.append(_("the Shelter is lost"))
    return said


def _count(state: TableState) -> tuple[int, int, int]:
    """Sources covered, tokens and markers on the board's spaces."""
    covered = sum(s.exhausted for t in state.tiles for s in t.sources)
    return (covered, sum(len(s.tokens) for s in state.spaces),
            sum(len(s.markers) for s in state.spaces))


def _pieces(before: TableState, after: TableState) -> list[str]:
    (covered, tokens, markers), (covered2, tokens2, markers2) = _count(before), _count(after)
    said = []
    if covered2 > covered:
        said.append(n_("{n} source is covered with a black marker",
                       "{n} sources are covered with a black marker", covered2 - covered))
    if tokens2 > tokens:
        said.append(n_("{n} token is placed", "{n} tokens are placed", tokens2 - tokens))
    if markers2 > markers:
        said.append(n_("{n} marker is placed", "{n} markers are placed", markers2 - markers))
    return said


def _cards(before: TableState, after: TableState) -> list[str]:
    said = []
    flipped = sum(1 for a, b in zip(before.inventions, after.inventions, strict=False)
                  if a.name == b.name and a.built and not b.built)
    if flipped:
        said.append(n_("{n} Item is flipped back to its Invention side",
                       "{n} Items are flipped back to their Invention side", flipped))
    cards = [card_count("invention", len(before.inventions) - len(after.inventions))
             ] if len(after.inventions) < len(before.inventions) else []
    for deck in ("invention_deck", "mystery", "event", "build", "gather", "explore",
                 "hunting"):
        was, now = getattr(before.decks, deck), getattr(after.decks, deck)
        if was is not None and now is not None and now < was:
            cards.append(card_count(deck, was - now))
    if cards:
        said.append(_("the players discard {cards}", cards=and_chain(cards)))
    used = len(before.discovery_tokens) - len(after.discovery_tokens)
    if used > 0:
        said.append(n_("{n} Discovery token is used", "{n} Discovery tokens are used", used))
    gone = len(before.treasures) - len(after.treasures)
    if gone > 0:
        said.append(n_("{n} Treasure is discarded", "{n} Treasures are discarded", gone))
    crew = len(before.film_crew) - len(after.film_crew)
    if crew > 0:
        said.append(n_("{n} film-crew member dies", "{n} film-crew members die", crew))
    return said
