"""Every word a player reads comes from one message catalogue: the catalogue is complete, a
language is switched as a whole, and counted words take the form the language's plural rule
picks (CLDR's, compiled by Babel), never an English "n == 1" guess."""

from __future__ import annotations

import gettext
import importlib.util
import io
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from pyapp.rules import i18n
from pyapp.rules.i18n import UnknownLanguage, _, language, n_
from pyapp.service import Service

ROOT = Path(__file__).resolve().parents[2]


def build_tool() -> ModuleType:
    """tools/i18n.py, the catalogue's build, imported as a module."""
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["i18n_tool"] = module
    spec.loader.exec_module(module)
    return module


TOOL = build_tool()


def test_the_committed_catalogue_holds_every_message_in_use() -> None:
    """locale/messages.pot is what extraction writes now: no message is used but missing."""
    assert TOOL.problems() == []


def test_english_is_the_message_itself_with_its_placeholders_filled() -> None:
    """English needs no catalogue: the msgid is the text."""
    assert _("Discard {amount} {what}", amount=2, what="wood") == "Discard 2 wood"
    assert n_("{n} Wound", "{n} Wounds", 1) == "1 Wound"
    assert n_("{n} Wound", "{n} Wounds", 4) == "4 Wounds"


def test_a_language_is_switched_for_a_block_and_back() -> None:
    """Within `language(code)` every sentence is that language's; after it, English again."""
    with language("x-pseudo"):
        assert i18n.current() == "x-pseudo"
        assert _("Termites").startswith("⟦")
    assert i18n.current() == "en"
    assert _("Termites") == "Termites"


def test_an_unknown_language_is_refused_by_name() -> None:
    """A language without a catalogue is an error naming it; the language spoken is kept."""
    with pytest.raises(UnknownLanguage, match="'tlh'"):
        i18n.set_language("tlh")
    with pytest.raises(UnknownLanguage):
        i18n.set_language("../x-pseudo")
    assert i18n.current() == "en"


def test_the_pseudo_locale_keeps_placeholders_and_is_a_third_longer() -> None:
    """x-pseudo brackets and accents every message, lengthens it, and leaves `{name}` whole."""
    text = TOOL.pseudo("Discard {amount} {what}")
    assert text.startswith("⟦") and text.endswith("⟧")
    assert "{amount}" in text and "{what}" in text
    assert len(text) >= len("Discard {amount} {what}") + len("Discard  ") // 3
    with language("x-pseudo"):
        assert _("If possible, discard 1 wood.").startswith("⟦Íf póššíblé")


def polish() -> gettext.GNUTranslations:
    """A small Polish catalogue, its Plural-Forms from Babel's CLDR data (three forms)."""
    catalog = Catalog(locale="pl")
    catalog.add(("{n} Wound", "{n} Wounds"), ("{n} rana", "{n} rany", "{n} ran"))
    out = io.BytesIO()
    write_mo(out, catalog)
    out.seek(0)
    return gettext.GNUTranslations(out)


POLISH = "pl-x-test"  # a test's own code: a real Polish catalogue may come
i18n.add_language(POLISH, polish())


@pytest.mark.parametrize(("n", "said"), [
    (1, "1 rana"), (2, "2 rany"), (4, "4 rany"), (5, "5 ran"), (12, "12 ran"),
    (22, "22 rany"), (25, "25 ran"), (0, "0 ran")])
def test_polish_counts_take_the_form_its_plural_rule_picks(n: int, said: str) -> None:
    """Polish has three forms: 1 rana, 2-4 (and 22-24) rany, 5 (and 12, 25, 0) ran."""
    with language(POLISH):
        assert n_("{n} Wound", "{n} Wounds", n) == said


def test_the_pages_plural_rule_is_data_mapped_from_cldr_categories() -> None:
    """The page's JSON maps Intl.PluralRules' categories to the catalogue's form indexes."""
    plural = TOOL.plural_map("pl", 3, Catalog(locale="pl").plural_expr)
    assert plural == {"one": 0, "few": 1, "many": 2}
    assert TOOL.plural_map("en", 2, "(n != 1)") == {"one": 0, "other": 1}


def test_the_page_tells_the_core_its_language_and_the_data_follows() -> None:
    """After `language`, the cards, the FAQ and the clauses answer in that language."""
    service = Service()
    try:
        told = json.loads(service.call("language", '{"language": "x-pseudo"}'))
        assert told["ok"] and told["language"] == "x-pseudo"
        card = json.loads(service.call("catalogue", ""))["catalogue"]["cards"][0]
        faq = json.loads(service.call("faq", ""))["faq"]["entries"][0]
        clause = json.loads(service.call("clauses", ""))["clauses"]["C1"]
        said = [card["name"], card["text"], faq["question"], faq["setup"], clause["title"],
                clause["text"]]
        assert all(s.startswith("⟦") and s.endswith("⟧") for s in said), said
    finally:
        i18n.set_language("en")
    assert json.loads(service.call("catalogue", ""))["catalogue"]["cards"][0]["name"] == "Termites"


def test_a_language_the_core_has_no_words_for_is_refused() -> None:
    """An unknown language is a typed refusal naming it; the core keeps speaking English."""
    answer = json.loads(Service().call("language", '{"language": "tlh"}'))
    assert answer["ok"] is False and answer["error"]["type"] == "unknown_language"
    assert "'tlh'" in answer["error"]["message"]
    assert i18n.current() == "en"


def test_an_empty_text_stays_empty_in_every_language() -> None:
    """gettext's msgid "" is the catalogue's header; an empty field is never translated to it."""
    with language("x-pseudo"):
        assert _("") == ""


def test_a_loaded_language_keeps_its_catalogue() -> None:
    """Words said in a language are kept by its code, so its catalogue is never replaced."""
    with pytest.raises(ValueError, match="already has its catalogue"):
        i18n.add_language(POLISH, polish())
