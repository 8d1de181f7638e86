"""Words a new player can read: a rule code always comes with its words, and the
id of a part of a ruling ("R8.zero") is never printed; the developer CLI says them as the app
does."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pyapp.__main__ import explain, run
from pyapp.api import parse_request
from pyapp.rules import rule
from pyapp.rules.clauses import CLAUSES, PARTS, cite_title, cite_words
from pyapp.rules.faq import faq
from pyapp.rules.state import space_words
from tests.scenarios import SCENARIOS

# A part's id as the core writes it: a code, a dot, a word ("R8.zero", "R2.weather-night").
PART_ID = re.compile(r"\b[A-Z]{1,3}\d*(\.[a-z]+)\b")
HALVE_ZERO = {"state": {"characters": [{"role": "cook"}, {"role": "carpenter"}],
                        "first_player": "cook", "shelter": "built", "roof": 0},
              "effect": {"demands": [{"kind": "halve", "target": "roof"},
                                     {"kind": "wounds", "amount": 1}]}}


@pytest.mark.parametrize(("cite", "words"), [
    ("C1", "C1: Unfulfilled demand"),
    ("C3", "C3: What can be discarded must be"),
    ("G-card-wounds", "G-card-wounds: The card's own Wounds"),
    ("G-wound-track", "G-wound-track: Wounds on the track"),
    ("R8", "R8: Halving"),
    ("R8.zero", "R8: Halving 0"),
    ("R2.weather-night", "R2: Friday in the Weather and at Night"),
    ("R16.several", "R16: Several sources, only some covered"),
    ("X9", "X9"),  # not in the catalogue: said as it is, never invented
])
def test_a_cited_code_comes_with_its_words(cite: str, words: str) -> None:
    """A clause reads "code: its title"; a part reads "its rule's code: the part's title"."""
    assert cite_words(cite) == words


def test_every_code_a_step_can_cite_has_words_and_no_part_id() -> None:
    """Every clause and every part of a ruling has a title, and its words name no part id."""
    cites = [*CLAUSES, *PARTS]
    for cite in cites:
        title = cite_title(cite)
        assert title and title.strip() == title, cite
        said = cite_words(cite)
        assert said.startswith(cite.split(".")[0] + ": "), cite
        assert not PART_ID.search(said), said
    assert len(cites) == len(CLAUSES) + len(PARTS)


def test_the_cli_prints_a_part_by_its_title_not_its_id() -> None:
    """Halving a Roof at 0 applies R8's part "Halving 0": the CLI says "R8: Halving 0" on the
    step and in the ruling's certainty, and the card's own Wounds read with their words."""
    lines = explain(rule(parse_request(json.dumps(HALVE_ZERO)))).splitlines()
    step = next(line for line in lines if line.startswith("[1] R8"))
    assert step.startswith("[1] R8: Halving 0 — ")
    assert any(line.startswith("[2] G-card-wounds: The card's own Wounds — ") for line in lines)
    assert lines[-1] == "Certainty: no official ruling; this app's default (R8: Halving 0)"
    assert not any(PART_ID.search(line) for line in lines), lines


def explained_examples() -> list[tuple[str, str]]:
    """Every scenario of the core's tests and every FAQ example, as the CLI explains it."""
    found = [(s.name, json.dumps(s.request())) for s in SCENARIOS]
    found += [(e.id, e.example.model_dump_json()) for e in faq().entries]
    return found


def test_no_explanation_prints_a_part_id_and_every_step_has_its_words() -> None:
    """Over every scenario and FAQ example: no part id in the CLI's text, and each step's
    code is followed by its words."""
    parts_seen = 0
    for name, text in explained_examples():
        ruling = rule(parse_request(text))
        said = explain(ruling)
        assert not PART_ID.search(said), (name, PART_ID.findall(said))
        steps = [line for line in said.splitlines() if " — " in line]
        assert len(steps) == len(ruling.steps), name
        for line, step in zip(steps, ruling.steps, strict=True):
            assert f"{cite_words(step.part or step.clause)} — " in line, (name, line)
            parts_seen += step.part is not None
    assert parts_seen > 0  # the scenarios do cite parts of rulings


def test_the_cli_rule_command_prints_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    """`python -m pyapp rule FILE --explain`, end to end: the words on stdout, nothing on
    stderr, exit 0; a bad file is still one clear line."""
    path = tmp_path / "halve.json"
    path.write_text(json.dumps(HALVE_ZERO), encoding="utf-8")
    assert run(["rule", str(path), "--explain"]) == 0
    out, err = capsys.readouterr()
    assert "R8: Halving 0 — " in out and not PART_ID.search(out) and err == ""
    path.write_text(json.dumps({**HALVE_ZERO, "effect": {"demands": [{"kind": "halve"}]}}),
                    encoding="utf-8")
    assert run(["rule", str(path), "--explain"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("error: ")
    assert not re.search(r"\b(effect|demands)\.", err), err  # no field path


@pytest.mark.parametrize(("space", "words"), [
    ("tile-2-food", "tile 2's food source"),
    ("tile-12-wood", "tile 12's wood source"),
    ("tile-3", "tile 3"),
    ("the Build action space", "the Build action space"),  # a name the players gave stays
    ("hunting", "hunting"),
    ("tile-2-fur", "tile-2-fur"),  # not a source the game has: left as named
])
def test_a_space_is_said_as_the_players_say_it(space: str, words: str) -> None:
    assert space_words(space) == words


def test_a_marker_step_names_the_tile_not_the_space_id() -> None:
    """A black marker already on tile 2's food source: the step says so in words."""
    request = {"state": {"characters": [{"role": "cook"}], "first_player": "cook",
                         "spaces": [{"id": "tile-2", "markers": ["fog"]}]},
               "effect": {"demands": [{"kind": "place_marker", "space": "tile-2",
                                       "marker": "fog"}]}}
    texts = [s.text for s in rule(parse_request(json.dumps(request))).steps]
    assert "A fog marker is already on tile 2: unlike a token, this is 1 unit of unfulfilled " \
           "demand." in texts
    assert not any("tile-2" in t for t in texts)
