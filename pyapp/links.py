"""Share links: a request (table, effect, house rules) in a compact, versioned URL fragment.

`#r=1.<data>`: version 1 is the request JSON without its default values, compressed with
zlib (deflate) and written in URL-safe base64 without padding. The fragment never reaches a
server. Decoding is bounded (link length, inflated size) and every failure is a `LinkError`
that says in plain words what is wrong; nothing is half-read.

The JSON may also hold `said` (`LinkWords`): the ruling's words as the core said them when
the link was made (its headline, its outcome lines with how sure each is, and their
language), so that a page can show them at once while the rules load, marked as being
checked. They are never the ruling: the rules rule the request again, and `holds` says
whether they still say the same. Words that are too long, not text or malformed are read as
no words (the link opens as one without them); a link that would pass its bounds with them
is written without them."""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import Field, StringConstraints, ValidationError

from .api import RequestError, request_from
from .reading import JsonTooBig, read_json
from .rules.base import Value
from .rules.errors import RefereeError
from .rules.formats import Request
from .rules.i18n import _, current, language
from .rules.plain import plain_message
from .rules.referee import rule
from .rules.state import PLAIN_TEXT

LINK_VERSION = 1
MAX_LINK = 16_000  # characters of fragment data we are willing to read
# Bytes a link may inflate to. The largest real table (4 characters, every tile, space,
# token, Item and Invention of a scenario, a long card) writes under 20 KB of JSON; a few
# hundred characters of link must not unpack into a table of 62,000 Discovery tokens, so
# the bound is a small multiple of what is real, not of what deflate allows.
MAX_JSON = 64_000
_DATA = re.compile(r"^[A-Za-z0-9_-]*$")
# A link format is a number of at most six ASCII digits: a longer one (a 5,000-digit
# "version") is no link at all, and is never handed to int().
_VERSION = re.compile(r"[0-9]{1,6}")
# The words a link may carry: a headline and at most MAX_SAID_LINES outcome lines, each at
# most MAX_SAID_LINE characters of plain text (the core's longest outcome line, a figure's
# Wounds with our ruling and its switch, is under 200).
MAX_SAID_LINE = 300
MAX_SAID_LINES = 12
SAID_LANG = r"^[a-z]{2,3}(-[A-Za-z0-9]{1,8}){0,2}$"
SaidLine = Annotated[str, StringConstraints(min_length=1, max_length=MAX_SAID_LINE,
                                            pattern=PLAIN_TEXT)]


class LinkWords(Value):
    """A ruling's words as the core said them when a link was made: shown, marked as being
    checked, until the rules have ruled the link again."""

    lang: Annotated[str, StringConstraints(max_length=20, pattern=SAID_LANG)] = Field(
        description="the language the words are in (a code such as en, pl, de)")
    headline: SaidLine = Field(description="the ruling's headline")
    outcome: tuple[SaidLine, ...] = Field(
        default=(), max_length=MAX_SAID_LINES,
        description="each outcome line with how sure it is (\"Explorer: 3 Wounds — rules\")")


@dataclass(frozen=True, slots=True)
class Opened:
    """A link opened: its request, and the words it carried (None: none, or unreadable)."""

    request: Request
    said: LinkWords | None


class LinkError(RefereeError):
    """A share link that cannot be opened, and why, in words for the player: `kind` says
    which way it fails ("too_long"), and its code is "link_" and that kind."""

    def __init__(self, kind: str, msg: str) -> None:
        super().__init__("", msg)
        self.kind = kind
        self.code = f"link_{kind}"


def encode(request: Request, said: LinkWords | None = None) -> str:
    """The fragment payload for a request: `1.<base64url(deflate(json))>`, with the words
    `said` when the link stays within its bounds with them (else without them)."""
    data = request.model_dump(mode="json", exclude_defaults=True)
    data["version"] = request.version  # always say which format the JSON is in
    if said is not None:
        worded, within = _pack({**data, "said": said.model_dump(mode="json",
                                                                  exclude_defaults=True)})
        if within:
            return worded
    return _pack(data)[0]


