"""The embeddable widget: share links, the embed code, framing from another origin, and the
postMessage API (docs/embed-example.html is the host page, served on a second local port)."""

from __future__ import annotations

import http.server
import json
import re
import shutil
import threading
import tomllib
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import pytest
from playwright.sync_api import Frame, Page, expect

from pyapp.api import rule_json
from pyapp.links import decode, encode
from pyapp.rules.faq import faq
from pyapp.rules.formats import Request

from .harness import ROOT, App

SHOWN = 'html[data-ruling-shown="true"]'
EXAMPLES = [(e.id, e.example.model_dump(mode="json")) for e in faq().entries]
TIED_UP = next(example for name, example in EXAMPLES if name == "tied-up")
RULE, RULING, ERROR = (f"castaway-referee:{t}" for t in ("rule", "ruling", "error"))
WAIT_MS = 120_000


AXE = "static/vendor/axe-core-4.14.1/axe.min.js"


SIZES = [(1280, 800), (800, 1280), (1440, 900)]
SIZE_IDS = ["tablet-landscape", "tablet-portrait", "desktop"]


def axe_violations(page: Page, site_url: str) -> list[dict[str, Any]]:
    """axe-core's violations on the page, of any impact (axe served by the site)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(url=site_url + AXE)
    found: list[dict[str, Any]] = page.evaluate(
        """async () => {
          const { violations } = await window.axe.run(document, { resultTypes: ["violations"] });
          return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")} :: ${n.failureSummary}`),
          }));
        }"""
    )
    return found


# Every visible link, button, field and disclosure, with its size, if under 44 px either way.
SMALL_TARGETS = """() => [...document.querySelectorAll(
    "a[href], button, input, select, textarea, summary")]
  .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== "hidden"
    && !el.closest("[hidden]") && !el.closest(".visually-hidden"))
  .map((el) => {
    const r = el.getBoundingClientRect();
    return [el.id || el.className || el.tagName, el.textContent.trim().slice(0, 40),
            Math.round(r.width), Math.round(r.height)];
  })
  .filter(([, , w, h]) => w < 44 || h < 44)"""


def small_targets(page: Page | Frame) -> list[list[Any]]:
    found: list[list[Any]] = page.evaluate(SMALL_TARGETS)
    return found


def cpython_ruling(request: Any) -> dict[str, Any]:
    envelope: dict[str, Any] = json.loads(rule_json(json.dumps(request)))
    return envelope


def as_json(request: Request) -> dict[str, Any]:
    data: dict[str, Any] = request.model_dump(mode="json")
    return data


def shown(page: Page | Frame) -> tuple[dict[str, Any], dict[str, Any]]:
    """The request and the ruling the widget shows (its "As JSON" panel)."""
    request = json.loads(page.text_content("#request-json") or "null")
    ruling = json.loads(page.text_content("#ruling-json") or "null")
    return request, ruling


def open_link(page: Page, payload: str) -> None:
    """Point the open widget at another share link and wait until it shows it."""
    page.evaluate("(p) => { location.hash = 'r=' + p; }", payload)
    page.wait_for_function(
        "(p) => document.getElementById('open-board').href.endsWith('#r=' + p)", arg=payload
    )


# --------------------------------------------------------------- headers


def header_blocks() -> dict[str, dict[str, str]]:
    config = tomllib.loads((ROOT / "netlify.toml").read_text())
    return {
        b["for"]: {k.lower(): " ".join(str(v).split()) for k, v in b["values"].items()}
        for b in config["headers"]
    }


def test_only_the_widget_may_be_framed() -> None:
    """netlify.toml: the widget's CSP is the site's but for frame-ancestors, and it
    overrides X-Frame-Options; every other page keeps frame-ancestors 'none' and DENY."""
    blocks = header_blocks()
    site, widget = blocks["/*"], blocks["/widget.html"]
    assert set(widget) == {"content-security-policy", "x-frame-options"}
    assert site["content-security-policy"].endswith("frame-ancestors 'none'")
    # The site's policy also allows index.html's inline <style> by its hash; the widget has none.
    site_csp = re.sub(r" 'sha256-[^']+'", "", site["content-security-policy"])
    assert widget["content-security-policy"] == site_csp.replace(
        "frame-ancestors 'none'", "frame-ancestors *"
    )
    assert widget["x-frame-options"] == "ALLOWALL"


def test_the_dev_server_gives_the_widget_its_own_headers(
    open_page: Callable[..., App], site_url: str
) -> None:
    """tools/serve.py applies the widget's block over the site's, and only to the widget."""
    page = open_page(site_url + "widget.html").page
    for path, ancestors, xfo in [
        ("widget.html", "*", "ALLOWALL"),
        ("faq.html", "'none'", "DENY"),
        ("", "'none'", "DENY"),
        ("index.html", "'none'", "DENY"),
    ]:
        headers = page.request.head(site_url + path).headers
        assert headers["content-security-policy"].endswith(f"frame-ancestors {ancestors}"), path
        assert headers["x-frame-options"] == xfo, path
        assert headers["cache-control"] == "no-cache", path


# ------------------------------------------------------------ share links


@pytest.fixture(scope="module")
def widget(open_page: Callable[..., App], site_url: str) -> App:
    """The widget, top level, opened on the C2 example's share link."""
    booted = open_page(f"{site_url}widget.html#r={encode(Request.model_validate(TIED_UP))}")
    booted.page.wait_for_selector(SHOWN, state="attached", timeout=WAIT_MS)
    return booted


