"""Each language speaks its edition's own words, and its catalogue is whole and well formed.

A language is a catalogue (locale/<lang>.po) and a glossary (locale/glossary/<lang>.json,
docs/i18n.md): the edition's printed term for each of the game's terms and each card's name,
with the public source it comes from, or `term: null` and why, the English term then kept in
brackets ("[Storm Damage]"), never an invented one. The rules checked here:

- the glossary's shape, and every source it cites exists, with its web address (https, or
  the http address it was published at);
- a message that IS a glossary term says exactly the term (or "[en]");
- a message that contains the term as a word says one of its `forms` (or keeps the English
  in brackets) in every plural form. A capitalised term (the rulebook's "Wound", "Night") is
  matched as written, so that "spends the night" is not taken for the Night phase; a
  lower-case one ("wood") in any case. A card's one-word name ("Fire") is checked where it
  is the whole message only: as a word inside a sentence it is as often the plain word;
- every translation keeps its message's {placeholders} exactly and fills every plural form
  the language's plural rule has;
- a Polish ruling says 1, 2 and 5 Wounds in the three forms of Polish.

Each check runs for every language found in locale/*.po, and on small fixtures that show what
it catches, so it tests something before a language is merged and after."""

from __future__ import annotations

import gettext
import io
import json
import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from pyapp.rules import Request, rule
from pyapp.rules.i18n import add_language, language

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale"
LANGUAGES = sorted(p.stem for p in LOCALE.glob("*.po"))
KINDS = ("term", "scenario", "card")


def read_catalog(text: bytes, lang: str | None) -> Catalog:
    return read_po(io.BytesIO(text), locale=lang)


POT = read_catalog((LOCALE / "messages.pot").read_bytes(), None)


def catalogue_of(lang: str) -> Catalog:
    return read_catalog((LOCALE / f"{lang}.po").read_bytes(), lang)


def glossary_of(lang: str) -> dict[str, Any]:
    path = LOCALE / "glossary" / f"{lang}.json"
    assert path.is_file(), f"locale/{lang}.po has no glossary: {path.relative_to(ROOT)}"
    found = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(found, dict), f"{path.relative_to(ROOT)} is not a JSON object"
    return found


# ------------------------------------------------------------------ the checks


def shape_problems(glossary: Any, lang: str) -> list[str]:
    """What is wrong with the glossary's shape and its sources, in words."""
    if not isinstance(glossary, dict):
        return ["the glossary is not an object"]
    found = []
    if glossary.get("language") != lang:
        found.append(f"its language is {glossary.get('language')!r}, not {lang!r}")
    if not isinstance(glossary.get("edition"), str) or not glossary["edition"].strip():
        found.append("it does not say which edition its terms come from")
    sources = glossary.get("sources")
    if not isinstance(sources, dict) or not sources:
        return [*found, "it names no sources"]
    for key, source in sources.items():
        if not isinstance(source, dict) or not all(
                isinstance(source.get(f), str) and source[f].strip()
                for f in ("title", "url", "what")):
            found.append(f"the source {key!r} needs a title, a url and what it gave")
        elif not re.fullmatch(r"https?://[^\s/]+\.[^\s/]+(/\S*)?", source["url"]):
            found.append(f"the source {key!r} has no web address: {source['url']!r}")
    terms = glossary.get("terms")
    if not isinstance(terms, list) or not terms:
        return [*found, "it has no terms"]
    for term in terms:
        found += term_problems(term, sources)
    return found


def term_problems(term: Any, sources: dict[str, Any]) -> list[str]:
    if not isinstance(term, dict) or not isinstance(term.get("en"), str) or not term["en"]:
        return [f"a term without its English words: {term!r}"]
    en = term["en"]
    found = []
    if term.get("kind") not in KINDS:
        found.append(f"{en!r}: its kind is {term.get('kind')!r}, not one of {KINDS}")
    if not mentioned(en, (ids_of(m)[0] for m in POT if m.id)):
        found.append(f"{en!r} is not a word of the catalogue (locale/messages.pot)")
    if term.get("term") is None:
        if not isinstance(term.get("why"), str) or not term["why"].strip():
            found.append(f"{en!r} has no term and does not say why")
        return found
    said, forms = term.get("term"), term.get("forms")
    if not isinstance(said, str) or not said.strip():
        found.append(f"{en!r}: its term is not words")
    elif not isinstance(forms, list) or not all(isinstance(f, str) and f for f in forms):
        found.append(f"{en!r}: its forms are not a list of words")
    elif said.casefold() not in {f.casefold() for f in forms}:
        found.append(f"{en!r}: its forms do not include the term {said!r}")
    if term.get("source") not in sources:
        found.append(f"{en!r} cites {term.get('source')!r}, which is not one of its sources")
    return found


