"""JSON in, JSON out: the one door to the rules core for the CLI, the page and other sites.

Nothing here raises: every answer is an envelope, `{"ok": true, ...}` or
`{"ok": false, "error": {"type", "message", "details": [{"loc", "msg"}]}}`."""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

from .rules import Request, RulingError, rule
from .rules.formats import FORMAT_VERSION, REQUEST_FORMAT


class RequestError(ValueError):
    """A request that cannot be read: bad JSON, or another format or version."""

    def __init__(self, kind: str, loc: str, msg: str) -> None:
        super().__init__(f"{loc}: {msg}" if loc else msg)
        self.kind, self.loc, self.msg = kind, loc, msg


def parse_request(text: str | bytes) -> Request:
    """Read a request, naming the first thing that is wrong with it."""
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise RequestError("invalid_json", "", f"not valid JSON: {exc}") from exc
    return request_from(data)


def request_from(data: Any) -> Request:
    if not isinstance(data, dict):
        raise RequestError("validation_error", "", "a request is a JSON object")
    if data.get("format", REQUEST_FORMAT) != REQUEST_FORMAT:
        raise RequestError("unsupported_format", "format",
                           f"expected {REQUEST_FORMAT!r}, got {data.get('format')!r}")
    version = data.get("version", FORMAT_VERSION)
    if version != FORMAT_VERSION:
        raise RequestError("unsupported_version", "version",
                           f"this referee reads version {FORMAT_VERSION}, got {version!r}")
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
        details = [{"loc": loc_text(e["loc"]), "msg": e["msg"]} for e in exc.errors()]
        return _error("validation_error", details)
    if isinstance(exc, RequestError):
        return _error(exc.kind, [{"loc": exc.loc, "msg": exc.msg}])
    if isinstance(exc, RulingError):  # said to players as it is: plain words, no field path
        return {"type": "ruling_error", "message": exc.msg,
                "details": [{"loc": exc.loc, "msg": exc.msg}]}
    return _error("internal_error", [{"loc": "", "msg": f"{type(exc).__name__}: {exc}"}])


def _error(kind: str, details: list[dict[str, str]]) -> dict[str, Any]:
    first = details[0]
    message = f"{first['loc']}: {first['msg']}" if first["loc"] else first["msg"]
    if len(details) > 1:
        message += f" (and {len(details) - 1} more)"
    return {"type": kind, "message": message, "details": details}


def loc_text(loc: tuple[int | str, ...]) -> str:
    """('state', 'characters', 0, 'wounds') -> 'state.characters[0].wounds'."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out