def test_the_widget_shows_a_share_link(widget: App, site_url: str) -> None:
    """The link's situation and the ruling the core computes for it, with its clauses."""
    page = widget.page
    request, ruling = shown(page)
    assert request == as_json(Request.model_validate(TIED_UP))
    assert ruling == cpython_ruling(TIED_UP)["ruling"]
    clauses = page.eval_on_selector_all(
        "[data-testid=steps] li", "els => els.map(e => e.dataset.clause)"
    )
    assert clauses == [s["clause"] for s in ruling["steps"]] and "C2" in clauses
    assert page.locator("[data-testid=board] .figure").count() == 2
    assert page.locator("[data-testid=planned-action] .cube-wood").count() == 2
    href = page.get_attribute("#open-board", "href") or ""
    payload = href.split("#r=", 1)[1]
    assert href.startswith(site_url + "index.html#r=")
    assert as_json(decode(payload)) == request
    assert widget.problems() == []


def test_share_links_round_trip_through_the_widget(widget: App) -> None:
    """Every FAQ example, encoded in the browser, opens in the widget as the same table,
    effect and house rules, with the ruling CPython gives."""
    page = widget.page
    for name, example in EXAMPLES:
        payload = page.evaluate("(r) => window.referee.links.encode(r)", example)
        open_link(page, payload)
        request, ruling = shown(page)
        assert request == as_json(Request.model_validate(example)), name
        assert ruling == cpython_ruling(example)["ruling"], name
    assert widget.problems() == []


@pytest.mark.parametrize(
    ("payload", "words"),
    [
        (
            "0.eNpLzs8pSSxOLVbIzVXITSxKTcwpBgBJhwdm",
            "link format 0, which this Castaway Referee no longer reads",
        ),
        ("7.abc", "made by a newer Castaway Referee"),
        ("1.eNpFTksKAyEMvUvWbtqlVylDCRoZGWskkTJl8", "damaged"),
        ("1.%%%not-base64%%%", "damaged"),
        ("hello", "not a Castaway Referee link"),
    ],
    ids=["older-version", "newer-version", "cut-short", "bad-characters", "not-a-link"],
)
def test_a_bad_link_says_why_and_breaks_nothing(widget: App, payload: str, words: str) -> None:
    """An old, new, damaged or foreign link gives a clear message; storage is untouched and
    the next good link opens as usual."""
    page = widget.page
    page.evaluate("localStorage.setItem('castaway-referee:saved-table', 'the players table')")
    page.evaluate("(p) => { location.hash = 'r=' + p; }", payload)
    page.wait_for_function(
        "(w) => document.getElementById('widget-view').dataset.state === 'error'"
        " && document.getElementById('widget-view').textContent.includes(w)",
        arg=words,
    )
    assert page.text_content("#widget-view .notice-title") == "This link cannot be opened."
    assert page.is_hidden("#open-board") and page.is_hidden("#as-json")
    assert page.evaluate("localStorage.length") == 1
    assert (
        page.evaluate("localStorage.getItem('castaway-referee:saved-table')") == "the players table"
    )
    open_link(page, encode(Request.model_validate(TIED_UP)))
    assert shown(page)[1] == cpython_ruling(TIED_UP)["ruling"]
    page.evaluate("localStorage.clear()")
    assert widget.problems() == []


