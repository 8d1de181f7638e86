// @ts-check
// The demand panel: pick a card effect (the finder) or put a demand together (the composer),
// see who resolves (the core's moment), and read the core's ruling (the verdict bar, the
// ruling sheet), asked again whenever the table, the demand, the context or a choice
// changes. Its state is one reducer (./state.js); whether the demand on show is applied or
// stale, the session says. It shows what the core says; it decides nothing itself.

import { t } from "../../shared/i18n.js";
import { figureName, figuresOf } from "../../shared/labels.js";
import { h } from "../dom.js";
import { createComposer } from "./composer.js";
import { ACTION_WORDS, named } from "./controls.js";
import { createFinder } from "./finder.js";
import { createAsking } from "./asking.js";
import { createResolver } from "./resolver.js";
import { createRulingSheet } from "./ruling-sheet.js";
import { showChangeAboveSheet } from "./sheet.js";
import { createSharing } from "./sharing.js";
import { initialPanel, panelState } from "./state.js";
import { createVerdictBar, shownRuling, watchBarHeight } from "./verdict-bar.js";

const PHASES = ["event", "morale", "production", "action", "weather", "night"];

/**
 * What every part of the panel is given: the board's controller, the panel's elements, the
 * state and its one way to change (`dispatch`), and what the other parts do (`act`).
 * @typedef {object} Panel
 * @property {any} ctl the board (static/board/main.js): its table, edits, messages
 * @property {HTMLElement} root
 * @property {HTMLElement} bar
 * @property {Record<string, any>} els
 * @property {import("./state.js").PanelState} state
 * @property {(action: { type: string, [key: string]: any }) => import("./state.js").PanelState} dispatch
 * @property {Record<string, Function>} act
 * @property {{ byClause: Record<string, string>, entries: any[], sources: any[], clauses: Record<string, any> }} faq
 * @property {any} finder
 */

// What the autosave keeps of the card on show (`seen`), to show it again before the card list
// has come from the rules: checked field by field, as a save may be old or damaged.
const CARD_VIEW = ["id", "name", "text", "note", "phase", "event_combat", "fan", "certainty"];

function seenCard(seen, id, effect) {
  if (!seen || typeof seen !== "object" || seen.id !== id || !effect || !Array.isArray(effect.demands)) return null;
  const text = (v) => typeof v === "string" && v.length <= 2000;
  if (!text(seen.name) || !seen.name || !text(seen.text)) return null;
  return { id, name: seen.name, text: seen.text, note: text(seen.note) ? seen.note : "",
    phase: text(seen.phase) ? seen.phase : null, event_combat: seen.event_combat === true, fan: seen.fan !== false,
    certainty: text(seen.certainty) ? seen.certainty : "fan", effect, seen: true };
}

/** The ruling saved with the table, shown greyed until the rules rule again (checked). */
function waitingOf(shown) {
  return shown && typeof shown === "object" && typeof shown.headline === "string" && shown.headline.length <= 500
    ? { headline: shown.headline, bar: shown.bar === "applied" ? "applied" : "preview",
      paid: typeof shown.paid === "string" && shown.paid.length <= 500 ? shown.paid : "" } : null;
}

const said = (v) => typeof v === "string" && v.length <= 500;

/** The core's moment as saved with the demand (its notes, who resolves), shown until the
 * core answers again, so the card's notes do not appear late and move the panel; checked. */
function momentOf(m) {
  if (!m || typeof m !== "object" || !said(m.card_phase) || !said(m.card_combat) || !said(m.early)
    || !said(m.line) || !said(m.line_asking) || !said(m.first_option) || !m.resolver || typeof m.resolver !== "object"
    || !m.combat || typeof m.combat !== "object") return null;
  return m;
}

/** The core's words for the saved demand, shown until it words them again; checked. */
function wordsOf(w, effect) {
  const list = (v) => Array.isArray(v) && v.length <= 8 && v.every(said);
  const notes = w && w.notes === undefined ? [] : w && w.notes; // (saved before the core gave notes)
  return w && typeof w === "object" && list(w.demands) && list(w.alternative) && list(notes) && effect
    ? { effect, words: { demands: w.demands, alternative: w.alternative, notes } } : null;
}

/** The demand saved with the table, read as an action: every field checked, as a save may
 * be old or damaged; its card from the card list, else as the save saw it. */
