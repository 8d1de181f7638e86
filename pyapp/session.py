"""The board's session: one table with its log, driven by JSON commands.

Pure Python like the core: the browser bridge holds one `Session` and passes JSON through.
Every command answers `{"ok": true, "snapshot": ..., ...}` or a structured error; a refused
command leaves the session exactly as it was.

Two ways to answer, chosen by the command's `reply` (see `pyapp/service.py` for the
envelope): `"full"` (the default) sends the whole log and history with every
snapshot, so its cost grows with the log; `"changes"` sends the table and only what changed
in the log, so a move costs the same with 3,000 entries as with 3."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import Field

from .api import read_text
from .envelope import error_json
from .rules import i18n
from .rules.base import Value
from .rules.catalogue import catalogue_in
from .rules.demands import Effect
from .rules.edits import Edit, describe
from .rules.formats import Request
from .rules.history import EditEntry, History, RulingEntry, play
from .rules.plain import printable
from .rules.referee import rule
from .rules.ruling import Choices, Context
from .rules.state import Label, Summary, TableState, at_most

Reply = Literal["full", "changes"]
Change = Literal["whole", "append", "moved"]


class CommandBase(Value):
    """What every command may say: how much of the log the answer carries."""

    reply: Reply = "full"


class New(CommandBase):
    cmd: Literal["new"] = "new"
    state: TableState


class Load(CommandBase):
    cmd: Literal["load"] = "load"
    history: History


class EditCmd(CommandBase):
    cmd: Literal["edit"] = "edit"
    edits: tuple[Edit, ...] = at_most(50, min_length=1)
    summary: Summary = ""


class Ask(CommandBase):
    """Preview a ruling on the current table, or apply it as one undoable step."""

    cmd: Literal["preview", "apply"]
    card: Label | None = None
    effect: Effect
    context: Context = Context()
    choices: Choices = Choices()


class Simple(CommandBase):
    cmd: Literal["undo", "redo", "snapshot", "catalogue", "export"]


Command = Annotated[New | Load | EditCmd | Ask | Simple, Field(discriminator="cmd")]


class CommandBox(Value):
    command: Command


# Tables a session keeps: the last RECENT (undo, redo), then one in every CHECKPOINT. A log of
# 5,000 entries would otherwise hold 5,000 tables (about 50 MB in CPython for 3,000).
RECENT, CHECKPOINT = 200, 25


class Session:
    """One table and its history; commands replace the history, never mutate it."""

    def __init__(self, history: History) -> None:
        self.history: History = history
        self._tables: dict[int, TableState] = {}
        self._replayed = False  # tables replayed since the last pruning (`_forget`)
        self._set(history)

    @property
    def table(self) -> TableState:
        return self.table_at(self.history.cursor)

    def table_at(self, index: int) -> TableState:
        """The table after `index` entries of the log. Kept: the last RECENT tables and one
        in every CHECKPOINT before them; any other is replayed from the closest kept one
        before it (at most CHECKPOINT - 1 entries) and kept until the next move."""
        found = self._tables.get(index)
        if found is not None:
            return found
        start = max((i for i in self._tables if i < index), default=0)
        table = self._tables.get(start, self.history.initial)
        for i in range(start, index):
            table = play(table, self.history.entries[i])
            self._tables[i + 1] = table
        self._replayed = True
        return table

    def _forget(self) -> None:
        """Keep the tables the memory bound allows: all of the last RECENT, and before them
        the first kept one of every CHECKPOINT entries (a fold shifts them all by one, so
        they stay apart)."""
        newest = len(self.history.entries)
        kept: dict[int, TableState] = {}
        buckets: set[int] = set()
        for i in sorted(self._tables):
            if i > newest - RECENT or i // CHECKPOINT not in buckets:
                kept[i] = self._tables[i]
                buckets.add(i // CHECKPOINT)
        self._tables = kept
        self._replayed = False

    def _forget_one(self, old: int) -> None:
        """The table that has just left the last RECENT: kept only as its bucket's checkpoint."""
        bucket = range(old - old % CHECKPOINT, old - old % CHECKPOINT + CHECKPOINT)
        if old in self._tables and any(i in self._tables for i in bucket if i != old):
            del self._tables[old]

    def handle_json(self, text: str) -> str:
        """Run one command given as JSON; answer as JSON. Never raises."""
        try:
            data = read_text(text, "table")
            command = CommandBox.model_validate({"command": data}).command
            answer = self.run(command)
        except Exception as exc:  # every failure is an answer; the session is unchanged
            return error_json(exc, root="command")  # places inside the command, as sent
        return json.dumps({"ok": True, **answer})

    def run(self, command: Any) -> dict[str, Any]:
        """Run one command; the answer as the command's `reply` asks."""
        before = self.history
        answer, with_snapshot = self._run(command)
        if not with_snapshot:
            return answer
        if command.reply == "full":
            return {**answer, "snapshot": self.snapshot()}
        how: Change = ("whole" if isinstance(command, New | Load) or command.cmd == "snapshot"
                       else "append" if command.cmd in ("edit", "apply") else "moved")
        return {**answer, "snapshot": self.lean_snapshot(),
                "changes": self.changes(before, how)}

    def _run(self, command: Any) -> tuple[dict[str, Any], bool]:
        """Carry out a command: what it answers besides the snapshot, and whether the
        answer has a snapshot."""
        if isinstance(command, New):
            self._set(History(initial=command.state))
        elif isinstance(command, Load):
            self._set(command.history)
        elif isinstance(command, EditCmd):
            said = command.summary or "; ".join(describe(e, self.table) for e in command.edits)
            history, table = self.history.edit(command.edits, printable(said)[:500], self.table)
            self._append(history, table)
        elif isinstance(command, Ask):
            return self._ask(command), True
        elif command.cmd == "undo":
            self.history = self.history.undo()
        elif command.cmd == "redo":
            self.history = self.history.redo()
        elif command.cmd == "catalogue":
            return {"catalogue": catalogue_in(i18n.current()).model_dump(mode="json")}, False
        elif command.cmd == "export":
            return {"history": self.history.model_dump(mode="json")}, False
        return {}, True

    def _ask(self, command: Ask) -> dict[str, Any]:
        request = Request(card=command.card, state=self.table, effect=command.effect,
                          context=command.context, choices=command.choices)
        if command.cmd == "preview":
            ruled = self.ruled(command)
            if ruled["applied"]:
                # This very demand is the last step in effect: the table already shows it.
                # Answer the ruling as it was applied (on the table it found), and say so.
                found = request.evolve(state=self.table_at(self.history.cursor - 1))
                return {"ruling": rule(found).model_dump(mode="json"), "applied": True,
                        "table_before": found.state.model_dump(mode="json"), "ruled": ruled}
            return {"ruling": rule(request).model_dump(mode="json"), "applied": False,
                    "ruled": ruled}
        history, ruling = self.history.apply_ruling(request, self.table)
        self._append(history, ruling.state)
        return {"ruling": ruling.model_dump(mode="json"), "ruled": self.ruled(command)}

    def ruled(self, command: Ask) -> dict[str, Any]:
        """What the log says of this demand: `at`, the index of the last step in effect that
        applied it (the same demand and choices, the card's name aside), or None; `applied`,
        it is the last step in effect with the same who-resolves too (the table shows it,
        and it is never offered a second time); `stale`, it was applied and the table has
        changed since (later steps are in effect)."""
        h = self.history
        at = next((i for i in range(h.cursor - 1, -1, -1)
                   if _same_demand(h.entries[i], command)), None)
        last = at is not None and at == h.cursor - 1
        return {"at": at, "applied": last and _same_context(h.entries[h.cursor - 1], command),
                "stale": at is not None and not last}

    def _set(self, history: History) -> None:
        """Take a whole history: replay it once, keeping the tables `_forget` allows."""
        self.history = history
        self._tables, self._replayed = {}, False
        table = history.initial
        for i, entry in enumerate(history.entries, start=1):
            table = play(table, entry)
            if i > len(history.entries) - RECENT or i % CHECKPOINT == 0:
                self._tables[i] = table

    def _append(self, history: History, table: TableState) -> None:
        """A new entry at the cursor: what was undone is dropped, as in the log. When the log
        was full, its oldest entry went into the starting table (`History.MAX_ENTRIES`)."""
        cursor = self.history.cursor
        folded = cursor + 1 - len(history.entries)
        if folded or cursor < len(self.history.entries) or self._replayed:
            self._tables = {i - folded: t for i, t in self._tables.items()
                            if folded < i <= cursor}
            self._tables[len(history.entries)] = table
            self.history = history
            self._forget()
            return
        self._tables[len(history.entries)] = table  # the usual move: one table in, one out
        self.history = history
        self._forget_one(len(history.entries) - RECENT)

    def snapshot(self) -> dict[str, Any]:
        """What the board renders, and what autosave keeps: the whole log and history."""
        h = self.history
        return {
            "state": self.table.model_dump(mode="json"),
            "log": [_log_line(e, i < h.cursor) for i, e in enumerate(h.entries)],
            "can_undo": h.can_undo(), "can_redo": h.can_redo(),
            "history": h.model_dump(mode="json"),
        }

    def lean_snapshot(self) -> dict[str, Any]:
        """What the board renders, without the log: its cost does not grow with the log."""
        h = self.history
        return {"state": self.table.model_dump(mode="json"), "can_undo": h.can_undo(),
                "can_redo": h.can_redo(), "cursor": h.cursor, "length": len(h.entries)}

    def changes(self, before: History, how: Change) -> dict[str, Any]:
        """How the log went from `before` to now, for a copy kept elsewhere (the autosave).

        A copy is brought up to date by: take `initial` if given; drop the first `dropped`
        entries; keep the first `keep` of those left; append `entries`; set `cursor`. Then it
        has `length` entries. `how`: "whole" (new, load, snapshot: everything, from the
        start), "append" (one entry at the old cursor; the oldest folded into the starting
        table if the log was full) or "moved" (undo, redo, preview: only the cursor)."""
        h = self.history
        dropped, keep = 0, len(h.entries)
        if how == "whole":
            keep = 0
        elif how == "append":
            dropped = before.cursor + 1 - len(h.entries)
            keep = before.cursor - dropped
        added = h.entries[keep:]
        found: dict[str, Any] = {
            "dropped": dropped, "keep": keep, "cursor": h.cursor, "length": len(h.entries),
            "entries": [e.model_dump(mode="json") for e in added],
            "log": [_log_line(e, keep + i < h.cursor) for i, e in enumerate(added)]}
        if how == "whole" or h.initial is not before.initial:
            found["initial"] = h.initial.model_dump(mode="json")
        return found


def _same_demand(entry: RulingEntry | EditEntry, command: Ask) -> bool:
    """Whether a log entry applied the command's demand: its demands and its choices (the
    effect's label, the card's name, aside)."""
    return (isinstance(entry, RulingEntry) and entry.choices == command.choices
            and entry.effect.model_copy(update={"label": ""})
            == command.effect.model_copy(update={"label": ""}))


def _same_context(entry: RulingEntry | EditEntry, command: Ask) -> bool:
    return isinstance(entry, RulingEntry) and entry.context == command.context


def _log_line(entry: RulingEntry | EditEntry, applied: bool) -> dict[str, Any]:
    return {"kind": entry.kind, "summary": entry.summary, "card": getattr(entry, "card", None),
            "applied": applied}