def test_copy_embed_code(widget: App, site_url: str) -> None:
    """The embed code frames this situation and names the origins the user allows."""
    page = widget.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click("#embed-toggle")
    page.fill(
        "#embed-origins",
        "https://forum.example\nnot an origin, https://wiki.example/ HTTPS://Forum.Example:443",
    )
    page.click("#copy-embed")
    page.wait_for_selector("#copy-status:has-text('Copied.')")
    code = page.input_value("#embed-code")
    payload = (page.get_attribute("#open-board", "href") or "").split("#r=", 1)[1]
    src = (
        f"{site_url}widget.html#r={payload}&origin={quote('https://forum.example', safe='')}"
        f"&origin={quote('https://wiki.example', safe='')}"
    )
    assert code.startswith(f'<iframe src="{src.replace("&", "&amp;")}" title=')
    assert page.evaluate("navigator.clipboard.readText()") == code
    assert "not" in (page.text_content("#embed-invalid") or "")
    assert axe_violations(page, site_url) == []
    page.click("#embed-toggle")
    assert widget.problems() == []


# What a careless or hostile user might type into the allowed-origins box, each refused.
HOSTILE_ORIGINS = [
    'https://forum.example"',
    "https://forum.example'><script>alert(1)</script>",
    'onload="alert(1)"',
    "https://forum.example/path",
    "https://forum.example?x=1",
    "javascript:alert(document.domain)",
    "data:text/html,<script>alert(1)</script>",
    "https://user:pw@forum.example",
    "https://a_b.example",
    "https://forum.example\u202e",
    "*",
]

# The embed code as the browser's HTML parser reads it: its elements and the iframe's
# attributes, and the origins and payload its fragment names.
PARSE_EMBED = """(code) => {
  const doc = new DOMParser().parseFromString(code, "text/html");
  const all = [...doc.body.querySelectorAll("*")].map((e) => e.localName);
  const frame = doc.querySelector("iframe");
  const src = new URL(frame.getAttribute("src"));
  const fragment = new URLSearchParams(src.hash.slice(1));
  return { elements: all, attributes: frame.getAttributeNames(), page: src.origin + src.pathname,
           origins: fragment.getAll("origin"), keys: [...new Set(fragment.keys())] };
}"""


