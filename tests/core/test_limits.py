"""Hostile input through every JSON way in: nesting, long numbers, huge lists, control
characters. Each gets a plain one-line validation_error, and nothing is changed."""

from __future__ import annotations

import base64
import contextlib
import json
import re
import zlib
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyapp.links import MAX_JSON
from pyapp.reading import MAX_DEPTH, JsonTooBig, nesting_depth, read_json
from pyapp.service import Service
from tests.scenarios import table

WOOD = {"demands": [{"kind": "discard", "wood": 1}]}
REQUEST = {"state": table(), "effect": WOOD}
FIELD_PATH = re.compile(r"\b[a-z_]+(\.[a-z_0-9]+|\[\d+\])+\b")


def pack(text: str) -> str:
    """A share link's payload for this JSON text, however wrong it is."""
    return "1." + base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


# Every way in, as (method, how the hostile JSON value `v` is wrapped into its text).
WAYS_IN: dict[str, tuple[str, Any]] = {
    "request": ("rule", lambda v: '{"state": ' + v + ', "effect": {}}'),
    "request to link": ("link_encode", lambda v: '{"state": ' + v + "}"),
    "share link": ("link_decode", lambda v: pack('{"state": ' + v + "}")),
    "board edit": ("session", lambda v: '{"cmd": "edit", "edits": [{"op": "set", "path": '
                   '"morale", "value": ' + v + "}]}"),
    "import or autosave": ("session", lambda v: '{"cmd": "load", "history": {"initial": '
                           + v + "}}"),
    "new table": ("session", lambda v: '{"cmd": "new", "state": ' + v + "}"),
    "widget message": ("rule", lambda v: '{"state": {"characters": ' + v + "}}"),
    "card search": ("card_search", lambda v: '{"query": "wood", "decks": ' + v + "}"),
}


def answer(service: Service, method: str, text: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(service.call(method, text))
    return found


def assert_plain(message: str) -> None:
    """One line, plain words: no field path, no null, no Python internals."""
    assert "\n" not in message and message.strip() == message and message
    assert not FIELD_PATH.search(message), message
    for word in ("null", "None", "Traceback", "Error:", "Exceeds the limit", "pydantic"):
        assert word not in message, message


@pytest.mark.parametrize("way", WAYS_IN)
@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 3_500, 100_000])
def test_nesting_past_the_limit_is_refused_before_parsing(way: str, depth: int) -> None:
    """Too deep: a validation_error saying the depth found and the limit; the session keeps
    its table (in Pyodide, 3,500 levels parsed would kill the interpreter)."""
    service = Service()
    before = service.session.history
    method, wrap = WAYS_IN[way]
    error = answer(service, method, wrap(nested(depth)))["error"]
    assert_plain(error["message"])
    if method == "link_decode" and 2 * depth > MAX_JSON:  # refused sooner, by its size
        assert error["type"] == "link_too_long"
        return
    assert error["type"] in ("validation_error", "link_validation_error")
    assert f"nested {depth + 1:,} deep" in error["message"] or \
        f"nested {depth + 2:,} deep" in error["message"] or \
        f"nested {depth + 3:,} deep" in error["message"], error["message"]
    assert f"at most {MAX_DEPTH} levels" in error["message"]
    assert_plain(error["message"])
    assert service.session.history is before


@pytest.mark.parametrize("way", WAYS_IN)
def test_nesting_at_the_limit_is_read(way: str) -> None:
    """Exactly at the limit the text is parsed, and refused (if at all) for what it says."""
    method, wrap = WAYS_IN[way]
    text = wrap("1")
    inner = MAX_DEPTH - (nesting_depth(text) if method != "link_decode" else 1)
    error = answer(Service(), method, wrap(nested(inner)))["error"]
    assert "nested" not in error["message"] and error["type"] != "internal_error"


def test_brackets_inside_strings_do_not_count() -> None:
    """A name full of brackets and escaped quotes is text, not nesting."""
    name = '[{\\"[' * 30
    text = json.dumps({**REQUEST, "state": table(cook={"name": name[:60]})})
    assert nesting_depth(text) == 4
    assert read_json('["' + "[" * 10_000 + '"]') == ["[" * 10_000]


