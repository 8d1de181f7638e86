"""Fuzzing the ways in: mutated requests, session commands, share links, hostile texts.

Shared by the short run in the tests (tests/core/test_fuzz.py) and the long run in
bench/fuzz_bench.py. A case passes when the answer is a ruling or a *typed* error (never
`internal_error`, never an exception) and a refused session command leaves the table as it was.
Anything else is counted, not raised: `CRASH` (internal_error, an exception, a refusal that
changed the table, a message of several lines) and `FREEZE` (a case over FREEZE_SECONDS).
"""

from __future__ import annotations

import base64
import copy
import json
import random
import time
import zlib
from collections import Counter
from collections.abc import Callable
from typing import Any

from pyapp.api import rule_json
from pyapp.links import LinkError, decode, encode
from pyapp.rules import Request
from pyapp.rules.history import History
from pyapp.service import Service
from pyapp.session import Session
from tests.scenarios import SCENARIOS

CRASH, FREEZE = "CRASH", "FREEZE"
FREEZE_SECONDS = 2.0  # one case this slow would freeze a page for as long

ODD_VALUES: list[Any] = [
    None, True, False, 0, -1, 1, 2**31, -(2**63), 1e308, float("nan"), "", "x" * 5000,
    "<script>alert(1)</script>", "javascript:alert(1)", "\u0000", "💥", [], {}, [[[]]],
    {"kind": "discard"}, "cook", "friday", "jenny", "dog", 3.5, "-1", "13",
    "\x1b[31m", "\u202eevil", "\ud800", 10**50, ["a"] * 500, 3e7, 5e9,
]


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _paths(value, (*prefix, i))
    return found


def _parent(root: Any, path: tuple[Any, ...]) -> Any:
    node = root
    for part in path[:-1]:
        node = node[part]
    return node


def mutate(data: Any, rng: random.Random, rounds: int = 3) -> Any:
    """A copy of `data` with a few random changes: values replaced, keys dropped or added."""
    data = copy.deepcopy(data)
    for _ in range(rng.randint(1, rounds)):
        paths = [p for p in _paths(data) if p]
        if not paths:
            return copy.deepcopy(rng.choice(ODD_VALUES))
        path = rng.choice(paths)
        parent, key = _parent(data, path), path[-1]
        action = rng.random()
        if action < 0.6:
            parent[key] = copy.deepcopy(rng.choice(ODD_VALUES))
        elif action < 0.8 and isinstance(parent, dict):
            del parent[key]
        elif isinstance(parent, dict):
            key = rng.choice(["extra", "kind", "version", "format", "op"])
            parent[key] = copy.deepcopy(rng.choice(ODD_VALUES))
        elif isinstance(parent, list):
            parent.append(copy.deepcopy(rng.choice(parent)))
    return data


def fuzz_requests(cases: int, seed: int = 0) -> Counter[str]:
    """Mutated requests through the JSON API: a ruling or a typed error, every time."""
    rng = random.Random(seed)
    outcomes: Counter[str] = Counter()
    bases = [s.request() for s in SCENARIOS]
    for _ in range(cases):
        text = _dumps(mutate(rng.choice(bases), rng))
        outcomes[timed(lambda text=text: kind_of(rule_json(text)))] += 1
    return outcomes


def fuzz_session(cases: int, seed: int = 0) -> Counter[str]:
    """Mutated session commands: refused ones change nothing."""
    rng = random.Random(seed)
    outcomes: Counter[str] = Counter()
    initial = Request.model_validate(SCENARIOS[3].request()).state
    commands: list[Any] = [
        {"cmd": "edit", "edits": [{"op": "move_resource", "kind": "wood", "amount": 1,
                                   "source": "available", "target": "roof"}]},
        {"cmd": "edit", "edits": [{"op": "set", "path": "characters/0/wounds", "value": 3}]},
        {"cmd": "edit", "edits": [{"op": "move_pawn", "figure": "explorer", "target": "roof"}]},
        {"cmd": "apply", "effect": {"demands": [{"kind": "discard", "wood": 1}]},
         "context": {"resolver": "cook"}},
        {"cmd": "load", "history": History(initial=initial).model_dump(mode="json")},
    ]
    session = Session(History(initial=initial))
    for _ in range(cases):
        text = _dumps(mutate(rng.choice(commands), rng))
        outcomes[timed(lambda text=text: _session_case(session, text))] += 1
    return outcomes


def _session_case(session: Session, text: str) -> str:
    before = session.history
    kind = kind_of(session.handle_json(text))
    changed = session.history is not before
    return CRASH if (kind != "ok" and changed) else kind


