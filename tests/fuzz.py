"""Fuzzing the ways in: mutated requests, session commands and share links.

Shared by the short run in the tests (tests/core/test_fuzz.py) and the long run in
bench/fuzz_bench.py. A case passes when the answer is a ruling or a *typed* error (never
`internal_error`, never an exception) and a refused session command leaves the table as it was.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

from pyapp.api import rule_json
from pyapp.links import LinkError, decode, encode
from pyapp.rules import Request
from pyapp.rules.history import History
from pyapp.session import Session
from tests.scenarios import SCENARIOS

ODD_VALUES: list[Any] = [
    None, True, False, 0, -1, 1, 2**31, -(2**63), 1e308, float("nan"), "", "x" * 5000,
    "<script>alert(1)</script>", "javascript:alert(1)", "\u0000", "💥", [], {}, [[[]]],
    {"kind": "discard"}, "cook", "friday", "jenny", "dog", 3.5, "-1", "13",
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
        answer = json.loads(rule_json(text))
        kind = "ruling" if answer["ok"] else answer["error"]["type"]
        if kind == "internal_error":
            raise AssertionError(f"internal error for {text[:500]}: {answer['error']}")
        outcomes[kind] += 1
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
        before = session.history
        answer = json.loads(session.handle_json(_dumps(mutate(rng.choice(commands), rng))))
        kind = "ok" if answer["ok"] else answer["error"]["type"]
        if kind == "internal_error":
            raise AssertionError(f"internal error: {answer['error']}")
        if not answer["ok"] and session.history is not before:
            raise AssertionError("a refused command changed the table")
        outcomes[kind] += 1
    return outcomes


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
        try:
            decode("".join(link))
            outcomes["request"] += 1
        except LinkError as exc:
            outcomes[exc.kind] += 1
    return outcomes


def _dumps(data: Any) -> str:
    return json.dumps(data, allow_nan=True)
