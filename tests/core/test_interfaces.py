"""The JSON format, its schemas, the API envelope and the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pyapp.__main__ import main
from pyapp.api import rule_json
from pyapp.schemas import SCHEMAS, check_schemas

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "docs" / "examples").glob("*.request.json"))


def test_schema_files_are_fresh() -> None:
    """The committed JSON Schemas match the models (run `make schema` after a change)."""
    assert check_schemas(ROOT / "schema") == []
    assert sorted(SCHEMAS) == [
        "cards.v1.schema.json", "faq-message.v1.schema.json", "link-words.v1.schema.json",
        "questions.v1.schema.json", "request.v1.schema.json", "ruling.v1.schema.json",
    ]  # fmt: skip
    assert sorted(p.name for p in (ROOT / "schema").glob("*.json")) == sorted(SCHEMAS)


def test_the_faq_message_schemas_say_what_the_widget_exchanges() -> None:
    """A question or a search in, the questions out: the widget's FAQ messages as the
    schemas in schema/ describe them, and the service's answer fits the answer's."""
    from pyapp.rules.faqsearch import FaqMessage, QuestionsMessage
    from pyapp.service import Service

    FaqMessage.model_validate({"type": "castaway-referee:faq", "id": "f1", "question": "dog"})
    found = json.loads(Service().call("faq_search", '{"query": "dog"}'))
    del found["ok"]
    answer = QuestionsMessage.model_validate({"type": "castaway-referee:questions", "id": 1,
                                              **found})
    assert answer.questions[0].id == "dog"


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_documented_examples_rule(path: Path) -> None:
    """Every example request in docs/ is valid and gets a ruling."""
    answer = json.loads(rule_json(path.read_text()))
    assert answer["ok"] is True
    assert answer["ruling"]["format"] == "castaway-referee/ruling"


@pytest.mark.parametrize(("text", "kind", "where"), [
    ("{not json", "invalid_json", ""),
    ("[]", "validation_error", ""),
    ('{"version": 2}', "unsupported_version", "version"),
    ('{"format": "other"}', "unsupported_format", "format"),
    ('{"state": {"characters": [], "first_player": "cook"}, "effect": {"demands": [{"kind": '
     '"discard", "wood": 1}]}}', "validation_error", "state.characters"),
    ('{"state": {"characters": [{"role": "cook", "wounds": -1}], "first_player": "cook"}, '
     '"effect": {"demands": [{"kind": "discard", "wood": 1}]}}', "validation_error",
     "state.characters[0].wounds"),
    ('{"state": {"characters": [{"role": "cook"}], "first_player": "cook"}, '
     '"effect": {"demands": [{"kind": "sing"}]}}', "validation_error", "effect.demands[0]"),
    ('{"state": {"phase": "action", "characters": [{"role": "cook"}], "first_player": "cook"},'
     ' "effect": {"demands": [{"kind": "discard", "wood": 1}]}}', "ruling_error",
     "context.resolver"),
])
def test_bad_requests_get_a_structured_error(text: str, kind: str, where: str) -> None:
    """Bad input gets an error that names the field and the problem; nothing raises."""
    answer = json.loads(rule_json(text))
    assert answer["ok"] is False
    assert answer["error"]["type"] == kind
    assert answer["error"]["details"][0]["loc"].startswith(where)
    assert answer["error"]["message"]


NO_RESOLVER = {"state": {"phase": "action", "characters": [{"role": "cook"}],
                         "first_player": "cook"}, "context": {}}


def test_a_missing_resolver_is_asked_for_in_plain_words() -> None:
    """Only when a demand's victims depend on who resolves the Action is the resolver needed;
    then the message asks for it in words, with no field path and no 'null'."""
    answer = json.loads(rule_json(json.dumps({**NO_RESOLVER, "effect": {"demands": [
        {"kind": "combat", "strength": 3}]}})))
    error = answer["error"]
    assert error["type"] == "ruling_error" and error["details"][0]["loc"] == "context.resolver"
    assert error["message"].startswith("Who resolves this Action?")
    assert "context" not in error["message"] and "null" not in error["message"]


def test_an_effect_that_hurts_nobody_needs_no_resolver() -> None:
    """An Invention's effect, the clean-up: nobody suffers, so nobody need resolve."""
    answer = json.loads(rule_json(json.dumps({**NO_RESOLVER, "effect": {"demands": [
        {"kind": "increase", "track": "weapon", "amount": 1}, {"kind": "combat", "strength": 0},
        {"kind": "discard", "wood": 1, "if_possible": True}]}})))
    assert answer["ok"] is True and answer["ruling"]["state"]["weapon"] == 1


def test_a_named_victim_must_be_at_the_table() -> None:
    """A card naming a figure who is not at the table gets a plain answer."""
    answer = json.loads(rule_json(json.dumps({**NO_RESOLVER, "effect": {"demands": [
        {"kind": "wounds", "amount": 1, "victims": "soldier"}]}})))
    assert answer["error"]["message"] == ("Soldier is not at the table: add them to the table "
                                          "or choose someone who is.")


def test_cli_prints_the_ruling_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m pyapp rule FILE` prints the ruling JSON."""
    assert main(["rule", str(EXAMPLES[0])]) == 0
    assert json.loads(capsys.readouterr().out)["format"] == "castaway-referee/ruling"


def test_cli_explains(capsys: pytest.CaptureFixture[str]) -> None:
    """`--explain` prints each step with its clause, for people."""
    assert main(["rule", str(ROOT / "docs/examples/combat-weapon-loss.request.json"),
                 "--explain"]) == 0
    out = capsys.readouterr().out
    assert "G-combat-weapon:" in out and "Cook: 5 Wounds" in out


def test_cli_reads_stdin_and_fails_with_exit_2() -> None:
    """Bad input on stdin: one line naming the problem in words, exit code 2."""
    done = subprocess.run([sys.executable, "-m", "pyapp", "rule", "-"], cwd=ROOT, text=True,
                          input='{"state": {}, "effect": {}}', capture_output=True, check=False)
    assert done.returncode == 2
    assert done.stderr == ("error: validation_error: The characters are missing. The First "
                           "Player is missing (and 1 more problem).\n")


def test_cli_missing_file_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", "/no/such/file.json"]) == 2
    assert "cannot read" in capsys.readouterr().err
