"""Everything the page asks of Python, by name: JSON text in, a JSON envelope out.

The browser bridge hands `Service.call` to JavaScript; nothing here touches the browser.
Every answer is `{"ok": true, ...}` or `{"ok": false, "error": {...}}`; nothing raises."""

from __future__ import annotations

import json
from collections.abc import Callable

from .api import error_of, parse_request, rule_json
from .links import LinkError, decode, encode
from .rules.catalogue import catalogue
from .rules.clauses import CLAUSES
from .rules.faq import faq
from .rules.history import History
from .rules.state import TableState
from .session import Session

# A table to start from before the players have set theirs up: two characters, round 1.
STARTING_TABLE = TableState.model_validate({
    "characters": [{"role": "cook"}, {"role": "explorer"}], "first_player": "cook"})


class Service:
    """One page's rules service: stateless calls, plus the board's session."""

    def __init__(self) -> None:
        self.session = Session(History(initial=STARTING_TABLE))
        self._methods: dict[str, Callable[[str], str]] = {
            "rule": rule_json,
            "session": self.session.handle_json,
            "link_encode": _link_encode,
            "link_decode": _link_decode,
            "catalogue": lambda _text: '{"ok":true,"catalogue":' + catalogue_json() + "}",
            "faq": lambda _text: '{"ok":true,"faq":' + faq().model_dump_json() + "}",
            "clauses": lambda _text: json.dumps({"ok": True, "clauses": {
                cid: c.model_dump() for cid, c in CLAUSES.items()}}),
        }

    def call(self, method: str, text: str) -> str:
        handler = self._methods.get(str(method))
        if handler is None:
            return _error("unknown_method", f"there is no method {method!r}")
        try:
            return handler(str(text))
        except Exception as exc:  # the handlers answer errors themselves; this is a backstop
            return json.dumps({"ok": False, "error": error_of(exc)})


def catalogue_json() -> str:
    return catalogue().model_dump_json()


def _link_encode(text: str) -> str:
    try:
        link = encode(parse_request(text))
    except Exception as exc:
        return json.dumps({"ok": False, "error": error_of(exc)})
    return json.dumps({"ok": True, "link": link})


def _link_decode(text: str) -> str:
    try:
        request = decode(text)
    except LinkError as exc:
        return _error(f"link_{exc.kind}", exc.msg)
    return '{"ok":true,"request":' + request.model_dump_json() + "}"


def _error(kind: str, message: str) -> str:
    return json.dumps({"ok": False, "error": {"type": kind, "message": message,
                                              "details": [{"loc": "", "msg": message}]}})
