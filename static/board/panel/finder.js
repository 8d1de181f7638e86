// @ts-check
// The card finder: the search box, the deck chips and the cards found. The search runs in
// the rules core (pyapp/rules/cardsearch.py, service "card_search"): names rank above text;
// case, accents and dashes do not matter; a typo or two is forgiven; a plain demand ("roof -1")
// comes first, ready to rule; a card of the box that asks for nothing is shown saying so (the
// core's words), and picking it puts the demand away; a miss shows the core's sentence and the nearest names, a tap away. Answers
// to an older query are dropped.

import { t } from "../../shared/i18n.js";
import { plainError } from "../../shared/labels.js";
import { h } from "../dom.js";
import { named } from "./controls.js";

// The decks a chip can search, in order.
const DECK_CHIPS = ["event", "threat", "adventure", "mystery", "beast", "weather", "night", "morale", "scenario"];

/** The decks, and the groups of a deck (an Adventure's Action, a Mystery's kind), by name. */
const DECK_NAMES = () => ({ event: t("Event"), threat: t("Threat"), adventure: t("Adventure"), mystery: t("Mystery"),
  beast: t("Beast"), weather: t("Weather"), night: t("Night"), morale: t("Morale"), scenario: t("Scenario"),
  book: t("Book"), totem: t("Totem"), build: t("Build"), explore: t("Explore"), gather: t("Gather"),
  creature: t("Creature"), trap: t("Trap"), treasure: t("Treasure") });

