// @ts-check
// The demand panel's own state, one pure reducer: `panelState(state, action) -> state`. The
// drawing modules read it and dispatch actions; no module keeps a copy of these facts. What
// the table is, and whether the demand on show is applied or stale, the session says (its
// `ruled` answer, pyapp/session.py); who resolves and the phase notes, the core says (its
// `moment`, pyapp/rules/moment.py). The reducer only keeps which answer is on show.

import { RESOURCE_KINDS } from "../../shared/labels.js";

/**
 * @typedef {"none" | "unpicked" | "ask" | "pending" | "preview" | "applying" | "applied" | "stale" | "error"} Status
 * @typedef {{ resolver: string | null, event_combat: boolean }} PanelContext
 * @typedef {{ at: number | null, applied: boolean, stale: boolean }} Ruled
 * @typedef {{ headline: string, bar: "applied" | "preview", paid: string }} Waiting
 * @typedef {object} PanelState
 * @property {Status} status
 * @property {any} card the catalogue's card picked (or as the autosave saw it), else null
 * @property {string | null} cardId a card restored before the card list came
 * @property {any} effect the demand: {label, demands, alternative?}, else null
 * @property {PanelContext} context
 * @property {Record<string, any>} choices
 * @property {string | null} resolving the planned Action tapped "Resolve" on
 * @property {any} ruling the ruling on show
 * @property {string | null} error
 * @property {Waiting | null} waiting the saved headline, shown until the rules rule again
 * @property {{ effect: any, words: any } | null} worded the core's words for an effect
 * @property {number} asked how many times the core was asked (older answers are dropped)
 * @property {boolean} afresh the question asked is "Rule again": not tied to an Apply
 * @property {boolean} confirming the verdict bar asks "Apply it again?"
 * @property {Ruled | null} ruled what the session last said of the demand (applied before? where?)
 * @property {number | null} tiedAt the log step whose application is on show (the session's `at`)
 * @property {any} appliedRuling the ruling as it was applied
 * @property {any} appliedTable the table it was applied to (a share link carries it)
 * @property {any} moment the core's moment of the demand (who resolves, notes)
 * @property {string | null} phase the table's phase the panel last saw
 * @property {string} query
 * @property {string[]} decks
 * @property {string | null} shareUrl
 * @property {string | null} shareError
 * @property {any[] | null} cards
 * @property {{ name: string, nothing: string, reason: string } | null} nothing a card picked that
 *   asks for nothing (the core's words for it): no demand, nothing to rule
 */

// What a discard can name: the four kinds, and "perishable food only" (non-perishable cannot pay).
export const DISCARD_KINDS = [...RESOURCE_KINDS, "perishable_food"];

/** @returns {PanelState} */
export function initialPanel() {
  return {
    status: "none", card: null, cardId: null, effect: null, context: { resolver: null, event_combat: false }, choices: {},
    resolving: null, ruling: null, error: null, waiting: null, worded: null, asked: 0, afresh: false, confirming: false,
    ruled: null, tiedAt: null, appliedRuling: null, appliedTable: null, moment: null, phase: null,
    query: "", decks: [], shareUrl: null, shareError: null, cards: null, nothing: null,
  };
}

/** A composed discard whose resource the player has not tapped yet: no ruling on a guess. */
export function isUnpicked(state) {
  return Boolean(state.effect) && !state.card
    && state.effect.demands.some((d) => d.kind === "discard" && !DISCARD_KINDS.some((k) => d[k] > 0));
}

/** The demand, its context or the choices changed: old choices, links and ties no longer hold. */
function demandChanged(state, update) {
  return { ...state, choices: {}, shareUrl: null, shareError: null, ruled: null, tiedAt: null, nothing: null, ...update };
}

/** Which status an answer's `ruled` block puts on show (`afresh`: "Rule again", never tied). */
function ruledStatus(state, ruled) {
  if (ruled && state.tiedAt !== null && ruled.at === state.tiedAt && !state.afresh) return ruled.stale ? "stale" : "applied";
  if (ruled && ruled.applied && !state.afresh) return "applied";
  return "preview";
}