function restoredAction(saved, cards) {
  const cardId = typeof saved.card === "string" ? saved.card : null;
  const card = (cards && cardId ? cards.find((c) => c.id === cardId) : null)
    || (cardId ? seenCard(saved.seen, cardId, saved.effect) : null);
  const ctx = saved.context && typeof saved.context === "object" ? saved.context : {};
  return { type: "restored", card, cardId, effect: saved.effect, waiting: waitingOf(saved.shown),
    moment: momentOf(saved.moment), words: wordsOf(saved.words, saved.effect),
    resolving: typeof saved.resolving === "string" ? saved.resolving : null,
    context: { resolver: typeof ctx.resolver === "string" ? ctx.resolver : null, event_combat: ctx.event_combat === true },
    choices: saved.choices && typeof saved.choices === "object" ? { ...saved.choices } : {} };
}

/** What the autosave keeps of the panel: the card, its demand, who resolves, the choices. */
/** @param {import("./panel.js").Panel} p */
function savedOf(p) {
  const { card, cardId, effect, context, choices, resolving } = p.state;
  if (!effect || p.ctl.shared) return null;
  return { card: card ? card.id : cardId || null, effect, context: { ...context }, choices, resolving: resolving || null,
    shown: shownRuling(p),
    // The core's moment and words for the demand, shown again at once after a reload.
    moment: p.state.moment || null,
    words: p.state.worded && p.state.worded.effect === effect
      ? { demands: p.state.worded.words.demands, alternative: p.state.worded.words.alternative || [],
        notes: p.state.worded.words.notes || [] } : null,
    // The card as shown, so that a reload shows it at once, before the card list comes.
    seen: card ? Object.fromEntries(CARD_VIEW.map((k) => [k, card[k]])) : null };
}

/** A shared ruling (or a table the rules could not load) is read, not edited: whatever would
 * change the demand is disabled, and a line above says how to change it. */
/** @param {import("./panel.js").Panel} p */
function drawLocked(p, composer, finder) {
  const locked = p.ctl.readonly ? (p.ctl.shared ? "shared" : "readonly") : "";
  if (p.els.locked === locked) return;
  p.els.locked = locked;
  p.root.dataset.locked = locked; // a shared ruling: the finder and the chips are put away (board.css)
  p.els.search.disabled = Boolean(locked);
  composer.drawChips();
  finder.drawDeckChips();
  finder.drawResults();
  for (const control of p.els.advanced.querySelectorAll("[data-testid=effect-json-use], textarea")) control.disabled = Boolean(locked);
  p.els.lockNote.hidden = !locked;
  p.els.lockNote.textContent = locked === "shared"
    ? t("A shared ruling: its card and demand are shown as they were shared. To change them, first play this table (the button at the top).")
    : locked ? t("The rules could not be loaded: the demand cannot change until the page is reloaded.") : "";
}

/** The ruling previewed (not applied yet), drawn on the pieces too; null when none is. */
function previewed(state) {
  return (state.status === "preview" || state.status === "applying") && state.ruling ? state.ruling : null;
}