def word_pattern(en: str) -> re.Pattern[str]:
    """`en` as a word of a sentence: as written when capitalised ("Wood", not the "Woods" of
    a card's name), else in any case."""
    flags = 0 if en[:1].isupper() else re.IGNORECASE
    return re.compile(rf"(?<!\w){re.escape(en)}(?!\w)", flags)


def kept_in_brackets(text: str, en: str) -> bool:
    """The English kept in brackets where the edition's word is not known ("[Food Crates]"
    holds "Food")."""
    return any(en.casefold() in kept.casefold() for kept in re.findall(r"\[([^\[\]]+)\]", text))


def mentioned(en: str, msgids: Iterator[str]) -> bool:
    pattern = word_pattern(en)
    return any(msgid == en or pattern.search(msgid) for msgid in msgids)


def ids_of(message: Message) -> tuple[str, ...]:
    """The message's msgid, and its plural msgid if it has one."""
    found = message.id
    return tuple(str(i) for i in found) if isinstance(found, tuple | list) else (str(found),)


def said_forms(message: Message) -> tuple[str, ...]:
    """The translation, each plural form of it if it has them."""
    found = message.string
    return tuple(str(s) for s in found) if isinstance(found, tuple | list) else (
        str(found or ""),)


def term_use_problems(glossary: dict[str, Any], catalog: Catalog) -> list[str]:
    """Where a message's translation does not say a glossary term as the glossary does."""
    found = []
    for term in glossary["terms"]:
        en, said = term["en"], term.get("term")
        bracketed = f"[{en}]"
        forms = [f.casefold() for f in term.get("forms") or ()] + [bracketed.casefold()]
        whole = {said, bracketed} if said else {bracketed}
        inside = term["kind"] != "card" or len(en.split()) > 1
        pattern = word_pattern(en)
        for message in catalog:
            msgid = ids_of(message)[0]
            if not msgid or not all(said_forms(message)):
                continue  # untranslated: `tools/i18n.py --check` names it
            if not message.pluralizable and msgid == en:
                if message.string not in whole:
                    found.append(f"{msgid!r} is {message.string!r}, not "
                                 f"{' or '.join(map(repr, sorted(whole)))}")
            elif inside and any(pattern.search(re.sub(r"\{\w*\}", " ", m))
                                for m in ids_of(message)):  # "{food}" names a value
                for text in said_forms(message):
                    if not any(f in text.casefold() for f in forms) and not kept_in_brackets(
                            text, en):
                        found.append(f"{msgid!r} says {text!r}, without the term {en!r} "
                                     f"as {said or bracketed!r} or one of its forms")
    return found


def placeholders(text: str) -> set[str] | None:
    """The `{name}` fields of a message (None when its braces are broken)."""
    try:
        return {name for _lit, name, _spec, _conv in string.Formatter().parse(text)
                if name is not None}
    except ValueError:
        return None


def translation_problems(catalog: Catalog) -> list[str]:
    """Translations that lose, add or break a placeholder, or miss a plural form."""
    found = []
    for message in catalog:
        if not message.id or not all(said_forms(message)):
            continue
        ids = ids_of(message)
        wanted = [placeholders(i) for i in ids]
        if message.pluralizable and len(said_forms(message)) != catalog.num_plurals:
            found.append(f"{ids[0]!r} has {len(said_forms(message))} plural forms, "
                         f"the language {catalog.num_plurals}")
        for text in said_forms(message):
            have = placeholders(text)
            if have is None:
                found.append(f"{ids[0]!r}: the translation {text!r} has a broken brace")
            elif have not in wanted:
                found.append(f"{ids[0]!r}: the translation {text!r} has the placeholders "
                             f"{sorted(have)}, the message {sorted(wanted[-1] or ())}")
    return found


# ------------------------------------------------------------------ every language

