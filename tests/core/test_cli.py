"""The command line: every error is one line, the output can be cut short, any file is read
or refused in words (a traceback or a multi-line dump is no answer for a player)."""

from __future__ import annotations

import contextlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from pyapp.__main__ import explain, run
from pyapp.api import parse_request
from pyapp.rules import rule
from tests.core.test_limits import assert_plain, nested
from tests.fuzz import mutate
from tests.scenarios import SCENARIOS, table

ROOT = Path(__file__).resolve().parents[2]
WOOD = {"demands": [{"kind": "discard", "wood": 1}]}


def bad_inputs() -> list[bytes]:
    """Two hundred and more bad request files: mutated scenarios and hostile texts."""
    rng = random.Random(16)
    found = [json.dumps(mutate(rng.choice(SCENARIOS).request(), rng)).encode()
             for _ in range(200)]
    found += [b"", b"{", b"[]", b"null", b'"x"', nested(5_000).encode(), b"1" * 5_000,
              b'{"state": ' + b"9" * 5_000 + b"}", b"\xff\xfe{}", b"{\x00}",
              json.dumps({"state": table(cook={"name": "\x1b[2J\u202e"}), "effect": WOOD})
              .encode(), json.dumps({"state": table(), "effect": {"demands": [None]}}).encode()]
    return found


