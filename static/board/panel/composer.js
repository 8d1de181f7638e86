// @ts-check
// The composer: the quick chips (and "More kinds…"), the card or demands chosen, drawn with
// the core's words for them, and every way to change the demand (pick a card, add, edit or
// remove a composed demand, the whole Night, put the card away).

import { demandSummary } from "../../shared/demand-summary.js";
import { CHIPS, DEMAND_KINDS, WHOLE_PHASES } from "../../shared/demand-kinds.js";
import { t, tn } from "../../shared/i18n.js";
import { plainError } from "../../shared/labels.js";
import { h } from "../dom.js";
import { DISCARD_KINDS, PHASE_WORDS, keepFocus, kindTitle, named, scrollPanelTo } from "./controls.js";
import { demandRow } from "./fields.js";

// In a phase the core rules as a whole (pyapp/rules/composing.py WHOLE_PHASES), one chip for
// the whole phase, as it is played: at Night every character eats, then spends the night; in
// the Weather Phase the clouds, the Hungry Animals die and the Storm token, in that order; in
// the Morale Phase the First Player's tokens. The decks' cards rule one step each; the chip
// rules them all, in one ruling.

function defaults(kind) {
  if (kind === "discard") return { kind };
  const demand = { kind };
  for (const f of DEMAND_KINDS[kind].fields) if (!f.optional && f.type !== "text" && f.type !== "spaces") demand[f.name] = f.dflt;
  for (const f of DEMAND_KINDS[kind].fields) if ((f.type === "text" || f.type === "spaces") && !f.optional) demand[f.name] = "";
  return demand;
}

/** What the core says of the card's moment (pyapp/rules/moment.py): another phase, with
 * the one tap that sets it; a fight of the Event Phase. Then where the card's effect is from. */
/** @param {import("./panel.js").Panel} p */
function cardNotes(p, c, moment) {
  if (!c) return [];
  return [
    moment && moment.card_phase && !p.ctl.readonly
      ? h("p", { class: "phase-hint", data: { testid: "card-phase" } }, moment.card_phase,
        h("button", { type: "button", class: "secondary", data: { testid: "card-set-phase", key: "card-set-phase" },
          onclick: () => p.ctl.set("phase", moment.set_phase,
            t("Phase set to the {phase} Phase, as the card says", { phase: named(PHASE_WORDS(), moment.set_phase) })) },
        moment.set_phase_label))
      : null,
    moment && moment.card_combat ? h("p", { class: "hint", data: { testid: "card-combat" }, text: moment.card_combat }) : null,
    h("p", { class: "fine", data: { testid: "card-source" }, text: sourceWords(c) }),
    !p.ctl.readonly ? h("button", { type: "button", class: "quiet", data: { key: "clear-card", testid: "clear-card" },
      onclick: () => { p.dispatch({ type: "composed", effect: null }); p.act.ruleAgain(); p.ctl.say(t("The card is put away.")); } }, t("Put the card away")) : null];
}

/** Where the card's effect is from, and whether it is sure. */
function sourceWords(c) {
  if (c.certainty === "uncertain") {
    return c.fan ? t("Card effect transcribed by fans; uncertain: check your card.") : t("From the official rules app; uncertain: check your card.");
  }
  return c.fan ? t("Card effect transcribed by fans.") : t("From the official rules app.");
}

/** The card just picked, in view at once: its name and its text at the top of the panel's
 * scrolling part, under the verdict bar (they lay under the search and the chips, below
 * the fold). Its name takes the keyboard from the result that went, so the on-screen
 * keyboard folds away (upright, it hid the card's sheet) and a screen reader goes on from
 * the card. */
function showPicked(els) {
  const card = els.chosen.querySelector(".demand-card");
  if (!card) return;
  const body = card.closest(".panel-body");
  if (body) body.scrollTop += card.getBoundingClientRect().top - body.getBoundingClientRect().top - 6; // (its top edge in view)
  card.querySelector("h3").focus({ preventScroll: true });
}