/** @param {import("./panel.js").Panel} p */
export function createFinder(p) {
  const { ctl, els } = p;
  let searchSeq = 0;

  function build() {
    els.search = h("input", { id: "demand-search", type: "search", autocomplete: "off", placeholder: t("Card name or words of its text"),
      data: { testid: "demand-search" }, oninput: (e) => { p.dispatch({ type: "searched", query: e.target.value }); searching = drawResults(); p.act.drawBar(); },
      onkeydown: onSearchKey });
    els.results = h("ul", { class: "card-results", id: "card-results", "aria-label": t("Cards found"), "aria-live": "polite", data: { testid: "card-results" } });
    els.decks = h("div", { class: "deck-chips", role: "group", "aria-label": t("Search only these decks"), data: { testid: "deck-chips" } });
    return h("div", { class: "search" },
      h("label", { for: "demand-search", text: t("Find the card, or type its demand (“discard 2 wood”, “roof −1”)") }), els.search, els.decks, els.results);
  }

  function drawDeckChips() {
    const { decks } = p.state;
    const names = DECK_NAMES();
    els.decks.replaceChildren(...DECK_CHIPS.map((key) => h("button", {
      type: "button", class: ["deck-chip", decks.includes(key) && "is-current"], "aria-pressed": String(decks.includes(key)),
      disabled: ctl.readonly, data: { testid: `deck-${key}`, key: `deck-${key}` },
      onclick: () => {
        const now = p.dispatch({ type: "deckToggled", deck: key }).decks;
        drawDeckChips();
        drawResults();
        ctl.say(now.length ? t("Searching only: {decks}.", { decks: now.map((d) => named(names, d)).join(", ") }) : t("Searching every deck."));
      },
    }, names[key])));
  }

  let searching = Promise.resolve(); // the search for what is typed, until it is drawn

  /** Enter picks the first result (the demand typed, else the best card) once the search
   * for what is typed has come; ↓ goes to the results. */
  function onSearchKey(/** @type {KeyboardEvent} */ e) {
    if (e.isComposing || (e.key !== "Enter" && e.key !== "ArrowDown")) return;
    e.preventDefault();
    const query = p.state.query;
    searching.then(() => {
      const first = /** @type {HTMLButtonElement | null} */ (els.results.querySelector("button.card-pick:not([disabled])"));
      if (!first || p.state.query !== query) return;
      if (e.key === "Enter") first.click();
      else first.focus();
    });
  }

  async function drawResults() {
    const seq = ++searchSeq;
    const { cards, query, decks } = p.state;
    if (!cards) {
      els.results.replaceChildren(query ? h("li", { class: "hint", text: t("The card list arrives with the rules…") }) : "");
      return;
    }
    const listing = !query.trim(); // nothing typed: a deck chip lists its deck's cards
    if (listing && !decks.length) {
      els.results.replaceChildren();
      return;
    }
    let found;
    try {
      found = await window.referee.call("card_search", JSON.stringify({ query, decks }));
    } catch (e) {
      if (seq === searchSeq) els.results.replaceChildren(h("li", { class: "hint", text: t("The search failed: {reason}", { reason: plainError(e) }) }));
      return;
    }
    if (seq !== searchSeq) return;
    const items = found.results.slice(0, listing ? found.results.length : 8).map((r) => resultItem(r, cards)).filter(Boolean);
    els.results.replaceChildren(...(items.length ? items : missItems(found)));
  }

  /** A miss: the core's sentence, the nearest names (a tap searches for that name), and the
   * way on to compose the demand. */
  function missItems(found) {
    const near = (found.nearest || []).map((name) => h("button", { type: "button", class: "deck-chip near-name", data: { testid: "near-name", key: `near-${name}` },
      onclick: () => { els.search.value = name; p.dispatch({ type: "searched", query: name }); drawResults(); } }, name));
    return [
      h("li", { class: "hint", data: { testid: "card-miss" }, text: found.miss || t("No card matches: tap what it asks for below.") }),
      near.length ? h("li", { class: "near-names" }, ...near) : null,
    ].filter(Boolean); // (the chips below say "Or tap what it asks for:" themselves)
  }

  function resultItem(r, cards) {
    if (r.kind === "nothing") {
      return h("li", {}, h("button", { type: "button", class: "card-pick is-nothing", data: { testid: "card-nothing", key: `nothing-${r.deck}-${r.name}` },
        disabled: ctl.readonly, onclick: () => p.act.pickNothing(r) },
        h("span", { class: "card-name", text: r.name }), h("span", { class: "card-deck", text: r.deck_name }),
        r.text ? h("span", { class: "card-text", text: r.text }) : null,
        h("span", { class: "card-flag", text: r.nothing }),
        h("span", { class: "card-text", text: r.reason })));
    }
    if (r.card === null) {
      return h("li", {}, h("button", { type: "button", class: "card-pick is-demand", data: { testid: "card-demand", key: "card-demand" },
        disabled: ctl.readonly, onclick: () => p.act.pickDemand(r) },
      h("span", { class: "card-name", text: r.name }), h("span", { class: "card-deck", text: t("Your demand") }),
      h("span", { class: "card-text", text: t("Rule exactly this, or pick a card below that contains it.") })));
    }
    const c = cards.find((x) => x.id === r.card);
    if (!c) return null;
    return h("li", {}, h("button", { type: "button", class: "card-pick", data: { testid: `card-${c.id}`, key: `card-${c.id}` },
      onclick: () => p.act.pickCard(c) },
    h("span", { class: "card-name", text: c.name }), h("span", { class: "card-deck", text: named(DECK_NAMES(), c.group || c.deck) }),
    h("span", { class: "card-text", text: c.text }),
    r.part_of ? h("span", { class: "card-why", data: { testid: "card-part-of" }, text: r.part_of }) : null,
    r.flag ? h("span", { class: "card-flag", text: r.flag }) : null,
    r.why === "contains the demand" ? h("span", { class: "card-why", text: t("Contains that demand") }) : null));
  }

  /** A pick ends the search: its words and its decks are cleared (a deck's list would come
   * back above the card just picked and push it down). */
  function endSearch() {
    const hadDecks = p.state.decks.length > 0;
    p.dispatch({ type: "searchEnded" });
    if (hadDecks) drawDeckChips();
    els.search.value = "";
    drawResults();
  }

  return { build, drawDeckChips, drawResults, endSearch };
}
