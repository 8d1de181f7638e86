"""Reading JSON text from outside, safely: bounded size, nesting depth and number length.

Every JSON way into the core (requests, share links, session commands with imports and
autosaves, widget messages, the command line) reads its text through `read_json`. Before
`json.loads` sees the text, one linear scan (a regular expression, no recursion) counts how
deep `[` and `{` nest outside strings and how long the longest number is. Why before:
Python's JSON parser recurses once per level, and in Pyodide the browser's stack runs out
near 3,000 levels, which kills the interpreter for the rest of the visit; in
CPython the same text is a RecursionError. A number of thousands of digits is refused here
too, in words, rather than with Python's own "Exceeds the limit (4300 digits)".

The limits are far above any real table and far below any danger:
- MAX_DEPTH 64: the deepest real document is an autosave holding a board edit that sets a
  whole character (autosave > snapshot > history > entries > entry > edits > edit > value >
  track > morale_arrows), about 12 levels; 64 leaves five times that, and the interpreter
  copes with 2,500.
- MAX_NUMBER 40 digits in a row: every number of a table fits in 3 digits; 40 still reads any
  float JavaScript writes (at most 17 digits in a row, e.g. -1.2345678901234567e-308).
- MAX_TEXT 2,000,000 characters: a 5,000-entry history (the most a log keeps) of long
  edits; a ruling request is a few kilobytes.
"""

from __future__ import annotations

import json
import operator
import re
from itertools import accumulate, count
from typing import Any

from .rules.errors import RefereeError
from .rules.i18n import N_, _

MAX_DEPTH = 64
MAX_NUMBER = 40
MAX_TEXT = 2_000_000

# Brackets as steps of depth (`{`, `[` one level in; `}`, `]` one out), and the bytes to drop.
_STEPS = bytes.maketrans(b"[{]}", b"\x02\x02\x00\x00")
_NOT_BRACKETS = bytes(range(256)).translate(None, b"[]{}")
_LONG_NUMBER = re.compile("[0-9]{" + str(MAX_NUMBER + 1) + ",}")


class JsonTooBig(RefereeError):
    """Text refused before parsing, with a plain sentence saying why."""

    code = "validation_error"

    def __init__(self, msg: str) -> None:
        super().__init__("", msg)


def outside_strings(text: str) -> str:
    """The text with every JSON string taken out (escaped quotes respected), in C-speed
    steps: escape pairs go first (`\\\\` and `\\"`, left to right as a parser pairs
    them), then every other quote-delimited piece."""
    bare = text.replace("\\\\", "").replace('\\"', "")
    return "".join(bare.split('"')[0::2])


def nesting_depth(text: str) -> int:
    """How deep `[` and `{` nest outside strings: the highest running count, no recursion."""
    brackets = outside_strings(text).encode("utf-8", "replace").translate(None, _NOT_BRACKETS)
    # Level after each bracket: (2 per opening, 0 per closing) summed, less one per bracket.
    levels = map(operator.sub, accumulate(brackets.translate(_STEPS)), count(1))
    return max(levels, default=0)


def too_deep(text: str) -> int:
    """The nesting depth when it is over MAX_DEPTH, else 0 (at once for text that opens
    fewer brackets than that, strings included: every small command)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return 0
    depth = nesting_depth(text)
    return depth if depth > MAX_DEPTH else 0


def longest_number(text: str) -> int:
    """The most digits in a row outside strings when that is over MAX_NUMBER, else 0."""
    if _LONG_NUMBER.search(text) is None:
        return 0
    return max(map(len, _LONG_NUMBER.findall(outside_strings(text))), default=0)


def check_text(text: str, what: str = "request") -> None:
    """Refuse text that is too large, nested too deep, or holds too long a number."""
    if len(text) > MAX_TEXT:
        raise JsonTooBig(_("The {what} is too large ({n} characters; at most {most} are "
                           "allowed).", what=thing(what), n=f"{len(text):,}",
                           most=f"{MAX_TEXT:,}"))
    depth = too_deep(text)
    if depth:
        raise JsonTooBig(_("The {what} is nested {n} deep; at most {most} levels are allowed.",
                           what=thing(what), n=f"{depth:,}", most=MAX_DEPTH))
    digits = longest_number(text)
    if digits:
        raise JsonTooBig(_("A number in the {what} is too long ({n} digits; at most {most}).",
                           what=thing(what), n=f"{digits:,}", most=MAX_NUMBER))


# What a text from outside is, as a message names it.
THINGS = {"request": N_("request"), "link": N_("link"), "table": N_("table"),
          "language choice": N_("language choice"), "search": N_("search")}


def thing(what: str) -> str:
    """What a text is, in the active language ("request")."""
    return _(THINGS[what]) if what in THINGS else what


def read_json(text: str | bytes, what: str = "request") -> Any:
    """Parse JSON text from outside: JsonTooBig if it breaks a limit, ValueError if it is
    not JSON (UnicodeDecodeError, a ValueError, for bytes that are not UTF-8)."""
    if isinstance(text, bytes | bytearray):
        text = bytes(text).decode("utf-8")
    check_text(text, what)
    return json.loads(text)
