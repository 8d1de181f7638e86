"""Typed errors: the one family of refusals the referee makes on purpose.

Every error raised to say "this input cannot be ruled on, read or applied" derives from
`RefereeError`: it carries the error's `code` for programs, the place in the input it
concerns and what is wrong. `pyapp.envelope` turns any of them, as it is, into the JSON
error the page receives; anything else raised is a fault of the referee's own."""

from __future__ import annotations

from .plain import as_sentence, one_line


class RefereeError(ValueError):
    """A refusal: `code` names its kind ("ruling_error"), `loc` the place in the input it
    concerns ("context.resolver"; "" for the input as a whole), `msg` what is wrong."""

    code = "refused"

    def __init__(self, loc: str, msg: str) -> None:
        super().__init__(f"{loc}: {msg}" if loc else msg)
        self.loc = loc
        self.msg = msg

    @property
    def message(self) -> str:
        """What a player reads: one line of plain words, no field path."""
        return one_line(self.msg)


class RulingError(RefereeError):
    """The request is well formed but cannot be ruled on as it stands."""

    code = "ruling_error"


class EditError(RefereeError):
    """A change the table does not allow, with the place it concerns."""

    code = "edit_refused"

    @property
    def message(self) -> str:
        return as_sentence(self.msg)


class SearchError(RefereeError):
    """A card search the catalogue cannot answer (a deck filter it does not have)."""

    code = "request_error"