@given(st.recursive(st.none() | st.integers() | st.text(alphabet='[]{}"\\ab'),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(alphabet='[]{}"\\', max_size=3), inner,
                                      max_size=3), max_leaves=30))
def test_depth_matches_the_structure(value: Any) -> None:
    """The scan's depth is the JSON value's own depth, whatever its strings hold."""
    def depth(v: Any) -> int:
        items = v.values() if isinstance(v, dict) else v if isinstance(v, list) else None
        return 0 if items is None else 1 + max(map(depth, items), default=0)

    assert nesting_depth(json.dumps(value)) == depth(value)


@given(st.text(alphabet='[]{}"\\,:0123456789e-. a', max_size=400))
def test_any_text_is_read_or_refused_never_crashes(text: str) -> None:
    """Whatever the text, reading it gives JSON, JsonTooBig or a ValueError: nothing else."""
    with contextlib.suppress(JsonTooBig, ValueError):
        read_json(text)


@pytest.mark.parametrize("way", WAYS_IN)
def test_a_5000_digit_number_is_refused_in_words(way: str) -> None:
    method, wrap = WAYS_IN[way]
    error = answer(Service(), method, wrap("1" * 5_000))["error"]
    assert "number in the" in error["message"] and "too long" in error["message"]
    assert_plain(error["message"])


@pytest.mark.parametrize("version", ["9" * 5_000, "1" * 4_301, "\u00b2", "\u0661", "1234567"],
                         ids=["5000 digits", "4301 digits", "superscript", "arabic-indic",
                              "seven digits"])
def test_a_link_with_a_version_no_link_has_is_not_a_link(version: str) -> None:
    """A 5,000-digit link format, or digits of another script, is not a link: said in
    words, never Python's "Exceeds the limit (4300 digits)" nor an internal error."""
    error = answer(Service(), "link_decode", f"{version}.eJyrrgUAAXUA-Q")["error"]
    assert error["type"] == "link_not_a_link"
    assert error["message"] == "This is not a Castaway Referee link."


def test_a_short_link_that_unpacks_to_62000_tokens_is_refused() -> None:
    """A few hundred characters of link, 62,000 Discovery tokens."""
    link = pack(json.dumps({**REQUEST, "state": table(discovery_tokens=["a"] * 62_000)}))
    assert len(link) < 1_000
    error = answer(Service(), "link_decode", link)["error"]
    assert error["message"] == (f"This link is too large to open: it unpacks to more than "
                                f"{MAX_JSON:,} bytes, far more than any real table.")


def test_a_link_within_the_size_is_still_bounded_by_the_table() -> None:
    link = pack(json.dumps({**REQUEST, "state": table(discovery_tokens=["a"] * 2_000)}))
    error = answer(Service(), "link_decode", link)["error"]
    assert error["message"] == ("This link's table is not valid: the Discovery tokens have "
                                "too many items: 2,000 (at most 60).")


@pytest.mark.parametrize(("state", "message"), [
    (table(discovery_tokens=["a"] * 61),
     "The Discovery tokens have too many items: 61 (at most 60)."),
    (table(tiles=[{"id": i} for i in range(1, 32)]),
     "The tiles have too many items: 31 (at most 30)."),
    (table(tiles=[{"id": 1, "sources": [{"kind": "food"}] * 5}]),
     "The sources of tile 1 have too many items: 5 (at most 4)."),
    (table(spaces=[{"id": "s", "tokens": ["t"] * 61}]),
     "The tokens of space 1 have too many items: 61 (at most 60)."),
    (table(shelter="built", roof=100), "The Roof can be at most 99."),
    (table(available={"wood": 10**6}), "The wood of the Available resources can be at most 99."),
    (table(cook={"track": {"death_at": 3 * 10**7}}),
     "The death space of character 1 can be at most 30."),
    (table(cook={"determination": -1}), "The Determination of character 1 must be at least 0."),
    (table(round=13), "The round can be at most 12."),
    (table(cook={"name": "x" * 61}),
     "The name of character 1 is too long (at most 60 characters)."),
    (table(cook={"wounds": "lots"}), "The Wounds of character 1 must be a whole number."),
    (table(cook={"wounds": None}), "The Wounds of character 1 must be a whole number."),
])
def test_sizes_are_bounded_with_plain_messages(state: dict[str, Any], message: str) -> None:
    error = answer(Service(), "rule", json.dumps({"state": state, "effect": WOOD}))["error"]
    assert error["type"] == "validation_error"
    assert error["message"].startswith(message.rstrip("."))
    assert_plain(error["message"])


