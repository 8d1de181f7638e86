"""The message catalogue's build: every word a player reads, extracted, pseudo-translated,
compiled and checked with Babel (a build-time tool; the app reads the compiled catalogues
with the standard library's gettext, pyapp/rules/i18n.py).

    python tools/i18n.py extract   locale/messages.pot from pyapp/ (`_`, `n_`, `N_`), the
                                   data files (card names and texts, the FAQ's questions,
                                   setups and sources), the page's JavaScript (`t`, `tn`)
                                   and the HTML pages' text; each locale/<lang>.po is
                                   brought up to date with it (new entries empty)
    python tools/i18n.py init LANG locale/LANG.po, a new language's empty catalogue
    python tools/i18n.py pseudo    the pseudo-locale x-pseudo from the .pot
    python tools/i18n.py compile   x-pseudo, then for every language its .mo
                                   (pyapp/locale/<lang>/LC_MESSAGES/messages.mo, package
                                   data; static/locale/<lang>.mo, the same for the browser's
                                   core) and the page's JSON (static/locale/<lang>.json),
                                   and the list the page offers (static/locale/languages.json)
    python tools/i18n.py --check   fails when locale/messages.pot is not what `extract`
                                   writes, or a language misses entries or has fuzzy ones

Sources (committed): locale/messages.pot and locale/<lang>.po. Products (built, ignored by
git): the .mo files, static/locale/*.json and x-pseudo's catalogue.
"""

from __future__ import annotations

import argparse
import gettext
import io
import json
import re
import shutil
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "locale"
POT = SOURCES / "messages.pot"
MO_DIR = ROOT / "pyapp" / "locale"
WEB_DIR = ROOT / "static" / "locale"
PSEUDO = "x-pseudo"
PROJECT = "castaway-referee"
# Fixed so that extracting twice writes the same file (the check compares them).
DATE = datetime(2026, 1, 1, tzinfo=UTC)

PY_KEYWORDS: dict[str, Any] = {"_": None, "n_": (1, 2), "N_": None}
JS_KEYWORDS: dict[str, Any] = {"t": None, "tn": (1, 2)}
# Data text a player reads: the fields of each file's records that go through the catalogue.
DATA_FIELDS = {
    "pyapp/data/cards.json": ("cards", ("name", "text", "part", "note")),
    "pyapp/data/faq.json": ("entries", ("question", "answer", "setup")),
}
FAQ_SOURCES = ("pyapp/data/faq.json", "sources", ("name", "about"))
HTML_PAGES = ("index.html", "widget.html", "faq.html")
HTML_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")


# ------------------------------------------------------------------ extract


def _extracted_code() -> Iterator[tuple[str, str | tuple[str, str], list[str]]]:
    """(file, message, comments) of every marked call in pyapp/ and static/."""
    for top, method, keywords in (("pyapp", "python", PY_KEYWORDS),
                                  ("static", "javascript", JS_KEYWORDS)):
        pattern = "**.py" if method == "python" else "**.js"
        found = extract_from_dir(
            ROOT / top, [("vendor/**", "ignore"), (pattern, method)], keywords=keywords,
            comment_tags=("Translators:",), strip_comment_tags=True)
        for filename, _lineno, message, comments, _context in found:
            yield f"{top}/{filename}", message, list(comments)


def _extracted_clauses() -> Iterator[tuple[str, str, list[str]]]:
    """The clauses' titles and texts, read from the table the core serves (CLAUSES)."""
    sys.path.insert(0, str(ROOT))
    from pyapp.rules.clauses import CLAUSES

    for clause in CLAUSES.values():
        for item in (clause, *clause.parts):
            yield "pyapp/rules/clauses.py", item.title, [f"clause {item.id}, title"]
            yield "pyapp/rules/clauses.py", item.text, [f"clause {item.id}, text"]