def test_hostile_origins_never_reach_the_embed_code(widget: App, site_url: str) -> None:
    """Quotes, spaces, paths, javascript:, data:, credentials, bad host names and invisible
    characters typed into the allowed-origins box are left out of the embed code, each named
    in one plain line; the code stays one iframe with the same attributes, escaped."""
    page = widget.page
    open_link(page, encode(Request.model_validate(TIED_UP)))
    page.click("#embed-toggle")
    page.fill("#embed-origins", "\n".join(["https://ok.example", *HOSTILE_ORIGINS]))
    code = page.input_value("#embed-code")
    parsed = page.evaluate(PARSE_EMBED, code)
    assert parsed["elements"] == ["iframe"]
    assert parsed["attributes"] == [
        "src", "title", "width", "height", "loading", "referrerpolicy", "allow",
    ]  # fmt: skip
    assert parsed["page"] == site_url + "widget.html"
    assert parsed["origins"] == ["https://ok.example"]
    assert parsed["keys"] == ["r", "origin"]
    said = page.text_content("#embed-invalid") or ""
    assert said.startswith("Left out, not an origin:") and "\n" not in said
    for named in ['“https://forum.example"”', "javascript:", "data:", "“*”", "\\u{202e}"]:
        assert named in said, named
    assert page.evaluate("document.querySelectorAll('script:not([src]), iframe').length") == 0
    page.fill("#embed-origins", "")
    assert page.text_content("#embed-invalid") == ""
    page.click("#embed-toggle")
    assert widget.problems() == []


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_widget_is_accessible_in_every_state(
    widget: App, site_url: str, size: tuple[int, int]
) -> None:
    """No axe-core violation of any impact and no target under 44 px: the ruling shown, its
    JSON open, the embed panel open, and a link that cannot be opened."""
    page = widget.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    try:
        open_link(page, encode(Request.model_validate(TIED_UP)))
        assert axe_violations(page, site_url) == []
        assert small_targets(page) == []
        page.click("#as-json summary")
        assert page.is_visible("#ruling-json")
        assert axe_violations(page, site_url) == []
        assert small_targets(page) == []
        page.click("#as-json summary")
        page.click("#embed-toggle")
        assert page.is_visible("#embed-code")
        assert axe_violations(page, site_url) == []
        assert small_targets(page) == []
        page.click("#embed-toggle")
        page.evaluate("() => { location.hash = 'r=hello'; }")
        page.wait_for_selector("#widget-view[data-state=error]")
        assert axe_violations(page, site_url) == []
        assert small_targets(page) == []
        open_link(page, encode(Request.model_validate(TIED_UP)))
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})
    assert widget.problems() == []


def test_empty_tracks_are_drawn_as_numbered_spaces(widget: App) -> None:
    """Roof, Palisade and Weapon at 0 are tracks of numbered spaces with the marker on 0 (not
    empty boxes); a ruling's change shows where the marker was and where it is."""
    page = widget.page
    open_link(page, encode(Request.model_validate(TIED_UP)))  # no Shelter, every track at 0
    # The link may be the one already open (then open_link returns before it is drawn).
    page.wait_for_selector("[data-testid=board] [data-track=roof] .space")
    for track in ("roof", "palisade", "weapon"):
        spaces = page.locator(f"[data-testid=board] [data-track={track}] .space")
        assert spaces.all_text_contents() == ["0", "1", "2", "3", "4"], track
        marked = page.locator(f"[data-testid=board] [data-track={track}] .space-now")
        assert marked.all_text_contents() == ["0"], track
        assert marked.evaluate("(e) => getComputedStyle(e).backgroundColor") != (
            spaces.nth(1).evaluate("(e) => getComputedStyle(e).backgroundColor")
        )
    lowered = dict(
        TIED_UP,
        state=dict(TIED_UP["state"], shelter="built", roof=2),
        effect={"demands": [{"kind": "reduce", "track": "roof", "amount": 1}]},
    )
    open_link(page, encode(Request.model_validate(lowered)))
    roof = page.locator("[data-testid=board] [data-track=roof]")
    assert roof.locator(".space-was").all_text_contents() == ["2"]
    assert roof.locator(".space-now").all_text_contents() == ["1"]
    assert roof.locator(".track-value").text_content() == "2 → 1"
    assert widget.problems() == []


def test_a_named_victim_and_a_beasts_gains_are_said_in_words(widget: App) -> None:
    """A card that wounds "only the Explorer" names her as the table does, and a Beast's
    food and fur are part of the demand's words."""
    page = widget.page
    state = dict(
        TIED_UP["state"],
        characters=[
            dict(TIED_UP["state"]["characters"][0]),
            dict(TIED_UP["state"]["characters"][1], name="Chloé"),
        ],
    )
    named = dict(TIED_UP, state=state, effect={"demands": [
        {"kind": "wounds", "amount": 1, "victims": "explorer"},
        {"kind": "combat", "strength": 4, "weapon_loss": 1, "beast": "Goats", "food": 3, "fur": 1},
    ]})  # fmt: skip
    open_link(page, encode(Request.model_validate(named)))
    expect(page.locator("[data-testid=demands] li")).to_have_text(
        [
            "The card deals 1 Wound (it hits only Explorer (Chloé))",
            "Fight the Goats: strength 4, then the Weapon loses 1; it gives 3 food and 1 fur",
        ]
    )
    assert widget.problems() == []