def fuzz_links(cases: int, seed: int = 0) -> Counter[str]:
    """Share links with bytes flipped, cut or extended: a request or a LinkError."""
    rng = random.Random(seed)
    outcomes: Counter[str] = Counter()
    links = [encode(Request.model_validate(s.request())) for s in SCENARIOS]
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.%#=&<>\"' "
    for _ in range(cases):
        link = list(rng.choice(links))
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(link))
            choice = rng.random()
            if choice < 0.5:
                link[i] = rng.choice(alphabet)
            elif choice < 0.75:
                del link[i:]
                link = link or ["1"]
            else:
                link.insert(i, rng.choice(alphabet))
        outcomes[timed(lambda link=link: _link_case("".join(link)))] += 1
    return outcomes


def _link_case(link: str) -> str:
    try:
        decode(link)
    except LinkError as exc:
        return exc.kind
    return "request"


# Hostile texts through every way in: deep nesting, long numbers, huge lists, control characters.
def _pack(text: str) -> str:
    return "1." + base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")


WAYS: list[tuple[str, Callable[[str], str]]] = [
    ("rule", lambda v: '{"state": ' + v + ', "effect": {"demands": ' + v + "}}"),
    ("link_encode", lambda v: '{"state": ' + v + "}"),
    ("link_decode", lambda v: _pack('{"state": ' + v + "}")),
    ("link_decode", lambda v: _pack(v)),
    ("session", lambda v: '{"cmd": "edit", "edits": [{"op": "set", "path": "morale", '
     '"value": ' + v + "}]}"),
    ("session", lambda v: '{"cmd": "load", "history": {"initial": ' + v + "}}"),
    ("session", lambda v: '{"cmd": "apply", "effect": {"demands": ' + v + "}}"),
    ("session", lambda v: v),
]


def hostile_value(rng: random.Random) -> str:
    """One hostile JSON value (text, as it arrives)."""
    depth = rng.choice([1, 10, 63, 64, 65, 100, 2_500, 3_500, 10_000, 50_000])
    choices = [
        lambda: "[" * depth + "]" * depth,
        lambda: '{"a":' * depth + "1" + "}" * depth,
        lambda: "[" * depth,  # never closed
        lambda: '"' + "[" * depth + '"',  # brackets in a string: not nesting
        lambda: rng.choice("0123456789") * rng.choice([41, 4_300, 5_000, 20_000]),
        lambda: "-" + "9" * 5_000 + ".5e" + "9" * 50,
        lambda: json.dumps(["a"] * rng.choice([61, 5_000, 62_000])),
        lambda: json.dumps({"characters": [{"role": "cook", "name": rng.choice(
            ["\x1b[2J", "\u202e", "a\nb", "\x85", "\ud800", "x" * 61])}],
            "first_player": "cook"}),
        lambda: json.dumps({"characters": [{"role": "cook", "track": {"death_at": 3e7}}],
                            "first_player": "cook", "roof": 5e9}),
        lambda: json.dumps(rng.choice(["x", [None], [], None, [1], {"kind": None}])),
        lambda: "".join(rng.choice('[]{}",:\\0e-. nul') for _ in range(rng.randint(1, 300))),
    ]
    text: str = rng.choice(choices)()
    return text


def fuzz_hostile(cases: int, seed: int = 0) -> Counter[str]:
    """Hostile texts through every method: typed one-line errors, the session unchanged."""
    rng = random.Random(seed)
    outcomes: Counter[str] = Counter()
    service = Service()
    service.session.handle_json('{"cmd": "edit", "edits": [{"op": "set", "path": "morale", '
                                '"value": 1}]}')
    for _ in range(cases):
        method, wrap = rng.choice(WAYS)
        text = wrap(hostile_value(rng))
        outcomes[timed(lambda m=method, t=text: _service_case(service, m, t))] += 1
    return outcomes


def _service_case(service: Service, method: str, text: str) -> str:
    before = service.session.history
    kind = kind_of(service.call(method, text))
    if method == "session" and kind != "ok" and service.session.history is not before:
        return CRASH
    return kind


def kind_of(answer_text: str) -> str:
    """The outcome of one envelope: "ok", an error type, or CRASH for internal_error or a
    message a person would read on several lines."""
    answer = json.loads(answer_text)
    if answer["ok"]:
        return "ok"
    error = answer["error"]
    if error["type"] == "internal_error" or "\n" in error["message"]:
        return CRASH
    return str(error["type"])


def timed(case: Callable[[], str]) -> str:
    """Run one case: its outcome, CRASH if it raised, FREEZE if it took too long (processor
    time, so that a busy machine does not make freezes of its own)."""
    start = time.process_time()
    try:
        outcome = case()
    except Exception:  # an exception out of a way in is exactly what the fuzz looks for
        outcome = CRASH
    return FREEZE if time.process_time() - start > FREEZE_SECONDS else outcome


def _dumps(data: Any) -> str:
    return json.dumps(data, allow_nan=True)
