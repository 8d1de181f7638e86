"""The versioned JSON formats: a request (table + effect + context + choices) and its ruling."""

from __future__ import annotations

from typing import Literal

from .base import Value
from .demands import Effect
from .ruling import Choices, Context, Ruling
from .state import Label, TableState

REQUEST_FORMAT = "castaway-referee/request"
FORMAT_VERSION = 1


class Request(Value):
    """One question to the referee: this table, this card effect, this moment."""

    format: Literal["castaway-referee/request"] = "castaway-referee/request"
    version: Literal[1] = 1
    card: Label | None = None  # catalogue id of the card, when picked from the catalogue
    state: TableState
    effect: Effect
    context: Context = Context()
    choices: Choices = Choices()


__all__ = ["FORMAT_VERSION", "REQUEST_FORMAT", "Request", "Ruling"]