def _extracted_fields() -> Iterator[tuple[str, str, list[str]]]:
    """Every model's field names, as a refusal names a place it has no words for
    ("the amount of demand 1": pyapp/rules/plain.py)."""
    sys.path.insert(0, str(ROOT))
    import pyapp.service  # noqa: F401  (imports every model)
    from pyapp.rules.base import Value
    from pyapp.rules.plain import WORDS

    models: list[type] = []
    stack: list[type] = [Value]
    while stack:
        model = stack.pop()
        models.append(model)
        stack += model.__subclasses__()
    names = {name for m in models for name in getattr(m, "model_fields", {})}
    for name in sorted(names - set(WORDS)):
        yield "pyapp/rules/plain.py", name.replace("_", " "), ["a field's name, in a refusal"]


def _extracted_data() -> Iterator[tuple[str, str, list[str]]]:
    """(file, text, comments) of the data files' player-facing fields."""
    for rel, (key, fields) in [*DATA_FIELDS.items(), (FAQ_SOURCES[0], FAQ_SOURCES[1:])]:
        records = json.loads((ROOT / rel).read_text(encoding="utf-8")).get(key, [])
        for record in records:
            for field in fields:
                if record.get(field):
                    yield rel, record[field], [f"{key}: {record.get('id') or record.get('key')}"
                                               f", {field}"]
    # The Beasts the catalogue's cards fight, by name ("Predator"): said through the catalogue
    # wherever a ruling names them (pyapp/rules/names.py).
    rel = "pyapp/data/cards.json"
    for record in json.loads((ROOT / rel).read_text(encoding="utf-8"))["cards"]:
        for beast in _beasts(record["effect"]):
            yield rel, beast, [f"cards: {record['id']}, the Beast it fights"]
    # The card list's records (cards of the box a search finds, those that ask for nothing
    # included): their name, what they do, and why they ask for nothing.
    rel = "pyapp/data/card_list.json"
    for deck_key, deck in json.loads((ROOT / rel).read_text(encoding="utf-8"))["decks"].items():
        for record in deck["cards"]:
            for field in ("name", "text", "out"):
                if record.get(field):
                    yield rel, record[field], [f"card list: {deck_key}, {field}"]
            for benefit in record.get("benefits", ()):  # an Item's ability, said when lost
                if benefit.get("text"):
                    yield rel, benefit["text"], [f"card list: {deck_key}, an Item's ability"]


def _beasts(data: Any) -> Iterator[str]:
    """The Beasts a card's effect (JSON data) fights, by name."""
    if isinstance(data, dict):
        if data.get("kind") == "combat" and data.get("beast"):
            yield data["beast"]
        for value in data.values():
            yield from _beasts(value)
    elif isinstance(data, list):
        for value in data:
            yield from _beasts(value)


class _PageText(HTMLParser):
    """The text of an HTML page a player reads: text between tags (outside script, style and
    template) and the attributes that are read aloud or shown, each with its whitespace runs
    taken as one space, as static/shared/i18n.js's translateDocument looks them up."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "template"):
            self._skip += 1
        self.texts += [" ".join(v.split()) for k, v in attrs
                       if k in HTML_ATTRIBUTES and v and v.strip() and not self._skip]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        text = " ".join(data.split())
        if text and not self._skip and re.search(r"[A-Za-z]", text):
            self.texts.append(text)


def _extracted_pages() -> Iterator[tuple[str, str, list[str]]]:
    for page in HTML_PAGES:
        parser = _PageText()
        parser.feed((ROOT / page).read_text(encoding="utf-8"))
        for text in parser.texts:
            yield page, text, []


def template() -> Catalog:
    """The .pot: every message once, with the files that use it (no line numbers, so that
    moving code does not make it stale)."""
    pot = Catalog(project=PROJECT, version="1", creation_date=DATE, revision_date=DATE,
                  fuzzy=False, charset="utf-8")
    for rel, message, comments in [*_extracted_code(), *_extracted_clauses(),
                                   *_extracted_fields(), *_extracted_data(),
                                   *_extracted_pages()]:
        key = message[0] if isinstance(message, tuple) else message
        old = pot.get(key)
        if old is None:
            flags = ["python-brace-format"] if re.search(r"\{\w+\}", key) else []
            pot.add(message, locations=[(rel, None)], auto_comments=comments, flags=flags)
        else:
            if (rel, None) not in old.locations:
                old.locations.append((rel, None))
    return pot


def po_text(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, include_lineno=False, sort_by_file=False)
    return out.getvalue()


# ------------------------------------------------------------------ languages


def languages() -> list[str]:
    """The real languages: each has locale/<lang>.po."""
    return sorted(p.stem for p in SOURCES.glob("*.po"))


def read_catalog(path: Path, locale: str | None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def update(lang: str, pot: Catalog) -> Catalog:
    """A language's catalogue brought up to date with the .pot (new entries empty)."""
    path = SOURCES / f"{lang}.po"
    catalog = read_catalog(path, lang) if path.is_file() else Catalog(locale=lang,
                                                                        project=PROJECT)
    catalog.update(pot, update_header_comment=False, no_fuzzy_matching=True)
    catalog.revision_date = DATE
    catalog.creation_date = DATE
    return catalog