def test_a_table_refused_names_its_first_two_problems_in_a_players_words() -> None:
    """A role is said by the name a player reads, a whole with its "the", a count with its
    thousands separator; the first two problems are both said."""
    state = {"characters": [{"role": "chef"}, {"role": "cook"}],
             "discovery_tokens": ["a"] * 62_000}
    error = answer(Service(), "session", json.dumps({"cmd": "load", "history": {
        "initial": state}}))["error"]
    assert error["message"] == (
        "The role of character 1 of the starting table must be Cook, Carpenter, Explorer or "
        "Soldier. The First Player of the starting table is missing (and 1 more problem).")
    assert_plain(error["message"])


@pytest.mark.parametrize(("effect", "message"), [
    ({"demands": [{"kind": None, "wood": 2}]}, "Demand 1 must say its kind."),
    ({"demands": [{"kind": "discard", "wood": "lots"}]},
     "The wood of demand 1 must be a whole number."),
])
def test_a_demand_refused_says_its_one_problem_once(effect: dict[str, Any], message: str) -> None:
    """No "None", no second problem that only follows from the first (a list left empty)."""
    error = answer(Service(), "rule", json.dumps({"state": table(), "effect": effect}))["error"]
    assert error["message"] == message


@pytest.mark.parametrize("name", ["Bob\x1b[31m", "\u202eevil", "a\nb", "tab\there", "a\x85b",
                                  "a\u2028b", "\u2066x\u2069", "del\x7f"])
def test_names_refuse_control_characters(name: str) -> None:
    error = answer(Service(), "rule", json.dumps({"state": table(cook={"name": name}),
                                                  "effect": WOOD}))["error"]
    assert error["message"].startswith("The name of character 1 has a character it may not "
                                       "contain (a control character")
    assert_plain(error["message"])


@pytest.mark.parametrize("name", ["Zoë", "李雷", "👨\u200d👩\u200d👧 family", "O'Brien & <b>",
                                  "שלום", "Ana-María"])
def test_names_keep_every_real_character(name: str) -> None:
    ruling = answer(Service(), "rule", json.dumps({"state": table(cook={"name": name}),
                                                   "effect": WOOD}))
    assert ruling["ok"] is True and ruling["ruling"]["state"]["characters"][0]["name"] == name


@pytest.mark.parametrize("demands", ["x", [None], [], None, [1], [[]], {"kind": "discard"}])
def test_a_broken_demand_list_is_refused_and_nothing_applied(demands: Any) -> None:
    """Importing `effect.demands` of "x" or [null] is a plain refusal, never an exception."""
    service = Service()
    before = service.session.history
    for method, text in (("rule", json.dumps({"state": table(), "effect": {"demands": demands}})),
                         ("session", json.dumps({"cmd": "apply", "effect": {"demands": demands}}))):
        error = answer(service, method, text)["error"]
        assert error["type"] == "validation_error", error
        assert_plain(error["message"])
    assert service.session.history is before


def test_unknown_fields_and_kinds_are_named_in_words() -> None:
    service = Service()
    bogus = answer(service, "rule", json.dumps({**REQUEST, "state": table(bogus=1)}))["error"]
    assert bogus["message"] == "“bogus” is not something the referee reads; remove it."
    sing = answer(service, "rule", json.dumps({**REQUEST, "effect": {"demands": [
        {"kind": "sing"}]}}))["error"]
    assert sing["message"].startswith("Demand 1 has a kind this app does not know (“sing”)")
    command = answer(service, "session", '{"cmd": "dance"}')["error"]
    assert command["message"] == "The command has a kind this app does not know (“dance”)."
    assert command["details"][0]["loc"] == "command"  # the path stays, for programs
