"""The board's session: one table with its log, driven by JSON commands.

Pure Python like the core: the browser bridge holds one `Session` and passes JSON through.
Every command answers `{"ok": true, "snapshot": ..., ...}` or a structured error; a refused
command leaves the session exactly as it was."""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import Field

from .api import error_of
from .rules.base import Value
from .rules.catalogue import catalogue
from .rules.demands import Effect
from .rules.edits import Edit, EditError, describe
from .rules.formats import Request
from .rules.history import History
from .rules.referee import rule
from .rules.ruling import Choices, Context
from .rules.state import Label, TableState


class New(Value):
    cmd: Literal["new"] = "new"
    state: TableState


class Load(Value):
    cmd: Literal["load"] = "load"
    history: History


class EditCmd(Value):
    cmd: Literal["edit"] = "edit"
    edits: tuple[Edit, ...] = Field(min_length=1, max_length=50)
    summary: str = Field(default="", max_length=500)


class Ask(Value):
    """Preview a ruling on the current table, or apply it as one undoable step."""

    cmd: Literal["preview", "apply"]
    card: Label | None = None
    effect: Effect
    context: Context = Context()
    choices: Choices = Choices()


class Simple(Value):
    cmd: Literal["undo", "redo", "snapshot", "catalogue"]


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
            command = CommandBox.model_validate({"command": json.loads(text)}).command
            answer = self.run(command)
        except Exception as exc:  # every failure is an answer; the session is unchanged
            error = error_of(exc)
            if isinstance(exc, EditError):
                error = {"type": "edit_refused", "message": exc.msg,
                         "details": [{"loc": exc.loc, "msg": exc.msg}]}
            for detail in error["details"]:
                detail["loc"] = detail["loc"].removeprefix("command.")
            return json.dumps({"ok": False, "error": error})
        return json.dumps({"ok": True, **answer})

    def run(self, command: Any) -> dict[str, Any]:
        if isinstance(command, New):
            self._set(History(initial=command.state))
        elif isinstance(command, Load):
            self._set(command.history)
        elif isinstance(command, EditCmd):
            summary = command.summary or "; ".join(describe(e) for e in command.edits)[:500]
            history, table = self.history.edit(command.edits, summary, self.table)
            self._append(history, table)
        elif isinstance(command, Ask):
            return self._ask(command)
        elif command.cmd == "undo":
            self.history = self.history.undo()
        elif command.cmd == "redo":
            self.history = self.history.redo()
        elif command.cmd == "catalogue":
            return {"catalogue": catalogue().model_dump(mode="json")}
        return {"snapshot": self.snapshot()}

    def _ask(self, command: Ask) -> dict[str, Any]:
        request = Request(card=command.card, state=self.table, effect=command.effect,
                          context=command.context, choices=command.choices)
        if command.cmd == "preview":
            return {"ruling": rule(request).model_dump(mode="json"), "snapshot": self.snapshot()}
        history, ruling = self.history.apply_ruling(request, self.table)
        self._append(history, ruling.state)
        return {"ruling": ruling.model_dump(mode="json"), "snapshot": self.snapshot()}

    def _set(self, history: History) -> None:
        """Take a whole history: replay it once, keeping the table after every entry."""
        self._tables = history.tables()
        self.history = history

    def _append(self, history: History, table: TableState) -> None:
        """A new entry at the cursor: what was undone is dropped, as in the log."""
        self._tables = [*self._tables[: history.cursor], table]
        self.history = history

    def snapshot(self) -> dict[str, Any]:
        """What the board renders, and what autosave keeps."""
        h = self.history
        return {
            "state": self.table.model_dump(mode="json"),
            "log": [{"kind": e.kind, "summary": e.summary, "card": getattr(e, "card", None),
                     "applied": i < h.cursor} for i, e in enumerate(h.entries)],
            "can_undo": h.can_undo(), "can_redo": h.can_redo(),
            "history": h.model_dump(mode="json"),
        }
