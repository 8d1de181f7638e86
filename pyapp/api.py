"""JSON in, JSON out: the one door to the rules core for the CLI, the page and other sites.

Nothing here raises: every answer is an envelope, `{"ok": true, ...}` or
`{"ok": false, "error": {"type", "message", "details": [{"loc", "msg"}]}}`."""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

from .reading import JsonTooBig, read_json
from .rules import Request, rule
from .rules.errors import RefereeError
from .rules.formats import FORMAT_VERSION, REQUEST_FORMAT
from .rules.plain import plain_message, safe

MAX_DETAILS = 20  # problems listed in an error's details; the message counts them all


class RequestError(RefereeError):
    """A request that cannot be read: bad JSON, or another format or version. Its `code`
    says which ("invalid_json", "unsupported_version", ...)."""

    def __init__(self, code: str, loc: str, msg: str) -> None:
        super().__init__(loc, msg)
        self.code = code


def parse_request(text: str | bytes) -> Request:
    """Read a request, naming the first thing that is wrong with it."""
    return request_from(read_text(text, "request"))


def read_text(text: str | bytes, what: str) -> Any:
    """JSON text from outside, bounded (pyapp.reading); RequestError says what is wrong."""
    try:
        return read_json(text, what)
    except JsonTooBig as exc:
        raise RequestError("validation_error", "", exc.msg) from None
    except UnicodeDecodeError:
        raise RequestError("invalid_json", "", f"The {what} is not UTF-8 text.") from None
    except ValueError as exc:
        raise RequestError("invalid_json", "", f"The {what} is not valid JSON "
                           f"({json_problem(exc)}).") from None


def json_problem(exc: ValueError) -> str:
    """json's complaint, in one line: "Expecting value: line 1 column 1 (char 0)"."""
    if isinstance(exc, json.JSONDecodeError):
        return f"{exc.msg.lower()} at line {exc.lineno}, column {exc.colno}"
    return safe(str(exc).split("\n")[0], 80)


def request_from(data: Any) -> Request:
    if not isinstance(data, dict):
        raise RequestError("validation_error", "", "A request is a JSON object {…}, with "
                           "a table and an effect.")
    if data.get("format", REQUEST_FORMAT) != REQUEST_FORMAT:
        raise RequestError("unsupported_format", "format", "This is not a Castaway Referee "
                           f"request (its format is {shown(data.get('format'))}).")
    version = data.get("version", FORMAT_VERSION)
    if version != FORMAT_VERSION:
        raise RequestError("unsupported_version", "version", f"This referee reads requests "
                           f"of version {FORMAT_VERSION}, not {shown(version)}.")
    return Request.model_validate(data)


def rule_json(text: str) -> str:
    """Rule on a request given as JSON; answer with the ruling or a structured error."""
    try:
        ruling = rule(parse_request(text))
    except Exception as exc:  # every failure becomes an answer, never an exception
        return json.dumps({"ok": False, "error": error_of(exc)})
    return '{"ok":true,"ruling":' + ruling.model_dump_json() + "}"


def error_of(exc: BaseException) -> dict[str, Any]:
    """A structured error naming what is wrong, for people and for programs."""
    if isinstance(exc, ValidationError):
        errors = exc.errors(include_url=False, include_input=False)
        details = [{"loc": loc_text(e["loc"]), "msg": e["msg"]} for e in errors[:MAX_DETAILS]]
        return {"type": "validation_error", "message": plain_message(errors),
                "details": details}
    if isinstance(exc, RefereeError):  # said as it is: plain words, no path
        return {"type": exc.code, "message": exc.message,
                "details": [{"loc": exc.loc, "msg": exc.msg}]}
    # A fault of the referee's own: said plainly; what Python said stays in the details.
    said = f"{type(exc).__name__}: {safe(str(exc), 200)}"
    return {"type": "internal_error", "message": "The referee failed on this input; "
            "nothing was changed. Please report it.", "details": [{"loc": "", "msg": said}]}


def shown(value: Any) -> str:
    """A value from the input, quoted for a message ("empty" for JSON's null)."""
    return "empty" if value is None else f"“{safe(str(value))}”"


def loc_text(loc: tuple[int | str, ...]) -> str:
    """('state', 'characters', 0, 'wounds') -> 'state.characters[0].wounds'."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out
