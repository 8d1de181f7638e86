"""The game log: an append-only list of applied rulings and board edits, with undo and redo.

The table is never stored twice: it is the initial table with the log replayed up to the
cursor. Undo moves the cursor back, redo forward; a new entry drops what was undone."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .base import Value
from .demands import Effect
from .edits import Edit, apply_edits
from .formats import Request
from .i18n import _, n_
from .referee import rule
from .ruling import Choices, Context, Ruling
from .state import Label, Summary, TableState, at_most
from .words import role_name


class RulingEntry(Value):
    """A ruling applied to the table: replaying it rules again on the table it found."""

    kind: Literal["ruling"] = "ruling"
    card: Label | None = None
    effect: Effect
    context: Context = Context()
    choices: Choices = Choices()
    summary: Summary = ""


class EditEntry(Value):
    """A board edit: the players set the table as it is in front of them."""

    kind: Literal["edit"] = "edit"
    edits: tuple[Edit, ...] = at_most(50, min_length=1)
    summary: Summary = ""


Entry = Annotated[RulingEntry | EditEntry, Field(discriminator="kind")]


# The most entries a log keeps. A long campaign evening is a few hundred; past this, each new
# entry folds the oldest into the starting table (it can no longer be undone), so a log
# never grows without bound and a table is never refused for being played too long.
MAX_ENTRIES = 5_000


class History(Value):
    """The initial table, the log, and how much of the log is in effect."""

    initial: TableState
    entries: tuple[Entry, ...] = at_most(MAX_ENTRIES, default=())
    cursor: int = Field(default=0, ge=0, le=MAX_ENTRIES)

    @model_validator(mode="after")
    def _cursor_on_log(self) -> History:
        if self.cursor > len(self.entries):
            raise ValueError(_("the log position ({cursor}) is past the end of the log ({n} "
                               "entries)", cursor=self.cursor, n=len(self.entries)))
        return self

    def table(self) -> TableState:
        """The table as it stands: the initial one with the log replayed to the cursor."""
        return self.tables()[self.cursor]

    def tables(self) -> list[TableState]:
        """The table before the log and after each entry of it: replaying the whole log."""
        found = [self.initial]
        for entry in self.entries:
            found.append(play(found[-1], entry))
        return found

    def apply_ruling(self, request: Request,
                     table: TableState | None = None) -> tuple[History, Ruling]:
        """Rule on a request against the current table and append it as one undoable step.

        `table`, when given, is the current table the caller already holds (no replay)."""
        ruling = rule(request.evolve(state=table if table is not None else self.table()))
        entry = RulingEntry(card=request.card, effect=request.effect, context=request.context,
                            choices=request.choices, summary=summarise(ruling))
        return self._append(entry), ruling

    def edit(self, edits: tuple[Edit, ...], summary: str,
             table: TableState | None = None) -> tuple[History, TableState]:
        """Apply board edits to the current table as one undoable step (EditError if refused)."""
        new_table = apply_edits(table if table is not None else self.table(), edits)
        return self._append(EditEntry(edits=edits, summary=summary)), new_table

    def can_undo(self) -> bool:
        return self.cursor > 0

    def can_redo(self) -> bool:
        return self.cursor < len(self.entries)

    def undo(self) -> History:
        return self._at(self.cursor - 1) if self.can_undo() else self

    def redo(self) -> History:
        return self._at(self.cursor + 1) if self.can_redo() else self

    def _at(self, cursor: int) -> History:
        """The same log with the cursor moved (on the log: the callers check), unvalidated
        for the reason `_grown` gives."""
        return History.model_construct(initial=self.initial, entries=self.entries,
                                       cursor=cursor)

    def _append(self, entry: RulingEntry | EditEntry) -> History:
        """A new entry at the cursor (what was undone is dropped). A full log first folds its
        oldest entry into the starting table: one replay, whatever the log's length."""
        kept = self.entries[: self.cursor]
        if len(kept) < MAX_ENTRIES:
            return self._grown(self.initial, (*kept, entry))
        return self._grown(play(self.initial, kept[0]), (*kept[1:], entry))

    def _grown(self, initial: TableState, entries: tuple[RulingEntry | EditEntry, ...]) -> History:
        """The log with a new last entry, the cursor after it. Built without validating again:
        every part is a validated value already and the cursor is on the log by construction,
        while `evolve` would check all 3,000 old entries again on every move."""
        return History.model_construct(initial=initial, entries=entries, cursor=len(entries))


def play(state: TableState, entry: RulingEntry | EditEntry) -> TableState:
    """Replay one log entry on a table."""
    if isinstance(entry, EditEntry):
        return apply_edits(state, entry.edits)
    request = Request(state=state, effect=entry.effect, context=entry.context,
                      choices=entry.choices)
    return rule(request).state


def summarise(ruling: Ruling) -> str:
    """One line for the log, in plain words: "Cook: 1 Wound; Morale -1"."""
    parts = [_wounds_line(w.figure, w.unfulfilled + w.other) for w in ruling.wounds]
    if ruling.morale_change:
        parts.append(_("Morale {change}", change=f"{ruling.morale_change:+d}"))
    if ruling.unfulfilled:
        units = ruling.unfulfilled_units  # in the players' words, then the rule's term
        parts.append(_("{units} of what was demanded could not be paid (unfulfilled demand)",
                       units=units))
    if ruling.game_lost:
        parts.append(_("the game is lost: {reason}", reason=ruling.lost_reason))
    return "; ".join(parts) or _("paid in full")


def _wounds_line(figure: str, wounds: int) -> str:
    return n_("{who}: {n} Wound", "{who}: {n} Wounds", wounds, who=role_name(figure))