def test_the_wound_dots_have_a_legend(widget: App) -> None:
    """The key under the figures names every mark of the wound dots, drawn as the dots are."""
    page = widget.page
    open_link(page, encode(Request.model_validate(TIED_UP)))  # the Explorer suffers 1 Wound
    legend = page.locator("[data-testid=board] .legend")
    assert legend.locator("li").all_text_contents() == [
        "Wounds already taken",
        "Wounds from this ruling",
        "Morale −1 when passed",
        "Death",
    ]
    style = "(e) => [getComputedStyle(e).backgroundImage, getComputedStyle(e).backgroundColor]"
    new_pip = page.locator(".figure[data-figure=explorer] .wd-new").first
    assert legend.locator(".wd-new").evaluate(style) == new_pip.evaluate(style)
    had = dict(
        TIED_UP,
        state=dict(
            TIED_UP["state"],
            characters=[{"role": "cook", "wounds": 2}, {"role": "explorer", "wounds": 1}],
        ),
    )
    open_link(page, encode(Request.model_validate(had)))
    assert legend.locator(".wd-had").evaluate(style) == (
        page.locator(".figure[data-figure=cook] .wd-had").first.evaluate(style)
    )
    assert widget.problems() == []


def test_rule_codes_link_to_their_faq_entry(widget: App, site_url: str) -> None:
    """Each step's rule code opens its FAQ entry (faq.html#C2) in a new tab: the FAQ may not
    be framed, and the widget usually is."""
    page = widget.page
    open_link(page, encode(Request.model_validate(TIED_UP)))
    links = page.eval_on_selector_all(
        "[data-testid=steps] li",
        "els => els.map(e => { const a = e.querySelector('a.clause-link');"
        " return [e.dataset.clause, a.href, a.target, a.rel]; })",
    )
    assert links and all(
        href == f"{site_url}faq.html#{code}" and target == "_blank" and "noopener" in rel
        for code, href, target, rel in links
    ), links
    assert widget.problems() == []


# ------------------------------------------------------------ cross-origin


@pytest.fixture(scope="module")
def host_origin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A second local server serving the example host page from another *site*: the site is
    on 127.0.0.1, the host on localhost, so the widget is a third-party frame there (its
    storage is denied, as on any site that embeds it), not merely another port's."""
    root: Path = tmp_path_factory.mktemp("host")
    shutil.copy(ROOT / "docs" / "embed-example.html", root / "embed-example.html")
    handler = partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    handler.log_message = lambda *args: None  # type: ignore[method-assign]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://localhost:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def host_page(open_page: Callable[..., App], site_url: str, host: str, query: str = "") -> App:
    url = f"{host}/embed-example.html?widget={quote(site_url + 'widget.html', safe='')}{query}"
    return open_page(url, also_allow=[host])


def widget_frame(page: Page) -> Frame:
    """The host page's widget iframe, once it has navigated to the widget."""
    iframe = page.wait_for_selector("#referee", state="attached")
    assert iframe is not None
    frame = iframe.content_frame()
    assert frame is not None
    frame.wait_for_url(re.compile(r"/widget\.html#"), timeout=WAIT_MS)
    return frame


@pytest.fixture(scope="module")
def host(open_page: Callable[..., App], site_url: str, host_origin: str) -> App:
    """The example host page on the second origin, embedding the widget, which allows it."""
    booted = host_page(open_page, site_url, host_origin)
    booted.page.wait_for_selector("body[data-widget-ready]", state="attached", timeout=WAIT_MS)
    return booted


