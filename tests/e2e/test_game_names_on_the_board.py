"""The board's lists say the game's names in the page's language: an Invention, an Item, a
Treasure, a Discovery token, a token, a marker or a space of the board that is the game's is
the catalogue's (bracketed in the pseudo-locale); a name the players typed is drawn as typed,
inside `data-typed`."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, expect

from pyapp.links import encode
from pyapp.rules import Request
from pyapp.rules.i18n import _, language

from .board_harness import check_clean, demo, open_board, set_table
from .test_pseudo_locale import bare_words

TABLE = demo(inventions=[{"name": "Pot", "built": True}, {"name": "Ana's raft"}],
             treasures=["saber"], discovery_tokens=["Candles", "Lucky shell"],
             equipment=[{"name": "Bible"}],
             spaces=[{"id": "weather", "tokens": ["rain"]},
                     {"id": "Ana's hut", "markers": ["black"]}])
# (region, a game's name as the players listed it, its message in the catalogue)
GAME_NAMES = [("finds", "Pot", "Pot"), ("finds", "saber", "Saber"),
              ("finds", "Candles", "Candles"), ("finds", "Bible", "Bible"),
              ("spaces", "weather", "the Weather space"), ("spaces", "rain", "Rain"),
              ("spaces", "black", "black")]
TYPED = [("finds", "Ana's raft"), ("finds", "Lucky shell"), ("spaces", "Ana's hut")]


def test_the_boards_lists_say_the_games_names_from_the_catalogue(
        browser: Browser, site_url: str) -> None:
    booted, _held = open_board(browser, site_url, url="index.html?lang=x-pseudo",
                               viewport=(1280, 1800))
    page = booted.page
    try:
        set_table(page, TABLE)
        for region, typed, msgid in GAME_NAMES:
            with language("x-pseudo"):
                said = _(msgid)
            shown = page.locator(f"[data-testid=region-{region}]")
            expect(shown).to_contain_text(said)
            assert not shown.locator("[data-typed]", has_text=typed).count(), typed
        for region, typed in TYPED:
            expect(page.locator(f"[data-testid=region-{region}] [data-typed]",
                                has_text=typed).first).to_be_visible()
        assert bare_words(page, "[data-testid=region-finds]") == []
        assert bare_words(page, "[data-testid=region-spaces]") == []
        check_clean(booted)
    finally:
        page.context.close()


WIDGET_REQUEST: dict[str, Any] = {
    "state": {"characters": [{"role": "cook"}], "first_player": "cook",
              "inventions": [{"name": "Pot", "built": True}, {"name": "Ana's raft"}],
              "treasures": ["Saber"], "spaces": [{"id": "weather", "tokens": ["rain"]}]},
    "effect": {"demands": [{"kind": "combat", "strength": 2, "beast": "Tiger"}]},
}


def test_the_widget_says_the_games_names_from_the_catalogue(
        browser: Browser, site_url: str) -> None:
    """The widget's table and its ruling: the game's names bracketed, the players' own as
    typed inside a bracketed sentence."""
    link = encode(Request.model_validate(WIDGET_REQUEST))
    booted, _held = open_board(browser, site_url, url=f"widget.html?lang=x-pseudo#r={link}",
                               viewport=(800, 1200), wait=False)
    page = booted.page
    try:
        page.wait_for_selector('html[data-ruling-shown="true"]', state="attached",
                               timeout=120_000)
        with language("x-pseudo"):
            names = [_(n) for n in ("Pot", "Saber", "the Weather space", "Rain", "Tiger")]
        body = page.locator("body")
        for name in names:
            expect(body).to_contain_text(name)
        expect(body).to_contain_text("Ana's raft")
        assert bare_words(page) == []
        check_clean(booted)
    finally:
        page.context.close()
