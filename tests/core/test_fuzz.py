"""A short fuzz run in the tests; the long one is `bench/fuzz_bench.py`."""

from __future__ import annotations

from tests.fuzz import CRASH, FREEZE, fuzz_hostile, fuzz_links, fuzz_requests, fuzz_session


def test_mutated_requests_get_a_ruling_or_a_typed_error() -> None:
    outcomes = fuzz_requests(400, seed=1)
    assert outcomes["validation_error"] and sum(outcomes.values()) == 400
    assert not outcomes[CRASH] and not outcomes[FREEZE], outcomes


def test_mutated_session_commands_change_nothing_when_refused() -> None:
    outcomes = fuzz_session(300, seed=2)
    assert sum(outcomes.values()) == 300 and len(outcomes) > 1
    assert not outcomes[CRASH] and not outcomes[FREEZE], outcomes


def test_damaged_links_never_fail_otherwise() -> None:
    outcomes = fuzz_links(400, seed=3)
    assert sum(outcomes.values()) == 400 and outcomes["corrupt"]
    assert not outcomes[CRASH] and not outcomes[FREEZE], outcomes


def test_hostile_texts_through_every_way_in_get_typed_errors() -> None:
    """Deep nesting, huge numbers and lists, control characters: never a crash."""
    outcomes = fuzz_hostile(300, seed=4)
    assert sum(outcomes.values()) == 300 and outcomes["validation_error"]
    assert not outcomes[CRASH] and not outcomes[FREEZE], outcomes
