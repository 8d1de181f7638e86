"""The error the page receives, built in one place from whatever went wrong.

Every shell (the API, the service, the session, the bridge, the command line) answers a
failure with `error_json(exc)`: `{"ok": false, "error": {"type", "message", "details":
[{"loc", "msg"}]}}`. `message` is one line of plain words for people (no field path, no
"null"); `details` keep the places for programs (at most MAX_DETAILS). Three kinds of
failure, three ways to say them:
- a refusal of ours (`RefereeError`): its code, its line for players, its place;
- a pydantic `ValidationError`: "validation_error", the first problem in plain words and
  how many more, each problem's path in the details;
- anything else, a fault of the referee's own: "internal_error", said plainly; what Python
  said stays in the details."""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

from .rules.errors import RefereeError
from .rules.i18n import N_, _
from .rules.plain import plain_message, safe

MAX_DETAILS = 20  # problems listed in an error's details; the message counts them all
INTERNAL = N_("The referee failed on this input; nothing was changed. Please report it.")


def error_json(exc: BaseException, root: str = "") -> str:
    """The whole answer to a failure, as JSON text (see `error_of` for `root`)."""
    return json.dumps({"ok": False, "error": error_of(exc, root)})


def error_of(exc: BaseException, root: str = "") -> dict[str, Any]:
    """A structured error naming what is wrong, for people and for programs. `root` is the
    field the input was validated inside (the session's "command"): left out of places."""
    if isinstance(exc, ValidationError):
        return _invalid(exc, root)
    if isinstance(exc, RefereeError):
        return {"type": exc.code, "message": exc.message,
                "details": [{"loc": exc.loc, "msg": exc.msg}]}
    said = f"{type(exc).__name__}: {safe(str(exc), 200)}"
    return {"type": "internal_error", "message": _(INTERNAL),
            "details": [{"loc": "", "msg": said}]}


def _invalid(exc: ValidationError, root: str) -> dict[str, Any]:
    """A validation error: the first problem in plain words, every path in the details."""
    errors = exc.errors(include_url=False, include_input=False)
    details = [{"loc": loc_text(e["loc"]).removeprefix(f"{root}." if root else ""),
                "msg": e["msg"]} for e in errors[:MAX_DETAILS]]
    return {"type": "validation_error", "message": plain_message(errors), "details": details}


def loc_text(loc: tuple[int | str, ...]) -> str:
    """('state', 'characters', 0, 'wounds') -> 'state.characters[0].wounds'."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out