def test_the_widget_works_framed_by_another_origin(
    host: App, host_origin: str, site_url: str
) -> None:
    """Framed cross-origin, the widget loads its rules (nothing blocked by the CSP) and says
    "ready" to the host page, for the host's origin."""
    assert urlsplit(host_origin).hostname != urlsplit(site_url).hostname  # another site
    frame = widget_frame(host.page)
    assert frame.get_attribute("html", "data-rules-ready") == "true"
    received = host.page.evaluate("castawayReferee.received")
    assert {"type": "castaway-referee:ready", "version": 1} in received
    assert host.problems() == []


def test_postmessage_round_trip(host: App) -> None:
    """The host sends a request; the widget answers with the ruling, under the same id,
    and shows the situation."""
    answer = host.page.evaluate("(r) => castawayReferee.ask(r)", TIED_UP)
    assert answer["type"] == RULING and answer["id"].startswith("q")
    assert answer["ruling"] == cpython_ruling(TIED_UP)["ruling"]
    frame = widget_frame(host.page)
    frame.wait_for_selector(SHOWN, state="attached")
    assert shown(frame) == (as_json(Request.model_validate(TIED_UP)), answer["ruling"])
    invalid = {"format": "castaway-referee/request", "version": 1, "state": {}}
    answer = host.page.evaluate("(r) => castawayReferee.ask(r)", invalid)
    assert answer["type"] == ERROR
    assert answer["error"] == cpython_ruling(invalid)["error"]
    assert host.problems() == []


# Messages an allowed host might send by mistake, by name (built in the host page: some
# cannot be written as JSON at all).
MALFORMED_JS = """(name) => {
  const rule = "castaway-referee:rule";
  const cyclic = {};
  cyclic.self = cyclic;
  const sparse = [];
  sparse[1e8] = 1;  // a few bytes to post; 500 MB once written as JSON
  let deep = 1;
  for (let i = 0; i < 1000; i += 1) deep = [deep];  // what postMessage can still send
  const message = {
    "string": "a string", "number": 42, "null": null, "array": [1, 2],
    "unknown type": {type: "castaway-referee:hello", id: "m1"},
    "no type": {id: "m2", request: {}},
    "no request": {type: rule, id: "m3"},
    "bad id": {type: rule, id: {no: "id"}, request: {}},
    "cyclic request": {type: rule, id: "m5", request: cyclic},
    "bigint in request": {type: rule, id: 6, request: {big: 10n}},
    "request not json": {type: rule, id: "m7", request: "{not json"},
    "request too large": {type: rule, id: "m8", request: "x".repeat(300000)},
    "invalid request": {type: rule, id: "m9", request: {state: 1}},
    "sparse request": {type: rule, id: "m10", request: sparse},
    "deep request": {type: rule, id: "m11", request: deep},
  }[name];
  document.getElementById("referee").contentWindow.postMessage(
    message, castawayReferee.widgetOrigin);
}"""
MALFORMED = [
    ("string", None, "bad_message"),
    ("number", None, "bad_message"),
    ("null", None, "bad_message"),
    ("array", None, "bad_message"),
    ("unknown type", "m1", "bad_message"),
    ("no type", "m2", "bad_message"),
    ("no request", "m3", "bad_message"),
    ("bad id", None, "bad_message"),
    ("cyclic request", "m5", "bad_request"),
    ("bigint in request", 6, "bad_request"),
    ("request not json", "m7", "invalid_json"),
    ("request too large", "m8", "bad_request"),
    ("invalid request", "m9", "validation_error"),
    ("sparse request", "m10", "bad_request"),
    ("deep request", "m11", "bad_request"),
]