def test_every_error_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each bad file: exit 2 and one plain line on stderr; a good one: a ruling, exit 0."""
    refused = 0
    for i, data in enumerate(bad_inputs()):
        path = tmp_path / f"bad{i}.json"
        path.write_bytes(data)
        code = run(["rule", str(path)])
        out, err = capsys.readouterr()
        if code == 0:
            assert json.loads(out)["format"] == "castaway-referee/ruling" and not err
            continue
        refused += 1
        assert code == 2 and not out
        assert err.count("\n") == 1 and err.startswith("error: "), err
        assert_plain(err.split(": ", 2)[2].strip())
        assert "internal_error" not in err, err
    assert refused > 150


@pytest.mark.parametrize("argv", [[], ["rule"], ["rule", "a", "b"], ["nope"],
                                  ["rule", "--nope", "x"], ["schema", "--check"]])
def test_usage_errors_are_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        run(argv)
    err = capsys.readouterr().err
    assert done.value.code == 2 and err.count("\n") == 1 and err.startswith("error: usage: ")


def test_a_missing_file_and_a_folder_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    for path in (tmp_path / "none.json", tmp_path):
        assert run(["rule", str(path)]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"error: cannot_read: cannot read {path}: ") and err.count("\n") == 1


def test_a_file_that_is_not_utf8_is_named_with_the_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes('{"state": {"characters": [{"role": "cook", "name": "Zoë"}]}}'
                     .encode("latin-1"))
    assert run(["rule", str(path)]) == 2
    assert capsys.readouterr().err == (
        f"error: cannot_read: {path} is not UTF-8 text (byte 0xeb at position 54); save it "
        "as UTF-8 and try again\n")


def test_explain_never_prints_control_characters() -> None:
    """Names refuse control characters; the explanation escapes any that reach it anyway."""
    ruling = rule(parse_request(json.dumps({"state": table(), "effect": {
        "demands": [{"kind": "discard", "wood": 2}]}})))
    steps = tuple(type(s)(s.clause, "evil \x1b[31m\u202e text", s.certainty, s.switch,
                          s.demand, s.part) for s in ruling.steps)
    text = explain(ruling.model_copy(update={"steps": steps}))
    assert "\x1b" not in text and "\u202e" not in text and "\\u001b[31m\\u202e" in text
    assert all(c.isprintable() or c == "\n" for c in text)


def test_output_cut_short_ends_quietly() -> None:
    """`python -m pyapp cards | head -1`: no BrokenPipeError, nothing on stderr."""
    done = subprocess.run(["bash", "-c", f"'{sys.executable}' -m pyapp cards | head -1; "
                           f"'{sys.executable}' -m pyapp rule "
                           "docs/examples/combat-weapon-loss.request.json | head -c 10"],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.stderr == "" and done.stdout.startswith("termites") and done.stdout.count("\n") == 2


def test_a_closed_output_ends_quietly_before_anything_is_written() -> None:
    """The reader is gone before the first line: still no traceback."""
    proc = subprocess.Popen([sys.executable, "-m", "pyapp", "cards"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait() == 141 and err == b""


def test_explain_says_the_choices_in_words() -> None:
    """--explain prints each decision the ruling used: the question, what it took, whether that
    is the default, the options by their labels, and the field that changes it."""
    request = parse_request(json.dumps({
        "state": table("cook", available={"food": 1, "nonperishable_food": 1}),
        "effect": {"demands": [{"kind": "discard", "food": 1}]},
        "choices": {"food_order": "nonperishable_first"}}))
    lines = explain(rule(request)).splitlines()
    assert ("Choice: Which food pays? This ruling takes: Non-perishable food first (default: "
            "Food first (it spoils at Night)). Options: Food first (it spoils at Night); "
            "Non-perishable food first. To choose otherwise, set choices.food_order in the "
            "request.") in lines
    assert not any("nonperishable_first" in line for line in lines)


def test_an_endless_file_and_a_huge_stdin_are_read_only_up_to_the_limit() -> None:
    """`rule /dev/zero` stops at the limit (it would read forever); 50 MB on standard input is
    refused after reading the limit's worth, the rest never read: one line, exit 2."""
    zero = subprocess.run([sys.executable, "-m", "pyapp", "rule", "/dev/zero"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)
    assert zero.returncode == 2 and zero.stdout == ""
    assert zero.stderr == ("error: validation_error: /dev/zero is too large to be a request (a "
                           "request is at most 2,000,000 characters).\n")
    proc = subprocess.Popen([sys.executable, "-m", "pyapp", "rule", "-"], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdin is not None
    sent = 0
    with contextlib.suppress(BrokenPipeError):
        while sent < 50_000_000:
            proc.stdin.write(b" " * 1_000_000)
            sent += 1_000_000
    with contextlib.suppress(BrokenPipeError):
        proc.stdin.close()
    assert proc.stdout is not None and proc.stderr is not None
    out, err = proc.stdout.read(), proc.stderr.read()
    proc.wait(timeout=60)
    assert proc.returncode == 2 and out == b"" and err.count(b"\n") == 1
    assert err.startswith(b"error: validation_error: standard input is too large")
    assert sent < 50_000_000  # the referee stopped reading long before the end


def test_a_byte_order_mark_is_read_as_utf8(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """A request saved by a Windows editor (UTF-8 with a BOM) is ruled, from a file and from
    standard input, as without it."""
    text = json.dumps({"state": table(), "effect": WOOD}).encode()
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + text)
    assert run(["rule", str(path)]) == 0
    with_bom = json.loads(capsys.readouterr().out)
    piped = subprocess.run([sys.executable, "-m", "pyapp", "rule", "-"], cwd=ROOT,
                           input=b"\xef\xbb\xbf" + text, capture_output=True, check=False)
    assert piped.returncode == 0 and piped.stderr == b""
    assert json.loads(piped.stdout) == with_bom == rule(parse_request(text)).model_dump(
        mode="json")


def test_schema_files_that_cannot_be_written_are_one_line(tmp_path: Path) -> None:
    """`schema --write` into a place that cannot hold a folder: one line naming it, exit 2."""
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    done = subprocess.run([sys.executable, "-m", "pyapp", "schema", "--write",
                           str(blocked / "schema")], cwd=ROOT, capture_output=True, text=True,
                          check=False)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (f"error: cannot_write: cannot write the schema files to "
                           f"{blocked / 'schema'}: Not a directory\n")


EXAMPLE = "docs/examples/combat-weapon-loss.request.json"


@pytest.mark.parametrize("encoding", ["ascii", "cp1252"])
def test_json_output_is_the_same_json_in_any_encoding(encoding: str) -> None:
    """JSON on an ASCII or Windows terminal: what the encoding lacks is written as JSON's own
    escape, so the output parses to the same ruling."""
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    done = subprocess.run([sys.executable, "-m", "pyapp", "rule", EXAMPLE], cwd=ROOT, env=env,
                          capture_output=True, check=False)
    assert done.returncode == 0 and done.stderr == b""
    expected = rule(parse_request((ROOT / EXAMPLE).read_bytes())).model_dump(mode="json")
    assert json.loads(done.stdout.decode(encoding)) == expected


@pytest.mark.parametrize("argv", [["rule", EXAMPLE, "--explain"], ["cards"],
                                  ["cards", "--coverage"]])
def test_text_an_ascii_terminal_cannot_show_is_one_line(argv: list[str]) -> None:
    """--explain and the card list on an ASCII terminal: one line saying what to set, never
    a UnicodeEncodeError traceback."""
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = subprocess.run([sys.executable, "-m", "pyapp", *argv], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=False)
    if done.returncode == 0:  # nothing in it the terminal lacks
        assert done.stderr == "" and done.stdout.isascii()
        return
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1
    assert done.stderr.startswith("error: cannot_write: the output's encoding (ascii) cannot "
                                  "show the character U+")
    assert "PYTHONIOENCODING=utf-8" in done.stderr