def _pack(data: dict[str, Any]) -> tuple[str, bool]:
    """The payload of `data`, and whether it is within a link's bounds."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    packed = base64.urlsafe_b64encode(zlib.compress(text, 9)).decode("ascii").rstrip("=")
    link = f"{LINK_VERSION}.{packed}"
    return link, len(link) <= MAX_LINK and len(text) <= MAX_JSON


def ruled_words(request: Request) -> LinkWords | None:
    """The words of the ruling on `request` as the core says them now, in its language, for a
    link; None when there is no ruling to word (the link then waits for the rules)."""
    try:
        words = rule(request).words
        if words is None:
            return None
        return LinkWords(lang=current(), headline=words.headline, outcome=words.outcome)
    except (RefereeError, ValidationError):
        return None


def decode(payload: str) -> Request:
    """The request in a link's payload; LinkError says why one cannot be opened."""
    return open_link(payload).request


def open_link(payload: str) -> Opened:
    """The request in a link's payload and the words it carried; LinkError says why a link
    cannot be opened (words it carried never make it fail: they are dropped)."""
    payload = payload.strip()
    if len(payload) > MAX_LINK:
        raise LinkError("too_long", _("This link is too long to be a Castaway Referee link "
                                      "({n} characters).", n=len(payload)))
    version, sep, data = payload.partition(".")
    if not sep or not _VERSION.fullmatch(version):
        raise LinkError("not_a_link", _("This is not a Castaway Referee link."))
    if int(version) != LINK_VERSION:
        raise LinkError("unsupported_version", _version_message(int(version)))
    return _opened(_inflate(data))


def holds(said: LinkWords, request: Request) -> bool | None:
    """Do the link's words say what the rules say of its request today, in the words'
    language? None when that cannot be told (a language this referee has no words for)."""
    try:
        with language(said.lang):
            now = ruled_words(request)
    except (RefereeError, ValueError, LookupError):
        return None
    return now is not None and (now.headline, now.outcome) == (said.headline, said.outcome)


def _version_message(version: int) -> str:
    if version > LINK_VERSION:
        return _("This link was made by a newer Castaway Referee (link format {version}); "
                 "reload the app to update it, then open the link again.", version=version)
    return _("This link uses link format {version}, which this Castaway Referee no longer reads "
             "(it reads format {current}).", version=version, current=LINK_VERSION)


def _inflate(data: str) -> bytes:
    if not _DATA.match(data):
        raise LinkError("corrupt", _("This link is damaged: it has characters a link never "
                                     "contains. Copy the whole link again."))
    try:
        packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
        inflater = zlib.decompressobj()
        text = inflater.decompress(packed, MAX_JSON)
    except (binascii.Error, ValueError, zlib.error):
        raise LinkError("corrupt", _("This link is damaged or cut short. Copy the whole link "
                                     "again.")) from None
    if inflater.unconsumed_tail:
        raise LinkError("too_long", _("This link is too large to open: it unpacks to more than "
                                      "{n} bytes, far more than any real table.",
                                      n=f"{MAX_JSON:,}"))
    if not inflater.eof:
        raise LinkError("corrupt", _("This link is damaged or cut short. Copy the whole link "
                                     "again."))
    return text


def _opened(text: bytes) -> Opened:
    try:
        data = read_json(text, "link")
    except JsonTooBig as exc:
        raise LinkError("validation_error", _("This link cannot be opened: {why}",
                                              why=_lower(exc.msg))) from None
    except ValueError:  # not UTF-8, or not JSON
        raise LinkError("corrupt", _("This link is damaged: its contents are not "
                                     "readable.")) from None
    said = _said(data.pop("said", None)) if isinstance(data, dict) else None
    try:
        return Opened(request_from(data), said)
    except RequestError as exc:
        raise LinkError(exc.code, _("This link holds something else: {why}",
                                    why=_lower(exc.msg))) from None
    except ValidationError as exc:
        raise LinkError("invalid", _("This link's table is not valid: {why}",
                                     why=_lower(plain_message(exc.errors())))) from None


def _said(value: object) -> LinkWords | None:
    """The words a link carried, or None when there are none or they are not readable."""
    if value is None:
        return None
    try:
        return LinkWords.model_validate(value)
    except ValidationError:
        return None


def _lower(sentence: str) -> str:
    """A sentence continued after a colon: "The link is ..." -> "the link is ..."."""
    return sentence[:1].lower() + sentence[1:] if sentence[1:2].islower() else sentence
