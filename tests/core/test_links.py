"""Share links: compact, versioned, and safe to open whatever they hold."""

from __future__ import annotations

import base64
import contextlib
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyapp.links import LinkError, decode, encode
from pyapp.rules import Request, rule
from tests.core.strategies import requests
from tests.scenarios import SCENARIOS


@pytest.mark.parametrize("s", SCENARIOS[:12], ids=[s.name for s in SCENARIOS[:12]])
def test_round_trip_gives_the_same_table_and_ruling(s) -> None:  # type: ignore[no-untyped-def]
    request = Request.model_validate(s.request())
    opened = decode(encode(request))
    assert opened == request and rule(opened) == rule(request)


@given(requests())
def test_round_trip_any_request(request: Request) -> None:
    assert decode(encode(request)) == request


def test_links_are_compact() -> None:
    """A typical table fits comfortably in a forum post's link."""
    request = Request.model_validate(SCENARIOS[0].request())
    assert len(encode(request)) < 200


def _pack(text: str, version: int = 1) -> str:
    data = base64.urlsafe_b64encode(zlib.compress(text.encode())).decode().rstrip("=")
    return f"{version}.{data}"


@pytest.mark.parametrize(("payload", "kind", "words"), [
    ("", "not_a_link", "not a Castaway Referee link"),
    ("hello", "not_a_link", "not a Castaway Referee link"),
    ("0.abc", "unsupported_version", "no longer reads"),
    ("7.abc", "unsupported_version", "newer Castaway Referee"),
    ("1.<script>", "corrupt", "damaged"),
    ("1.eJzLSM3JyVcozy_KSQEAGgQEXQ", "corrupt", "damaged"),
    ("1.AAAA", "corrupt", "damaged"),
    (_pack('{"state": {}}'), "invalid", "not valid"),
    (_pack("[1, 2]"), "validation_error", "something else"),
    (_pack('{"version": 3}'), "unsupported_version", "something else"),
    (_pack("not json"), "corrupt", "not readable"),
    ("1." + "A" * 20_000, "too_long", "too long"),
])
def test_broken_or_hostile_links_say_why(payload: str, kind: str, words: str) -> None:
    with pytest.raises(LinkError) as caught:
        decode(payload)
    assert caught.value.kind == kind and words in caught.value.msg


def test_zip_bomb_is_refused() -> None:
    bomb = base64.urlsafe_b64encode(zlib.compress(b" " * 5_000_000, 9)).decode().rstrip("=")
    with pytest.raises(LinkError, match="too large"):
        decode("1." + bomb)


@given(st.text(max_size=300))
def test_any_text_is_a_link_error_or_a_request(text: str) -> None:
    """Fuzz: no failure other than LinkError, whatever the fragment holds."""
    with contextlib.suppress(LinkError):
        decode(text)
