"""Share links: a request (table, effect, house rules) in a compact, versioned URL fragment.

`#r=1.<data>`: version 1 is the request JSON without its default values, compressed with
zlib (deflate) and written in URL-safe base64 without padding. The fragment never reaches a
server. Decoding is bounded (link length, inflated size) and every failure is a `LinkError`
that says in plain words what is wrong; nothing is half-read."""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib

from pydantic import ValidationError

from .api import RequestError, request_from
from .reading import JsonTooBig, read_json
from .rules.errors import RefereeError
from .rules.formats import Request
from .rules.i18n import _
from .rules.plain import plain_message

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


class LinkError(RefereeError):
    """A share link that cannot be opened, and why, in words for the player: `kind` says
    which way it fails ("too_long"), and its code is "link_" and that kind."""

    def __init__(self, kind: str, msg: str) -> None:
        super().__init__("", msg)
        self.kind = kind
        self.code = f"link_{kind}"


def encode(request: Request) -> str:
    """The fragment payload for a request: `1.<base64url(deflate(json))>`."""
    data = request.model_dump(mode="json", exclude_defaults=True)
    data["version"] = request.version  # always say which format the JSON is in
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    packed = zlib.compress(text.encode("utf-8"), 9)
    return f"{LINK_VERSION}." + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(payload: str) -> Request:
    """The request in a link's payload; LinkError says why one cannot be opened."""
    payload = payload.strip()
    if len(payload) > MAX_LINK:
        raise LinkError("too_long", _("This link is too long to be a Castaway Referee link "
                                      "({n} characters).", n=len(payload)))
    version, sep, data = payload.partition(".")
    if not sep or not _VERSION.fullmatch(version):
        raise LinkError("not_a_link", _("This is not a Castaway Referee link."))
    if int(version) != LINK_VERSION:
        raise LinkError("unsupported_version", _version_message(int(version)))
    return _request(_inflate(data))


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


def _request(text: bytes) -> Request:
    try:
        data = read_json(text, "link")
    except JsonTooBig as exc:
        raise LinkError("validation_error", _("This link cannot be opened: {why}",
                                              why=_lower(exc.msg))) from None
    except ValueError:  # not UTF-8, or not JSON
        raise LinkError("corrupt", _("This link is damaged: its contents are not "
                                     "readable.")) from None
    try:
        return request_from(data)
    except RequestError as exc:
        raise LinkError(exc.code, _("This link holds something else: {why}",
                                    why=_lower(exc.msg))) from None
    except ValidationError as exc:
        raise LinkError("invalid", _("This link's table is not valid: {why}",
                                     why=_lower(plain_message(exc.errors())))) from None


def _lower(sentence: str) -> str:
    """A sentence continued after a colon: "The link is ..." -> "the link is ..."."""
    return sentence[:1].lower() + sentence[1:] if sentence[1:2].islower() else sentence