/** The chip for the whole of this phase, where the core rules it as a whole. */
function wholeChip(phase, readonly, onWhole) {
  const whole = WHOLE_PHASES[phase];
  if (!whole) return null;
  return h("button", {
    type: "button", class: "chip-add chip-night chip-whole", disabled: readonly, data: { testid: `chip-whole-${phase}`, key: `chip-whole-${phase}` },
    "aria-describedby": `chip-${phase}-what`, onclick: () => onWhole(whole),
  }, t(whole.label), h("span", { id: `chip-${phase}-what`, class: "chip-what", text: t(whole.what) }));
}

/** "More kinds…": every kind of demand the core offers, and Add. */
function moreKinds(p, addDemand) {
  const { ctl, root } = p;
  return h("span", { class: "more-kinds" },
    h("label", { for: "compose-kind", class: "visually-hidden", text: t("Another kind of demand") }),
    h("select", { id: "compose-kind", disabled: ctl.readonly, data: { testid: "compose-kind" } },
      h("option", { value: "", text: t("More kinds…") }),
      Object.entries(DEMAND_KINDS).map(([k, { title: name }]) => h("option", { value: k, text: t(name) }))),
    h("button", { type: "button", class: "secondary", disabled: ctl.readonly, data: { testid: "compose-add" }, onclick: () => {
      const kind = /** @type {HTMLSelectElement} */ (root.querySelector("#compose-kind")).value;
      if (kind) addDemand(defaults(kind));
    } }, t("Add")));
}

/** Demand `i` of the effect (or of its alternative) as the core words it: its words from the
 * last effect the core worded that held this same demand (adding a second demand keeps the
 * first one's words); until then, its kind and the fields it sets (demandSummary). */
function wordsOf(state, i, part) {
  const { worded, effect } = state;
  const d = effect[part][i];
  const same = JSON.stringify(d);
  const at = worded ? (worded.effect[part] || []).findIndex((w) => JSON.stringify(w) === same) : -1;
  const said = at >= 0 ? worded.words[part][at] : null;
  const picking = d.kind === "discard" && !DISCARD_KINDS.some((k) => d[k] > 0); // no resource tapped yet
  return said || (picking ? t("{kind} (which resource?)", { kind: kindTitle(d) }) : demandSummary(d));
}

/** What the core makes of the held demand and a new card or chip (pyapp/rules/joining.py):
 * {effect, said, ask, join, replace}; {refused} where the core refuses to join them (more
 * demands than one ruling holds); null where nothing is held, the table is read-only, or the
 * core could not answer (the new one is then ruled, as it was asked for). */
async function askJoin(p, adding, addingCard, typed = false) {
  const { card, effect } = p.state;
  if (!effect || p.ctl.readonly) return null;
  try {
    return (await window.referee.call("join", JSON.stringify({
      state: p.ctl.state, held: effect, held_card: card ? card.id : null, adding, adding_card: addingCard ? addingCard.id : null,
      adding_typed: typed }))).joined;
  } catch (error) {
    return error && error.type === "ruling_error" ? { refused: plainError(error) } : null;
  }
}

/** A demand applied (and the table changed since, or not) is done: what comes next is a
 * demand of its own, never joined to it (what it asked for would be paid twice).
 * @param {import("./panel.js").Panel} p */
function appliedOnShow(p) {
  return p.state.status === "applied" || p.state.status === "stale";
}

/** The core's question when a second card would take the first one's place. */
function joinQuestion(ask) {
  return h("div", { class: "join-ask", role: "group", "aria-labelledby": "join-ask-words", data: { testid: "join-ask" } },
    h("p", { id: "join-ask-words", text: ask.ask }),
    h("button", { type: "button", class: "primary", data: { testid: "join-both", key: "join-both" }, onclick: ask.onJoin }, ask.join),
    h("button", { type: "button", class: "secondary", data: { testid: "join-replace", key: "join-replace" }, onclick: ask.onReplace }, ask.replace));
}

/** A card that asks for nothing: the demand on show is put away, and the bar says so (the
 * core's words for the card). */
/** @param {import("./panel.js").Panel} p */
function pickNothing(p, result) {
  if (p.ctl.readonly) return;
  p.dispatch({ type: "nothingPicked", record: { name: result.name, nothing: result.nothing, reason: result.reason } });
  p.finder.endSearch();
  p.act.ruleAgain();
  p.ctl.say(`${result.name}: ${result.nothing}`);
}

/** What the card's own words mean here (its alternative, "if possible"), as the core words
 * them for this same effect; none until it has. */