def test_the_build_has_the_four_editions_and_their_glossaries() -> None:
    """Polish, German, French and Spanish are the product, each with its glossary: the tests
    that run per language (here and end to end) can never pass by finding none."""
    assert LANGUAGES == ["de", "es", "fr", "pl"]
    assert sorted(p.stem for p in (LOCALE / "glossary").glob("*.json")) == LANGUAGES


NO_LANGUAGE = pytest.param("", marks=pytest.mark.skip(
    reason="no locale/<lang>.po yet: the fixtures below run the checks"))
languages_with_catalogues = pytest.mark.parametrize("lang", LANGUAGES or [NO_LANGUAGE])


@languages_with_catalogues
def test_the_glossary_has_its_shape_and_names_its_sources(lang: str) -> None:
    """The edition, its sources (each with a title, a web address and what it gave), and
    each term with its kind, its printed words and their source, or why there are none."""
    assert shape_problems(glossary_of(lang), lang) == []


@languages_with_catalogues
def test_the_catalogue_says_the_glossarys_terms(lang: str) -> None:
    """A message that is a term says the term; one that contains it says one of its forms;
    a term without a known edition's word keeps the English in brackets."""
    assert term_use_problems(glossary_of(lang), catalogue_of(lang)) == []


@languages_with_catalogues
def test_every_translation_keeps_its_placeholders_and_plural_forms(lang: str) -> None:
    """{who}, {n} and the others are all there, no more, and every plural form is filled."""
    assert translation_problems(catalogue_of(lang)) == []


# ------------------------------------------------------------------ what the checks catch

SOURCES = {"box": {"title": "the box's rulebook", "url": "https://example.org/rules.pdf",
                   "what": "the game's terms"}}
GOOD = {"language": "pl", "edition": "Portal Games, 2016, Robinson Crusoe", "sources": SOURCES,
        "terms": [{"en": "Wound", "kind": "term", "term": "Rana",
                   "forms": ["rana", "rany", "ran", "ranę"], "source": "box"},
                  {"en": "Storm", "kind": "card", "term": None,
                   "why": "no public source found for this edition's printed name"}]}


