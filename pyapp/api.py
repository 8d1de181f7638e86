"""JSON in, JSON out: the one door to the rules core for the CLI, the page and other sites.

`rule_json` never raises: every answer is an envelope, `{"ok": true, ...}` or
`{"ok": false, "error": {"type", "message", "details": [{"loc", "msg"}]}}` (pyapp.envelope).
Reading a request refuses what it cannot read with a `RequestError`."""

from __future__ import annotations

import json
from typing import Any

from .envelope import error_json
from .reading import JsonTooBig, read_json, thing
from .rules import Request, rule
from .rules.errors import RefereeError
from .rules.formats import FORMAT_VERSION, REQUEST_FORMAT
from .rules.i18n import _
from .rules.plain import safe


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
        raise RequestError("invalid_json", "", _("The {what} is not UTF-8 text.",
                                                 what=thing(what))) from None
    except ValueError as exc:
        raise RequestError("invalid_json", "", _("The {what} is not valid JSON ({problem}).",
                                                 what=thing(what),
                                                 problem=json_problem(exc))) from None


def json_problem(exc: ValueError) -> str:
    """json's complaint, in one line: "Expecting value: line 1 column 1 (char 0)"."""
    if isinstance(exc, json.JSONDecodeError):
        return f"{exc.msg.lower()} at line {exc.lineno}, column {exc.colno}"
    return safe(str(exc).split("\n")[0], 80)


def request_from(data: Any) -> Request:
    if not isinstance(data, dict):
        raise RequestError("validation_error", "", _(
            "A request is a JSON object {…}, with a table and an effect."))
    if data.get("format", REQUEST_FORMAT) != REQUEST_FORMAT:
        raise RequestError("unsupported_format", "format", _(
            "This is not a Castaway Referee request (its format is {format}).",
            format=shown(data.get("format"))))
    version = data.get("version", FORMAT_VERSION)
    if version != FORMAT_VERSION:
        raise RequestError("unsupported_version", "version", _(
            "This referee reads requests of version {version}, not {given}.",
            version=FORMAT_VERSION, given=shown(version)))
    return Request.model_validate(data)


def rule_json(text: str) -> str:
    """Rule on a request given as JSON; answer with the ruling or a structured error."""
    try:
        ruling = rule(parse_request(text))
    except Exception as exc:  # every failure becomes an answer, never an exception
        return error_json(exc)
    return '{"ok":true,"ruling":' + ruling.model_dump_json() + "}"


def shown(value: Any) -> str:
    """A value from the input, quoted for a message ("empty" for JSON's null)."""
    return _("empty") if value is None else _("“{value}”", value=safe(str(value)))
