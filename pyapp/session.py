"""The board's session: one table with its log, driven by JSON commands.

Pure Python like the core: the browser bridge holds one `Session` and passes JSON through.
Every command answers `{"ok": true, "snapshot": ..., ...}` or a structured error; a refused
command leaves the session exactly as it was.

Two ways to answer, chosen by the command's `reply` (see `pyapp/service.py` for the
envelope): `"full"` (the default, as before) sends the whole log and history with every
snapshot, so its cost grows with the log; `"changes"` sends the table and only what changed
in the log, so a move costs the same with 3,000 entries as with 3."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import Field

from .api import as_sentence, error_of, read_text
from .rules.base import Value
from .rules.catalogue import catalogue
from .rules.demands import Effect
from .rules.edits import Edit, EditError, describe
from .rules.formats import Request
from .rules.history import EditEntry, History, RulingEntry
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


class Session:
    """One table and its history; commands replace the history, never mutate it."""

    def __init__(self, history: History) -> None:
        self.history: History = history
        self._tables: list[TableState] = history.tables()

    @property
    def table(self) -> TableState:
        return self._tables[self.history.cursor]

    def handle_json(self, text: str) -> str:
        """Run one command given as JSON; answer as JSON. Never raises."""
        try:
            data = read_text(text, "table")
            command = CommandBox.model_validate({"command": data}).command
            answer = self.run(command)
        except Exception as exc:  # every failure is an answer; the session is unchanged
            error = error_of(exc)
            if isinstance(exc, EditError):
                error = {"type": "edit_refused", "message": as_sentence(exc.msg),
                         "details": [{"loc": exc.loc, "msg": exc.msg}]}
            for detail in error["details"]:
                detail["loc"] = detail["loc"].removeprefix("command.")
            return json.dumps({"ok": False, "error": error})
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
            said = command.summary or "; ".join(describe(e) for e in command.edits)
            history, table = self.history.edit(command.edits, printable(said)[:500], self.table)
            self._append(history, table)
        elif isinstance(command, Ask):
            return self._ask(command), True
        elif command.cmd == "undo":
            self.history = self.history.undo()
        elif command.cmd == "redo":
            self.history = self.history.redo()
        elif command.cmd == "catalogue":
            return {"catalogue": catalogue().model_dump(mode="json")}, False
        elif command.cmd == "export":
            return {"history": self.history.model_dump(mode="json")}, False
        return {}, True

    def _ask(self, command: Ask) -> dict[str, Any]:
        request = Request(card=command.card, state=self.table, effect=command.effect,
                          context=command.context, choices=command.choices)
        if command.cmd == "preview":
            return {"ruling": rule(request).model_dump(mode="json")}
        history, ruling = self.history.apply_ruling(request, self.table)
        self._append(history, ruling.state)
        return {"ruling": ruling.model_dump(mode="json")}

    def _set(self, history: History) -> None:
        """Take a whole history: replay it once, keeping the table after every entry."""
        self._tables = history.tables()
        self.history = history

    def _append(self, history: History, table: TableState) -> None:
        """A new entry at the cursor: what was undone is dropped, as in the log. When the log
        was full, its oldest entry went into the starting table (`History.MAX_ENTRIES`)."""
        folded = self.history.cursor + 1 - len(history.entries)
        del self._tables[self.history.cursor + 1:]
        del self._tables[:folded]
        self._tables.append(table)
        self.history = history

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


def _log_line(entry: RulingEntry | EditEntry, applied: bool) -> dict[str, Any]:
    return {"kind": entry.kind, "summary": entry.summary, "card": getattr(entry, "card", None),
            "applied": applied}