# ------------------------------------------------------------------ pseudo

_ACCENTS = str.maketrans("aeiouyAEIOUYcnsz", "áéíóúýÁÉÍÓÚÝçñšž")
_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")


def pseudo(text: str) -> str:
    """⟦Dísçáŕd {amount} {what}·····⟧: bracketed, accented, a third longer, placeholders kept."""
    parts = _PLACEHOLDER.split(text)
    words = "".join(p if i % 2 else p.translate(_ACCENTS) for i, p in enumerate(parts))
    plain = sum(len(p) for i, p in enumerate(parts) if not i % 2)
    return "⟦" + words + "·" * -(-plain // 3) + "⟧"


def pseudo_catalog(pot: Catalog) -> Catalog:
    """x-pseudo: every message of the .pot pseudo-translated, in English's two plural forms."""
    catalog = Catalog(locale=None, project=PROJECT, creation_date=DATE, revision_date=DATE,
                      fuzzy=False, charset="utf-8")
    for m in pot:
        if not m.id:
            continue
        string: str | tuple[str, ...] = (tuple(pseudo(s) for s in m.id) if m.pluralizable
                                         else pseudo(m.id))
        catalog.add(m.id, string, locations=m.locations, flags=m.flags)
    return catalog


# ------------------------------------------------------------------ compile


def plural_map(plural_locale: str, nplurals: int, expr: str) -> dict[str, int]:
    """CLDR's plural categories (what JS's Intl.PluralRules answers) -> the catalogue's
    plural indexes, found by asking both rules about the same counts at build time."""
    cldr = Locale.parse(plural_locale.replace("-", "_")).plural_form
    index_of = gettext.c2py(expr)
    found: dict[str, int] = {}
    for n in [*range(0, 1001), 10**6, 2 * 10**6, 10**9]:
        category, index = cldr(n), index_of(n)
        if found.setdefault(category, index) != index:
            raise SystemExit(f"{plural_locale}: CLDR's '{category}' is both plural form "
                             f"{found[category]} and {index} of {expr!r}")
        if index >= nplurals:
            raise SystemExit(f"{plural_locale}: {expr!r} gives form {index} of {nplurals}")
    return found


def web_json(lang: str, catalog: Catalog) -> bytes:
    """The page's catalogue: msgid -> text, or a list of plural forms, with the plural rule
    as data (Intl.PluralRules categories -> form indexes; the page evaluates no code)."""
    plural_locale = "en" if lang == PSEUDO else lang
    messages: dict[str, str | list[str]] = {}
    for m in catalog:
        if not m.id or not m.string or "fuzzy" in m.flags:
            continue
        if m.pluralizable:
            if all(m.string):
                messages[m.id[0]] = list(m.string)
        else:
            messages[m.id] = m.string
    data = {"language": lang, "pluralLocale": plural_locale,
            "plural": plural_map(plural_locale, catalog.num_plurals, catalog.plural_expr),
            "messages": messages}
    return (json.dumps(data, ensure_ascii=False, sort_keys=True, indent=0) + "\n").encode()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def write_if_changed(path: Path, data: bytes) -> None:
    if path.is_file() and path.read_bytes() == data:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    print(f"wrote {path.relative_to(ROOT)}")


def own_name(code: str) -> str:
    """A language by its own name, as a reader looks for it: English, Polski, Deutsch,
    Français, Español (CLDR's, its first letter capitalised)."""
    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


def languages_json() -> bytes:
    """The languages this build has, for the page's language control (never x-pseudo)."""
    offered = [{"code": code, "name": own_name(code)} for code in ("en", *languages())]
    return (json.dumps(offered, ensure_ascii=False) + "\n").encode()


def compile_all() -> None:
    pot = read_catalog(POT, None)
    catalogs = {PSEUDO: pseudo_catalog(pot)}
    catalogs |= {lang: read_catalog(SOURCES / f"{lang}.po", lang) for lang in languages()}
    for lang, catalog in catalogs.items():
        mo = mo_bytes(catalog)
        write_if_changed(MO_DIR / lang / "LC_MESSAGES" / "messages.mo", mo)
        # The browser's core fetches it from the site when it first speaks the language (the
        # app wheel carries no catalogue: pyapp/bridge.py).
        write_if_changed(WEB_DIR / f"{lang}.mo", mo)
        write_if_changed(WEB_DIR / f"{lang}.json", web_json(lang, catalog))
    write_if_changed(WEB_DIR / "languages.json", languages_json())
    # A language whose .po is gone leaves nothing behind (its files would be offered,
    # precached and searched).
    for stale in [*MO_DIR.glob("*/LC_MESSAGES/messages.mo"), *WEB_DIR.glob("*.mo"),
                  *WEB_DIR.glob("*.json")]:
        lang = stale.parent.parent.name if stale.name == "messages.mo" else stale.stem
        if lang not in catalogs and lang != "languages":
            stale.unlink()
            print(f"removed {stale.relative_to(ROOT)}")
            if stale.name == "messages.mo":
                shutil.rmtree(stale.parent.parent)


# ------------------------------------------------------------------ check


def problems() -> list[str]:
    """What is wrong with the committed catalogues, in words ([] when nothing)."""
    found = []
    pot = template()
    if not POT.is_file() or POT.read_bytes() != po_text(pot):
        found.append(f"{POT.relative_to(ROOT)} is stale: run `make messages`")
    for lang in languages():
        catalog = read_catalog(SOURCES / f"{lang}.po", lang)
        missing = [m.id for m in pot if m.id and (
            (t := catalog.get(m.id)) is None or not t.string
            or (t.pluralizable and not all(t.string)))]
        fuzzy = [m.id for m in catalog if m.id and "fuzzy" in m.flags]
        found += [f"locale/{lang}.po: {len(missing)} message(s) untranslated, first "
                  f"{_first(missing)!r}"] if missing else []
        found += [f"locale/{lang}.po: {len(fuzzy)} fuzzy message(s), first "
                  f"{_first(fuzzy)!r}"] if fuzzy else []
    return found


def _first(ids: list[Any]) -> str:
    first = ids[0]
    return str(first[0] if isinstance(first, tuple) else first)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", nargs="?", choices=("extract", "init", "pseudo", "compile"))
    parser.add_argument("lang", nargs="?")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    if args.check:
        wrong = problems()
        for line in wrong:
            print(line, file=sys.stderr)
        return 1 if wrong else 0
    if args.command == "extract":
        pot = template()
        write_if_changed(POT, po_text(pot))
        for lang in languages():
            write_if_changed(SOURCES / f"{lang}.po", po_text(update(lang, pot)))
    elif args.command == "init":
        if not args.lang or (SOURCES / f"{args.lang}.po").exists():
            parser.error("init needs a language without a catalogue, e.g. `init pl`")
        write_if_changed(SOURCES / f"{args.lang}.po",
                         po_text(update(args.lang, read_catalog(POT, None))))
    elif args.command == "pseudo":
        write_if_changed(MO_DIR / PSEUDO / "LC_MESSAGES" / "messages.po",
                         po_text(pseudo_catalog(read_catalog(POT, None))))
    elif args.command == "compile":
        compile_all()
    else:
        parser.error("say what to do: extract, init LANG, pseudo, compile or --check")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