export function createDemandPanel(ctl, root, bar) {
  let state = initialPanel();
  /** @type {Panel} */
  const p = {
    ctl, root, bar, els: {}, act: {}, finder: null,
    faq: { byClause: {}, entries: [], sources: [], clauses: {} },
    get state() { return state; },
    dispatch(action) { state = panelState(state, action); return state; },
  };
  const { els } = p;
  const finder = (p.finder = createFinder(p));
  const composer = createComposer(p);
  const resolver = createResolver(p);
  const sheet = createRulingSheet(p);
  const sharing = createSharing(p);
  const verdict = createVerdictBar(p);

  function build() {
    els.lockNote = h("p", { class: "locked-note", hidden: true, data: { testid: "demand-locked" } });
    const finding = finder.build();
    const [chipsLabel, chips, chosen] = composer.build();
    const context = resolver.build();
    const actions = verdict.build();
    const { share, advanced } = sharing.build();
    const ruling = sheet.build();
    root.replaceChildren(
      h("h2", { id: "demand-title", class: "panel-title", text: t("The card's demand") }), els.lockNote,
      finding, chipsLabel, chips, chosen, context, actions, share, ruling, advanced, els.said);
    composer.drawChips();
    finder.drawDeckChips();
    sharing.drawAdvanced();
    draw();
    watchBarHeight(bar);
  }

  function draw() {
    drawLocked(p, composer, finder);
    composer.drawChosen();
    resolver.drawContext();
    verdict.drawActions();
    sharing.drawShare();
    sheet.drawRuling();
    verdict.drawBar();
    sharing.showEffectJson(); // ready before "Advanced" opens (its toggle event comes a task later)
    if (ctl.showPreview(previewed(state))) showChangeAboveSheet(); // upright, not under the sheet
  }

  const asking = createAsking(p, { composer, resolver, sheet, sharing, verdict, draw });
  Object.assign(p.act, { ...asking, share: sharing.share, showLink: sharing.showLink, pickDemand: composer.pickDemand, pickCard: composer.pickCard,
    pickNothing: composer.pickNothing, drawBar: verdict.drawBar });
  const { ruleAgain, request } = asking;

  // ---------------------------------------------------------------- what the board calls

  /** The table changed (an edit, undo, redo, apply, a new game): rule again; the session says
   * whether the ruling on show is still applied, or stale. */
  function tableChanged() {
    if (asking.isApplying() || (ctl.shared && ctl.shared.checking)) return; // (the link's own ruling is coming)
    const table = ctl.state;
    const before = state.resolving;
    const still = table.phase === "action" && (table.planned_actions || []).some((a) => a.id === before && a.pawns[0] === state.context.resolver);
    p.dispatch({ type: "tableChanged", phase: table.phase, figures: figuresOf(table), still });
    if (before && !state.resolving) {
      // "Resolve" chose this figure for that Action; the Action (or the Action Phase) is gone.
      ctl.resolving = null;
      ctl.redrawBoard();
    }
    composer.followPhase();
    if (!state.effect && state.status === "none") {
      // Nothing to rule on: only the "who resolves" line and the bar's note can have changed
      // (a move must not wait for the whole panel to be drawn again).
      asking.momentThenDraw();
      return;
    }
    ruleAgain();
  }

  /** "Resolve" on a planned Action: its lead pawn's figure resolves, in the Action Phase.
   * Tapped while the table still says an earlier phase (a fresh table starts at the Event
   * Phase), the phase moves to Action with it, as one more move to undo: else the card would
   * still be ruled as the Event's, on everyone. */
  function resolve(action) {
    if (!action.pawns.length) return;
    const early = PHASES.indexOf(ctl.state.phase) < PHASES.indexOf("action");
    if (early) ctl.set("phase", "action", t("Phase: Action (an Action is resolved)"));
    resolver.setResolver(action.pawns[0], action.id);
    const said = t("{figure} resolves the {action} Action.", { figure: figureName(ctl.state, action.pawns[0]), action: named(ACTION_WORDS(), action.action) });
    ctl.say(early ? [said, t("The phase is now the Action Phase.")].join(" ") : said);
  }

  function setCatalogue(cards) {
    const had = state.card;
    p.dispatch({ type: "catalogueCame", cards });
    finder.drawResults();
    // Its Beast list; a demand restored from the save before the catalogue came: its card.
    if (state.card !== had || (!state.card && composer.composed().some((d) => d.kind === "combat"))) composer.drawChosen();
  }

  /** The demand saved with the table: shown again, and ruled again on the table as it is. */
  function restore(saved) {
    const action = restoredAction(saved, state.cards);
    p.dispatch(action);
    ctl.resolving = action.resolving;
    ruleAgain();
  }

  /** A shared or imported request, with its ruling when the page already has it. */
  function load(req, ruling) {
    const card = state.cards && req.card ? state.cards.find((c) => c.id === req.card) || null : null;
    // A link the page read alone (main.js showPeeked): its ruling comes once the rules have read it.
    const status = ruling ? "preview" : ctl.shared && ctl.shared.checking && req.effect ? "pending" : "none";
    p.dispatch({ type: "loaded", card, effect: req.effect, ruling: ruling || null, status, choices: { ...req.choices },
      context: { resolver: req.context.resolver || null, event_combat: Boolean(req.context.event_combat) } });
    draw();
    if (!ruling && req.effect && !ctl.shared) ruleAgain();
    else asking.momentThenDraw();
  }

  /** A new game: no card, no demand, no choices, no one resolving; nothing applied; the card
   * search empty and over every deck (the last game's words would find nothing in this one). */
  function clear() {
    p.dispatch({ type: "cleared" });
    finder.drawDeckChips();
    els.search.value = "";
    finder.drawResults();
    ctl.resolving = null;
    ruleAgain();
  }

  build();
  return {
    setCatalogue, saved: () => savedOf(p), restore, load, clear, resolve, tableChanged, request,
    // A log entry may name a card by an id the catalogue has since folded into one card (former_ids).
    cardName(id) {
      const c = state.cards && (state.cards.find((x) => x.id === id) || state.cards.find((x) => (x.former_ids || []).includes(id)));
      return c ? c.name : id;
    },
    setFaq: sheet.setFaq,
    showTable: verdict.showTable,
    showError(message) { p.dispatch({ type: "failed", error: message }); draw(); },
    /** A rule code elsewhere on the board (Settings, the finds): its rule in the drawer, as the
     * ruling's codes open theirs; false if the rules have not said what it is yet. */
    showRule(code, from) {
      if (!p.faq.clauses[code]) return false;
      sheet.showRule(code, from);
      return true;
    },
    redraw() { composer.drawChips(); draw(); },
  };
}
