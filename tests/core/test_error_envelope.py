"""Every failure reaches the page as one error shape, built in one place (pyapp.envelope)
from one family of refusals (pyapp.rules.errors.RefereeError)."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from pyapp.api import RequestError
from pyapp.bridge import make_handler
from pyapp.envelope import INTERNAL, error_of
from pyapp.links import LinkError
from pyapp.reading import JsonTooBig
from pyapp.rules import Request
from pyapp.rules.errors import EditError, RefereeError, RulingError, SearchError

PACKAGE = Path(__file__).resolve().parents[2] / "pyapp"


@pytest.mark.parametrize(("error", "code", "message"), [
    (RulingError("context.resolver", "Who resolves  this Action?"), "ruling_error",
     "Who resolves this Action?"),
    (EditError("planned_actions", "cook has 2 Action pawns"), "edit_refused",
     "Cook has 2 Action pawns."),
    (SearchError("", "There is no deck filter 'moon'."), "request_error",
     "There is no deck filter 'moon'."),
    (RequestError("unsupported_version", "version", "Not version 9."), "unsupported_version",
     "Not version 9."),
    (LinkError("corrupt", "This link is damaged."), "link_corrupt", "This link is damaged."),
    (JsonTooBig("The table is nested 70 deep."), "validation_error",
     "The table is nested 70 deep."),
])
def test_every_refusal_is_said_by_its_code_words_and_place(
    error: RefereeError, code: str, message: str,
) -> None:
    """A refusal of ours is a RefereeError (and a ValueError), answered as it is."""
    assert isinstance(error, RefereeError) and isinstance(error, ValueError)
    assert error_of(error) == {"type": code, "message": message,
                               "details": [{"loc": error.loc, "msg": error.msg}]}


def test_a_validation_error_is_said_in_plain_words_with_its_paths() -> None:
    """pydantic's paths stay in the details, without the field the input was wrapped in."""
    with pytest.raises(ValidationError) as caught:
        Request.model_validate({"state": {"characters": [], "first_player": "cook"}})
    error = error_of(caught.value, root="state")
    assert error["type"] == "validation_error" and "state" not in error["message"]
    assert [d["loc"] for d in error["details"]] == ["characters", "effect"]


def test_any_other_exception_is_the_referees_own_fault() -> None:
    """Said plainly for people; what Python said only in the details."""
    error = error_of(KeyError("wood"))
    assert error == {"type": "internal_error", "message": INTERNAL,
                     "details": [{"loc": "", "msg": "KeyError: 'wood'"}]}


def test_the_bridge_answers_a_failing_service_with_the_same_error() -> None:
    """Whatever the service raises or returns, the page gets the envelope of pyapp.envelope."""
    def broken(method: str, text: str) -> str:
        raise KeyError("wood")

    answer = json.loads(make_handler(broken)("rule", "{}"))
    assert answer == {"ok": False, "error": error_of(KeyError("wood"))}
    not_text = json.loads(make_handler(lambda m, t: 0)("rule", "{}"))  # type: ignore[arg-type]
    assert not_text["error"]["type"] == "internal_error"


def test_only_the_envelope_module_writes_an_error_answer() -> None:
    """No other module of pyapp builds `{"ok": False, ...}` (nor its JSON text) itself."""
    builders = {str(path.relative_to(PACKAGE.parent)) for path in PACKAGE.rglob("*.py")
                for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                if writes_an_error_answer(node)}
    assert builders == {"pyapp/envelope.py"}, builders


def writes_an_error_answer(node: ast.AST) -> bool:
    """A dict literal with "ok": False, or JSON text starting `{"ok":false`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.replace(" ", "").startswith('{"ok":false')
    return isinstance(node, ast.Dict) and any(
        isinstance(k, ast.Constant) and k.value == "ok"
        and isinstance(v, ast.Constant) and v.value is False
        for k, v in zip(node.keys, node.values, strict=True))