function notesOf(state) {
  const { worded, effect } = state;
  return worded && JSON.stringify(worded.effect) === JSON.stringify(effect) ? worded.words.notes || [] : [];
}

/** A card picked that asks for nothing: its name, the core's words, and why. */
function nothingCard(nothing) {
  return h("article", { class: "demand-card", "aria-labelledby": "chosen-title", data: { testid: "chosen-nothing" } },
    h("h3", { id: "chosen-title", tabindex: "-1", text: nothing.name }),
    h("p", { class: "card-flag", text: nothing.nothing }),
    nothing.reason ? h("p", { class: "card-text", text: nothing.reason }) : null);
}

/** @param {import("./panel.js").Panel} p */
export function createComposer(p) {
  const { ctl, els } = p;
  let justAdded; // the demand just added: marked, and brought into view, when next drawn
  let chipsPhase = null; // the phase the chips were drawn for (a whole phase has its own chip)
  let joinAsk = null; // a second card beside the first: the core's question, and its two answers

  function build() {
    els.chips = h("div", { class: "chips-row", role: "group", "aria-labelledby": "chips-label", data: { testid: "quick-chips" } });
    els.chosen = h("div", { class: "chosen", data: { testid: "demand-chosen" } });
    return [h("p", { class: "chips-label", id: "chips-label", text: t("Or tap what it asks for:") }), els.chips, els.chosen];
  }

  function drawChips() {
    chipsPhase = ctl.state.phase;
    els.chips.replaceChildren(...[ // (replaceChildren writes a null as the text "null")
      wholeChip(ctl.state.phase, ctl.readonly, wholePhase),
      ...CHIPS.map(([key, label, demand]) => h("button", {
        type: "button", class: "chip-add", disabled: ctl.readonly, data: { testid: `chip-${key}`, key: `chip-${key}` },
        onclick: () => addDemand({ .../** @type {object} */ (demand) }),
      }, h("span", { "aria-hidden": "true", text: "+ " }), t(/** @type {string} */ (label)))), // (the core's msgid: pyapp/rules/composing.py)
      moreKinds(p, addDemand)].filter(Boolean));
  }

  /** A whole phase's chip comes and goes with its phase. */
  function followPhase() {
    if (chipsPhase !== ctl.state.phase && (WHOLE_PHASES[chipsPhase] || WHOLE_PHASES[ctl.state.phase])) keepFocus(els.chips, drawChips);
  }

  /** Demand `i` of the effect (or of its alternative) as the core words it (wordsOf). */
  function demandWords(i, part = "demands") {
    return wordsOf(p.state, i, part);
  }

  function composed() {
    const { card, effect } = p.state;
    return card ? [] : effect ? effect.demands : [];
  }

  function setComposed(demands, said) {
    if (ctl.readonly) return; // a shared (or read-only) table's demand is read, never changed
    p.dispatch({ type: "composed", effect: demands.length ? { label: "Composed demand", demands } : null });
    p.act.ruleAgain();
    if (said) ctl.say(said);
  }

  /** A whole phase as one demand: it takes the place of what was composed (a phase is
   * ruled once), card or chips, and says so. */
  function wholePhase(whole) {
    joinAsk = null;
    justAdded = whole.demands.length - 1;
    setComposed(whole.demands.map((d) => ({ ...d })), t(whole.said));
  }

  /** What is held beside a new card or chip is never silently replaced: the core joins the
   * two (parts of one phase add up; chips follow one another), or asks first whether the
   * new card (or a demand typed in the finder, `typed`) joins the first or is ruled instead
   * (`joinAsk`, drawn above the demands). Once the held demand is applied, the new one is
   * ruled on its own. */
  async function joinTo(adding, addingCard, replace, typed = false) {
    if (appliedOnShow(p)) { joinAsk = null; replace(); return; }
    const joined = await askJoin(p, adding, addingCard, typed);
    if (!joined) { replace(); return; }
    if (joined.refused) { ctl.hint(joined.refused); return; } // nothing held is dropped
    const join = () => {
      joinAsk = null;
      justAdded = joined.effect.demands.length - 1;
      setComposed(joined.effect.demands, joined.said);
    };
    if (!joined.ask) { join(); return; }
    joinAsk = { ...joined, onJoin: join, onReplace: () => { joinAsk = null; replace(); } };
    drawChosen();
    ctl.say(joined.ask);
    scrollPanelTo(els.chosen.querySelector("[data-testid=join-ask]"), "nearest");
  }

  function addDemand(demand) {
    if (p.state.card && !appliedOnShow(p)) return void joinTo({ demands: [demand] }, null, () => { p.dispatch({ type: "composed", effect: null }); addDemand(demand); });
    const list = [...(appliedOnShow(p) ? [] : composed()), demand];
    justAdded = list.length - 1;
    const kind = kindTitle(demand);
    joinAsk = null;
    setComposed(list, list.length === 1 ? t("Added: {kind}. Ruling…", { kind })
      : tn("Added: {kind}. {n} demand in all. Ruling…", "Added: {kind}. {n} demands in all. Ruling…", list.length, { kind }));
  }

  function editDemand(i, update) {
    const list = composed().map((d, j) => (j === i ? { ...d, ...update } : d));
    for (const [k, v] of Object.entries(update)) if (v === undefined || v === null || v === false) delete list[i][k];
    setComposed(list, t("Changed: {kind}.", { kind: kindTitle(list[i]) }));
  }

  function pickDemand(result) {
    p.finder.endSearch();
    joinTo(result.effect, null, () => {
      joinAsk = null;
      setComposed(result.effect.demands, t("Demand: {demand}.", { demand: result.name }));
      showPicked(els);
    }, true);
  }

  function pickCard(card) {
    p.finder.endSearch();
    joinTo(card.effect, card, () => {
      joinAsk = null;
      p.dispatch({ type: "picked", card });
      p.act.ruleAgain();
      showPicked(els);
      ctl.say(t("Chosen: {card}. {text}", { card: card.name, text: card.text }));
    });
  }

  function drawChosen() {
    // The card's name keeps the keyboard where a pick put it (showPicked), drawn again.
    const onTitle = document.activeElement && document.activeElement.id === "chosen-title";
    keepFocus(els.chosen, () => {
      const { nothing } = p.state;
      if (!p.state.effect && nothing) return void els.chosen.replaceChildren(nothingCard(nothing));
      if (!p.state.effect) {
        joinAsk = null;
        els.chosen.replaceChildren(h("p", { class: "hint", data: { testid: "no-demand" },
          text: t("No demand yet. First set the table as it is at yours (who plays, what you have, the phase); then find the card, or tap what it asks for.") }));
        return;
      }
      const added = justAdded;
      justAdded = undefined;
      els.chosen.replaceChildren(...(joinAsk ? [joinQuestion(joinAsk)] : []), chosenCard(added));
      // The demand just added is shown where the player looks (never below the fold).
      const fresh = added !== undefined && els.chosen.querySelector(`[data-testid="demand-${added}"]`);
      if (fresh) scrollPanelTo(fresh, "nearest");
    });
    const heading = onTitle && els.chosen.querySelector("#chosen-title");
    if (heading) heading.focus({ preventScroll: true });
  }

  function chosenCard(added) {
    const { card: c, effect, moment } = p.state;
    return h("article", { class: "demand-card", "aria-labelledby": "chosen-title" },
      h("h3", { id: "chosen-title", tabindex: "-1", text: c ? c.name : effect.demands.length === 1 ? t("The demand") : t("The demands, in order") }),
      c ? h("p", { class: "card-text", text: c.text }) : null,
      c && c.note ? h("p", { class: "hint", text: c.note }) : null,
      h("ul", { class: "demand-list" }, effect.demands.map((d, i) => (c || ctl.readonly
        ? h("li", { class: "demand-row" }, h("span", { class: "demand-text", text: demandWords(i) }))
        : demandRow(p, d, i, i === added, { words: demandWords(i), set: (update) => editDemand(i, update),
          remove: () => setComposed(composed().filter((_, j) => j !== i), t("Removed: {demand}.", { demand: demandWords(i) })) })))),
      ...notesOf(p.state).map((note) => h("p", { class: "alt-note", text: note })),
      ...cardNotes(p, c, moment));
  }

  return { build, drawChips, followPhase, drawChosen, demandWords, composed, pickDemand, pickCard, pickNothing: (r) => pickNothing(p, r) };
}