def changed(path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    out = json.loads(json.dumps(GOOD))
    place = out
    for key in path[:-1]:
        place = place[key]
    if value is ...:
        del place[path[-1]]
    else:
        place[path[-1]] = value
    return out


@pytest.mark.parametrize(("glossary", "problem"), [
    (GOOD, None),
    (changed(("language",), "de"), "its language is 'de', not 'pl'"),
    (changed(("edition",), ""), "does not say which edition"),
    (changed(("sources", "box", "url"), "example.org/rules.pdf"), "no web address"),
    (changed(("sources", "box", "what"), ...), "needs a title, a url and what it gave"),
    (changed(("terms", 0, "source"), "wiki"), "cites 'wiki', which is not one of its sources"),
    (changed(("terms", 0, "forms"), ["rany"]), "do not include the term 'Rana'"),
    (changed(("terms", 1, "why"), ...), "has no term and does not say why"),
    (changed(("terms", 0, "kind"), "thing"), "its kind is 'thing'"),
    (changed(("terms", 0, "en"), "Woundz"), "'Woundz' is not a word of the catalogue"),
])
def test_a_glossary_with_a_fault_is_told_what_is_wrong(glossary: dict[str, Any],
                                                        problem: str | None) -> None:
    found = shape_problems(glossary, "pl")
    assert (found == []) if problem is None else any(problem in f for f in found), found


FIXTURE_PO = """
msgid ""
msgstr ""
"Language: pl\\n"
"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && "
"(n%100<10 || n%100>=20) ? 1 : 2);\\n"
"Content-Type: text/plain; charset=utf-8\\n"

msgid "Wound"
msgstr "{whole_wound}"

msgid "Storm"
msgstr "{whole_storm}"

msgid "{{who}} suffers {{n}} Wound"
msgid_plural "{{who}} suffers {{n}} Wounds"
msgstr[0] "{{who}} otrzymuje {{n}} ranę"
msgstr[1] "{{who}} otrzymuje {{n}} {few}"
msgstr[2] "{{who}} otrzymuje {{n}} ran"

msgid "{{sentence}}."
msgstr "{sentence}"
"""


def fixture(whole_wound: str = "Rana", whole_storm: str = "[Storm]", few: str = "rany",
            sentence: str = "{sentence}.") -> Catalog:
    """A small Polish catalogue written out as a .po, read the way the build reads one."""
    text = FIXTURE_PO.format(whole_wound=whole_wound, whole_storm=whole_storm, few=few,
                             sentence=sentence)
    return read_catalog(text.encode(), "pl")


@pytest.mark.parametrize(("catalog", "problem"), [
    (fixture(), None),
    (fixture(whole_wound="Zranienie"), "'Wound' is 'Zranienie', not 'Rana' or '[Wound]'"),
    (fixture(whole_storm="Burza"), "'Storm' is 'Burza', not '[Storm]'"),
    (fixture(few="obrażenia"), "without the term 'Wound' as 'Rana' or one of its forms"),
])
def test_a_translation_that_does_not_say_the_term_is_named(catalog: Catalog,
                                                            problem: str | None) -> None:
    found = term_use_problems(GOOD, catalog)
    assert (found == []) if problem is None else any(problem in f for f in found), found


@pytest.mark.parametrize(("catalog", "problem"), [
    (fixture(), None),
    (fixture(few="{m} rany"), "has the placeholders ['m', 'n', 'who']"),
    (fixture(sentence="{sentence"), "has a broken brace"),
    (fixture(sentence="{sentence} {who}."), "has the placeholders ['sentence', 'who']"),
])
def test_a_translation_that_loses_a_placeholder_is_named(catalog: Catalog,
                                                         problem: str | None) -> None:
    found = translation_problems(catalog)
    assert (found == []) if problem is None else any(problem in f for f in found), found


def test_a_missing_plural_form_is_named() -> None:
    catalog = fixture()
    wound = catalog.get(("{who} suffers {n} Wound", "{who} suffers {n} Wounds"))
    assert wound is not None
    wound.string = wound.string[:2]
    assert any("has 2 plural forms, the language 3" in f for f in translation_problems(catalog))


# ------------------------------------------------------------------ Polish plurals in a ruling

FIXTURE_CODE = "pl-x-fixture"  # the fixture above, compiled here; a real pl.po may come too
WOUNDS = ("{who} suffers {n} Wound", "{who} suffers {n} Wounds")


def compiled(catalog: Catalog) -> gettext.GNUTranslations:
    out = io.BytesIO()
    write_mo(out, catalog)
    out.seek(0)
    return gettext.GNUTranslations(out)


add_language(FIXTURE_CODE, compiled(fixture()))
POLISH = [pytest.param(FIXTURE_CODE, id="fixture"),
          pytest.param("pl", id="pl", marks=pytest.mark.skipif(
              not (LOCALE / "pl.po").is_file(),
              reason="locale/pl.po is absent (the fixture catalogue stands in)"))]


def cook_short_of_wood(n: int) -> Request:
    """The Cook alone must discard n wood and has none: n Wounds."""
    return Request.model_validate({
        "state": {"characters": [{"role": "cook", "name": "Ana"}], "first_player": "cook"},
        "effect": {"demands": [{"kind": "discard", "wood": n}]}})


@pytest.mark.parametrize("code", POLISH)
@pytest.mark.parametrize(("n", "form"), [(1, 0), (2, 1), (5, 2)])
def test_a_polish_ruling_says_1_2_and_5_wounds_in_its_three_forms(code: str, n: int,
                                                                  form: int) -> None:
    """Polish's plural rule (CLDR, in the catalogue's Plural-Forms) gives 1 its first form,
    2 its second ("few") and 5 its third ("many"); the ruling's headline says that form."""
    catalog = fixture() if code == FIXTURE_CODE else catalogue_of("pl")
    message = catalog.get(WOUNDS[0])
    assert message is not None and message.pluralizable
    forms = said_forms(message)
    assert catalog.num_plurals == 3 and len(set(forms)) == 3, forms
    assert gettext.c2py(catalog.plural_expr)(n) == form
    with language(code):
        ruling = rule(cook_short_of_wood(n))
    assert ruling.words is not None
    headline = ruling.words.headline
    assert says(headline, forms[form], n), (headline, forms[form])
    assert not any(says(headline, other, n) for other in set(forms) - {forms[form]}), headline


def says(sentence: str, form: str, n: int) -> bool:
    """`form` with n filled is in the sentence, around whatever name fills {who}, each of
    its pieces ending where a word ends."""
    pieces = [p for p in form.replace("{n}", str(n)).split("{who}") if p.strip()]
    return bool(pieces) and all(re.search(re.escape(p) + r"(?!\w)", sentence) for p in pieces)
