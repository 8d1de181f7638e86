"""The words' catalogue: every sentence a player reads is looked up here.

`_("Discard {amount} {what}", amount=2, what="wood")` is the sentence in the active
language with its placeholders filled; `n_(singular, plural, n)` picks the plural form the
language's rule gives for n (CLDR's rules, compiled into each catalogue's Plural-Forms by
Babel), with n also filled as `{n}`. English is the msgid itself. Compiled catalogues are
package data, `pyapp/locale/<code>/LC_MESSAGES/messages.mo` (built by `tools/i18n.py
compile`). The language is the core's one piece of state besides the session: a page has
one reader, and `language(code)` switches it for a block and back."""

from __future__ import annotations

import gettext
import io
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ENGLISH = "en"
DOMAIN = "messages"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


class UnknownLanguage(ValueError):
    """A language the referee has no catalogue for."""

    def __init__(self, code: str) -> None:
        super().__init__(_("There are no words for the language {code}; the languages are "
                           "{languages}.", code=repr(code), languages=", ".join(languages())))
        self.code = code


_loaded: dict[str, gettext.NullTranslations] = {}
# Catalogues kept outside the package (the browser's: the page's static/locale/<code>.mo,
# which the app wheel does not carry, so that a reader downloads only the language they
# use): what the languages are, and a language's compiled catalogue, each asked for when
# first needed (pyapp/bridge.py gives them).
_offered: Callable[[], tuple[str, ...]] | None = None
_fetch: Callable[[str], bytes | None] | None = None
_offered_codes: tuple[str, ...] | None = None
SAFE_CODE = re.compile(r"^(?:[a-z]{2,3}|x)(?:-[A-Za-z0-9]{1,8})*$")  # pl, pt-BR, x-pseudo
_active: gettext.NullTranslations | None = None  # None: English, the msgids themselves
_code = ENGLISH


def _(msgid: str, /, **params: object) -> str:
    """The sentence `msgid` in the active language, its `{name}` placeholders filled."""
    # gettext's "" is the catalogue's header: an empty text stays empty.
    text = msgid if _active is None or not msgid else _active.gettext(msgid)
    return text.format_map(params) if params else text


def n_(singular: str, plural: str, n: int, /, **params: object) -> str:
    """The form of a counted sentence that the language's plural rule picks for n."""
    if _active is None:
        text = singular if n == 1 else plural  # English's own rule, as its catalogue says
    else:
        text = _active.ngettext(singular, plural, n)
    params["n"] = n
    return text.format_map(params)


def N_(msgid: str, /) -> str:
    """Marks a sentence for the catalogue without translating it (data read at import)."""
    return msgid


def languages() -> tuple[str, ...]:
    """English and every language with a compiled catalogue (in the package, or offered)."""
    global _offered_codes
    built = {p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")}
    if _offered is not None and _offered_codes is None:
        _offered_codes = tuple(c for c in _offered() if c != ENGLISH and SAFE_CODE.match(c))
    return (ENGLISH, *sorted(built | set(_offered_codes or ())))


def catalogues_from(offered: Callable[[], tuple[str, ...]],
                    fetch: Callable[[str], bytes | None]) -> None:
    """Languages whose catalogues are not in the package: `offered()` lists them, and
    `fetch(code)` gives a language's compiled catalogue (None when there is none); each is
    asked for only when first needed."""
    global _offered, _fetch, _offered_codes
    _offered, _fetch, _offered_codes = offered, fetch, None


def editions() -> tuple[str, ...]:
    """Every language but English a card may be looked up in: those compiled and those added
    (never a private-use pseudo-language such as x-pseudo)."""
    return tuple(sorted(c for c in {*languages()[1:], *_loaded} if not c.startswith("x-")))


def current() -> str:
    """The active language's code."""
    return _code


def translations(code: str) -> gettext.NullTranslations | None:
    """The catalogue of `code` (None for English); UnknownLanguage when there is none."""
    if code == ENGLISH:
        return None
    found = _loaded.get(code)
    if found is None:
        path = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
        if "/" in code or "\\" in code or code.startswith(".") or not SAFE_CODE.match(code):
            raise UnknownLanguage(code)
        if path.is_file():
            with path.open("rb") as mo:
                found = _loaded[code] = gettext.GNUTranslations(mo)
        else:
            fetched = _fetch(code) if _fetch is not None else None
            if not fetched:
                raise UnknownLanguage(code)
            found = _loaded[code] = gettext.GNUTranslations(io.BytesIO(fetched))
    return found


def add_language(code: str, catalogue: gettext.NullTranslations) -> None:
    """Make a catalogue not in the package (a translator's draft, a test's) available. A
    language is loaded once: words said in it are kept by language code (the names, the
    clauses' titles), so its catalogue is never replaced."""
    if code == ENGLISH or _loaded.get(code, catalogue) is not catalogue:
        raise ValueError(f"the language {code!r} already has its catalogue")
    _loaded[code] = catalogue


def set_language(code: str) -> None:
    """Speak `code` from now on; UnknownLanguage (the active one unchanged) if there is none."""
    global _active, _code
    _active = translations(code)
    _code = code


@contextmanager
def language(code: str) -> Iterator[None]:
    """Speak `code` within the block, then the language spoken before it."""
    before = _code
    set_language(code)
    try:
        yield
    finally:
        set_language(before)