@pytest.mark.parametrize(("name", "id_", "kind"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_messages_are_answered_with_errors(
    host: App, name: str, id_: Any, kind: str
) -> None:
    """Whatever an allowed origin sends, it gets a structured error back and nothing throws."""
    page = host.page
    count = page.evaluate("castawayReferee.received.length")
    page.evaluate(MALFORMED_JS, name)
    page.wait_for_function("(n) => castawayReferee.received.length > n", arg=count)
    answer = page.evaluate("(n) => castawayReferee.received[n]", count)
    assert answer["type"] == ERROR and answer["id"] == id_
    assert answer["error"]["type"] == kind
    assert answer["error"]["message"]
    assert all({"loc", "msg"} <= set(d) for d in answer["error"]["details"])
    assert host.problems() == []


def test_messages_from_other_origins_are_ignored(
    open_page: Callable[..., App], site_url: str, host_origin: str
) -> None:
    """Embedded with an allow-list that does not name the host, the widget neither says
    "ready" to it nor answers it; the embed code from its own "copy embed code", naming the
    host, then talks to it."""
    other = host_page(open_page, site_url, host_origin, "&allow=https%3A%2F%2Fforum.example")
    page = other.page
    frame = widget_frame(page)
    frame.wait_for_selector('html[data-rules-ready="true"]', state="attached", timeout=WAIT_MS)
    page.evaluate("() => { castawayReferee.ask({}); }")  # never answered: not awaited
    frame.wait_for_selector('html[data-messages-ignored="1"]', state="attached")
    assert page.evaluate("castawayReferee.received") == []

    # The widget's own embed code, naming this host, works from here.
    frame.click("#embed-toggle")
    frame.fill("#embed-origins", host_origin)
    code = frame.input_value("#embed-code")
    page.evaluate(
        """(code) => {
          window.fromSnippet = [];
          addEventListener("message", (e) => {
            window.fromSnippet.push({origin: e.origin, data: e.data});
          });
          document.body.insertAdjacentHTML("beforeend", code);
          document.body.lastElementChild.scrollIntoView();  // the snippet loads lazily
        }""",
        code,
    )
    page.wait_for_function("() => window.fromSnippet.length > 0", timeout=WAIT_MS)
    got = page.evaluate("window.fromSnippet[0]")
    assert got == {
        "origin": site_url.rstrip("/"),
        "data": {"type": "castaway-referee:ready", "version": 1},
    }
    assert other.problems() == []


def test_the_main_app_refuses_to_be_framed(host: App, site_url: str) -> None:
    """frame-ancestors 'none' still holds for the board and the FAQ: framed from the host
    page, the browser blocks them."""
    page = host.page
    for path in ("index.html", "faq.html"):
        with page.expect_console_message(lambda m: "frame-ancestors 'none'" in m.text):
            page.evaluate(
                """(url) => {
                  const frame = document.createElement("iframe");
                  frame.src = url;
                  document.body.append(frame);
                }""",
                site_url + path,
            )
        assert not [f for f in page.frames if f.url.startswith(site_url + path)]
    host.console_errors[:] = [e for e in host.console_errors if "frame-ancestors 'none'" not in e]
    assert host.problems() == []


def test_sparse_requests_are_refused_unwritten_and_the_widget_answers_on(host: App) -> None:
    """Ten requests that are each a sparse list (`a[1e8] = 1`): each is refused in words,
    measured without being written as JSON (which froze the widget for most of a minute and
    took half a gigabyte), and a real request sent after them is ruled."""
    page = host.page
    count = page.evaluate("castawayReferee.received.length")
    page.evaluate(
        """() => {
          const frame = document.getElementById("referee").contentWindow;
          for (let i = 0; i < 10; i += 1) {
            const sparse = [];
            sparse[1e8] = 1;
            frame.postMessage({type: "castaway-referee:rule", id: `sparse-${i}`, request: sparse},
                              castawayReferee.widgetOrigin);
          }
        }"""
    )
    page.wait_for_function("(n) => castawayReferee.received.length >= n + 10", arg=count)
    answers = page.evaluate("(n) => castawayReferee.received.slice(n)", count)
    assert sorted(a["id"] for a in answers) == sorted(f"sparse-{i}" for i in range(10))
    for got in answers:
        assert got["type"] == ERROR and got["error"]["type"] == "bad_request"
        assert got["error"]["message"] == ("The request cannot be read: it is too large (more "
                                           "than 256000 characters as JSON).")
    answer = page.evaluate("(r) => castawayReferee.ask(r)", TIED_UP)
    assert answer["type"] == RULING
    assert host.problems() == []