const REDUCERS = {
  /** A card from the finder: its demand; a fight in the Event Phase is the First Player's. */
  picked: (s, { card }) => demandChanged(s, { card, cardId: null, effect: card.effect,
    context: card.event_combat ? { ...s.context, event_combat: true } : s.context }),
  /** A card that asks for nothing: no demand, no ruling; the core's words for it kept. */
  nothingPicked: (s, { record }) => demandChanged(s, { card: null, cardId: null, effect: null, nothing: record }),
  /** A demand put together (chips, fields, JSON), or put away (`effect` null). */
  composed: (s, { effect, card = null }) => demandChanged(s, { card, cardId: null, effect }),
  contextSet: (s, { context }) => demandChanged(s, { context: { ...s.context, ...context } }),
  /** Who resolves: chosen in the list, or by "Resolve" on a planned Action (`action`). */
  resolverSet: (s, { who, action = null }) => demandChanged(s, { context: { ...s.context, resolver: who }, resolving: action }),
  choiceMade: (s, { id, value }) => ({ ...s, choices: { ...s.choices, [id]: value }, ruled: null }),
  /** The core is asked again (`afresh`: "Rule again", a preview not tied to an Apply). */
  asked: (s, { afresh = false }) => {
    const base = { ...s, asked: s.asked + 1, error: null, confirming: false, afresh };
    if (afresh) base.tiedAt = null;
    // An application on show stays on show while the session is asked whether it still is.
    if (!afresh && s.tiedAt !== null && (s.status === "applied" || s.status === "stale")) return base;
    if (!s.effect) return { ...base, status: "none", ruling: null, waiting: null };
    if (isUnpicked(s)) return { ...base, status: "unpicked", ruling: null, waiting: null };
    return { ...base, status: "pending" };
  },
  /** The core's ruling, with what the session says of it (`ruled`; none for a shared table). */
  ruled: (s, { seq, ruling, ruled = null, tableBefore = null }) => {
    if (seq !== s.asked) return s;
    const status = ruledStatus(s, ruled);
    const tied = status === "applied" || status === "stale";
    const kept = tied && s.tiedAt === ruled.at; // the same application, still on show
    return { ...s, status, ruled, waiting: null, worded: { effect: s.effect, words: ruling.words },
      ruling: kept && s.appliedRuling ? s.appliedRuling : ruling,
      tiedAt: tied ? ruled.at : null,
      appliedRuling: tied ? (kept ? s.appliedRuling : ruling) : null,
      appliedTable: tied ? (kept ? s.appliedTable : tableBefore) : null };
  },
  /** The core refused to rule: it asks who resolves (`asks`), or says why not. */
  refused: (s, { seq, error, asks }) => (seq !== s.asked ? s
    : { ...s, ruling: null, waiting: null, status: asks ? "ask" : "error", error }),
  worded: (s, { effect, words }) => (effect !== s.effect ? s : { ...s, worded: { effect, words } }),
  confirmAsked: (s) => (s.status === "preview" ? { ...s, confirming: true } : s),
  confirmCancelled: (s) => ({ ...s, confirming: false }),
  applying: (s) => (s.status === "preview" ? { ...s, status: "applying", confirming: false } : s),
  /** Apply done: the session's step, the ruling as applied, the table it was applied to. */
  applied: (s, { ruling, ruled, tableBefore }) => ({ ...s, status: "applied", ruling, ruled, tiedAt: ruled ? ruled.at : null,
    appliedRuling: ruling, appliedTable: tableBefore, asked: s.asked + 1, afresh: false }),
  /** The ruling failed, or Apply did (`keepRuling`: its ruling stays, under the refusal). */
  failed: (s, { error, keepRuling = false }) => ({ ...s, status: "error", error, ruling: keepRuling ? s.ruling : null }),
  /** The table changed: who "Resolve" chose no longer resolves once that Action (or the
   * Action Phase) is gone, nor someone not at the table, nor anyone after a phase change. */
  tableChanged: (s, { phase, figures, still }) => {
    let { context, resolving } = s;
    if (resolving && !still) {
      context = { ...context, resolver: null };
      resolving = null;
    }
    if (context.resolver && !figures.includes(context.resolver)) context = { ...context, resolver: null };
    if (s.phase && s.phase !== phase && context.resolver && !resolving) context = { ...context, resolver: null };
    return { ...s, context, resolving, phase, shareUrl: null };
  },
  momentCame: (s, { moment }) => ({ ...s, moment }),
  /** A shared or imported request: its demand and, when it came with it, its ruling. */
  loaded: (s, { card, effect, context, choices, ruling, status }) => ({ ...s, card, cardId: null, effect, context, choices,
    ruling, status, worded: ruling ? { effect, words: ruling.words } : null, waiting: null, tiedAt: null,
    asked: s.asked + 1, error: null, shareUrl: null, confirming: false }),
  /** The demand saved with the table, before it is ruled again. */
  restored: (s, { card, cardId, effect, context, choices, resolving, waiting, moment = null, words = null }) => ({ ...s, card,
    cardId, effect, context, choices, resolving, waiting, tiedAt: null, moment: moment || s.moment, worded: words || s.worded }),
  /** A new game: no card, no demand, no choices, no one resolving, nothing applied. */
  cleared: (s) => ({ ...s, card: null, cardId: null, effect: null, nothing: null, context: { resolver: null, event_combat: false }, choices: {},
    resolving: null, tiedAt: null, confirming: false, shareUrl: null, shareError: null, query: "", decks: [] }),
  catalogueCame: (s, { cards }) => {
    const card = s.cardId && (!s.card || s.card.seen) && s.effect ? cards.find((c) => c.id === s.cardId) || s.card : s.card;
    return { ...s, cards, card, cardId: null };
  },
  searched: (s, { query }) => ({ ...s, query }),
  deckToggled: (s, { deck }) => ({ ...s, decks: s.decks.includes(deck) ? s.decks.filter((d) => d !== deck) : [...s.decks, deck] }),
  /** A pick ends the search: its words and its decks are cleared. */
  searchEnded: (s) => ({ ...s, query: "", decks: [] }),
  shared: (s, { url }) => ({ ...s, shareUrl: url, shareError: null }),
  shareFailed: (s, { error }) => ({ ...s, shareUrl: null, shareError: error }),
};

/** The actions the panel knows, by name. */
export const ACTIONS = Object.freeze(Object.keys(REDUCERS));

/**
 * The next state of the panel after `action` ({type, ...}). Pure: `state` is not changed.
 * @param {PanelState} state @param {{ type: string, [key: string]: any }} action
 * @returns {PanelState}
 */
export function panelState(state, action) {
  const reduce = REDUCERS[action.type];
  if (!reduce) throw new Error(`the panel has no action ${action.type}`);
  return reduce(state, action);
}
