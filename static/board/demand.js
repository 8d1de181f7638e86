// The demand panel: pick a card effect (catalogue search) or put a demand together from quick
// chips, see who resolves, and read the core's ruling, which is asked again whenever the
// table, the demand, the context or a choice changes. The verdict bar keeps the headline in
// view. It shows what the core says; it decides nothing itself.

import { codeTitle } from "../shared/view.js";
import { CHIPS, CHOICE_DEFAULTS, DEMAND_KINDS } from "../shared/demand-kinds.js";
import { h } from "./dom.js";
import { PHASES, RESOURCE_KINDS, RESOURCE_NAMES, figureName, figuresOf, plainError, title } from "../shared/labels.js";

// The upright layout, where the panel is a bottom sheet (index.html's own <style>, its media
// query for narrow screens).
const SHEET_LAYOUT = "(max-width: 999.98px)";

const VICTIMS = {
  default: "As the rules say",
  all: "All characters",
  in_camp: "Characters in camp",
  first_player: "The First Player",
  resolver: "The one resolving the Action",
};
const RESOURCE_LABELS = { food: "Food", nonperishable_food: "Non-perishable food", perishable_food: "Perishable food only", wood: "Wood", fur: "Fur" };
const SHORT_RESOURCE = { food: "Food", nonperishable_food: "Non-perishable", perishable_food: "Perishable", wood: "Wood", fur: "Fur" };
// What a discard can name: the four kinds, and "perishable food only" (non-perishable cannot pay).
const DISCARD_KINDS = [...RESOURCE_KINDS, "perishable_food"];

// At Night, one chip for the whole Night, as the Night is played: every character eats, then
// spends the night (without a Shelter, or outside the camp). The Night deck's cards rule one
// step each; this rules both, in that order, in one ruling.
const WHOLE_NIGHT = [{ kind: "night_eating" }, { kind: "night_no_shelter" }];
const MULTI = new Set(["fed", "short", "use", "pick"]); // choices that are lists
const BOOL = new Set(["use_alternative", "children_first"]);

/** A value without its empty or default fields, keys sorted: the same demand compares equal
 * whether it comes from the composer (sparse) or from the log (every field written out). */
function bare(value, defaults = {}) {
  if (Array.isArray(value)) return value.map((v) => bare(v));
  if (!value || typeof value !== "object") return value;
  const out = {};
  for (const k of Object.keys(value).sort()) {
    const v = bare(value[k]);
    const empty = v === null || v === undefined || v === false || v === 0 || v === "" || v === "default" || (Array.isArray(v) && !v.length);
    if (!empty && defaults[k] !== v) out[k] = v;
  }
  return out;
}

/** What makes two applications "the same card": the demands and the choices, not the table. */
export function cardKey(effect, choices) {
  const { label: _label, ...demands } = effect || {};
  return JSON.stringify([bare(demands), bare(choices || {}, CHOICE_DEFAULTS)]);
}

// The Wounds table's columns: short enough to fit the panel, the full name for screen readers.
const WOUND_COLUMNS = [["Who", ""], ["Unmet demand", "Wounds for the unmet demand"], ["Other Wounds", ""], ["Morale arrows", "Morale arrows passed"], ["Dies?", ""]];

// Figures a demand can name as its one victim (the Dog is never wounded: it is not a figure).
const FIGURES = ["cook", "carpenter", "explorer", "soldier", "friday", "jenny"];

/** A demand as the composer names it before the core has worded it: its kind's name. */
const kindTitle = (d) => (DEMAND_KINDS[d.kind] || { title: d.kind }).title;

/** A − n + control made of buttons (no number field, no keyboard popping up). */
function miniStepper({ label, value, min = 0, max = 20, key, onchange, disabled }) {
  const id = `ms-${key}`;
  return h("div", { class: "stepper mini", role: "group", "aria-labelledby": id },
    h("span", { class: "stepper-label", id, text: label }),
    h("button", { type: "button", class: "step", "aria-label": `${label}: one less`, disabled: disabled || value <= min,
      data: { key: `${key}-minus`, testid: `${key}-minus` }, onclick: () => onchange(value - 1) }, "−"),
    h("output", { class: "stepper-value", text: value, data: { testid: key } }),
    h("button", { type: "button", class: "step", "aria-label": `${label}: one more`, disabled: disabled || value >= max,
      data: { key: `${key}-plus`, testid: `${key}-plus` }, onclick: () => onchange(value + 1) }, "+"));
}

/** Segmented buttons, one pressed. */
function segmented({ label, options, value, names = {}, key, onchange, disabled }) {
  return h("div", { class: "segmented", role: "group", "aria-label": label, data: { testid: key } },
    options.map((o) => h("button", { type: "button", class: ["seg", o === value && "is-current"], "aria-pressed": String(o === value),
      disabled, data: { key: `${key}-${o}`, testid: `${key}-${o}` }, onclick: () => o !== value && onchange(o) }, names[o] || title(o))));
}

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

export function createDemandPanel(ctl, root, bar) {
  const panel = {
    cards: null, card: null, effect: null, context: { resolver: null, event_combat: false }, choices: {},
    ruling: null, status: "none", error: null, query: "", decks: [], shareUrl: null, shareError: null, faq: {}, faqEntries: [], faqSources: [], clauses: {},
    asked: 0, fresh: -1, confirming: false, appliedAt: null, appliedKey: null,
    waiting: null, // the ruling's headline as saved with the table, shown until the rules rule again
    worded: null, // the core's words for the effect it last ruled on: {effect, words}
  };
  const els = {};
  let ruleDrawer = null; // the rule drawer (a promise of it), made on the first tap on a code

  function build() {
    els.search = h("input", { id: "demand-search", type: "search", autocomplete: "off", placeholder: "Card name or words of its text",
      data: { testid: "demand-search" }, oninput: (e) => { panel.query = e.target.value; drawResults(); } });
    els.results = h("ul", { class: "card-results", id: "card-results", "aria-label": "Cards found", "aria-live": "polite", data: { testid: "card-results" } });
    els.decks = h("div", { class: "deck-chips", role: "group", "aria-label": "Search only these decks", data: { testid: "deck-chips" } });
    els.chips = h("div", { class: "chips-row", role: "group", "aria-labelledby": "chips-label", data: { testid: "quick-chips" } });
    els.chosen = h("div", { class: "chosen", data: { testid: "demand-chosen" } });
    els.context = h("div", { class: "context", data: { testid: "context" } });
    els.actions = h("div", { class: "demand-actions" });
    els.advanced = h("details", { class: "advanced", data: { testid: "advanced" } });
    els.share = h("div", { class: "share-box", data: { testid: "share-box" } });
    els.ruling = h("div", { class: "ruling", "aria-labelledby": "ruling-title", data: { testid: "ruling" } });
    els.said = h("p", { class: "visually-hidden", "aria-live": "polite", data: { testid: "ruling-live" } });
    els.lockNote = h("p", { class: "locked-note", hidden: true, data: { testid: "demand-locked" } });
    root.replaceChildren(
      h("h2", { id: "demand-title", class: "panel-title", text: "The card's demand" }), els.lockNote,
      h("div", { class: "search" },
        h("label", { for: "demand-search", text: "Find the card, or type its demand (“discard 2 wood”, “roof −1”)" }), els.search, els.decks, els.results),
      h("p", { class: "chips-label", id: "chips-label", text: "Or tap what it asks for:" }), els.chips,
      els.chosen, els.context, els.actions, els.share, els.ruling, els.advanced, els.said);
    drawChips();
    drawDeckChips();
    drawAdvanced();
    draw();
    watchBarHeight();
  }

  /** Upright, the bar's height, for the sheet folded to it (board.css): the table ends above
   * the bar and the toasts stand over it, whatever it holds (the note under the headline
   * makes it taller). Set on those two alone (the property is not inherited: board.css), and
   * only when it changes, so that nothing else is styled again. */
  function watchBarHeight() {
    if (!window.ResizeObserver) return;
    const sheet = matchMedia(SHEET_LAYOUT);
    const users = [document.getElementById("layout"), document.querySelector(".toasts")].filter(Boolean);
    let shown = 0;
    new ResizeObserver(() => {
      const px = Math.ceil(bar.offsetHeight);
      if (!sheet.matches || px === shown) return;
      shown = px;
      for (const el of users) el.style.setProperty("--bar-height", `${px}px`); // CSSOM: allowed by the CSP
    }).observe(bar);
  }

  // ---------------------------------------------------------------- finding and composing

  // The search runs in the rules core (pyapp/rules/cardsearch.py, service "card_search"): names
  // rank above text; case, accents and dashes do not matter; a plain demand ("roof -1") comes
  // first, ready to rule. Answers to an older query are dropped.
  const DECK_CHIPS = [["event", "Event"], ["threat", "Threat"], ["adventure", "Adventure"], ["mystery", "Mystery"],
    ["beast", "Beast"], ["weather", "Weather"], ["night", "Night"], ["morale", "Morale"], ["scenario", "Scenario"]];
  let searchSeq = 0;

  function drawDeckChips() {
    els.decks.replaceChildren(...DECK_CHIPS.map(([key, label]) => h("button", {
      type: "button", class: ["deck-chip", panel.decks.includes(key) && "is-current"], "aria-pressed": String(panel.decks.includes(key)),
      disabled: ctl.readonly, data: { testid: `deck-${key}`, key: `deck-${key}` },
      onclick: () => {
        panel.decks = panel.decks.includes(key) ? panel.decks.filter((d) => d !== key) : [...panel.decks, key];
        drawDeckChips();
        drawResults();
        ctl.say(panel.decks.length ? `Searching only: ${panel.decks.map(title).join(", ")}.` : "Searching every deck.");
      },
    }, label)));
  }

  async function drawResults() {
    const seq = ++searchSeq;
    if (!panel.cards) {
      els.results.replaceChildren(panel.query ? h("li", { class: "hint", text: "The card list arrives with the rules…" }) : "");
      return;
    }
    const listing = !panel.query.trim(); // nothing typed: a deck chip lists its deck's cards
    if (listing && !panel.decks.length) {
      els.results.replaceChildren();
      return;
    }
    let found;
    try {
      found = await window.referee.call("card_search", JSON.stringify({ query: panel.query, decks: panel.decks }));
    } catch (e) {
      if (seq === searchSeq) els.results.replaceChildren(h("li", { class: "hint", text: `The search failed: ${plainError(e)}` }));
      return;
    }
    if (seq !== searchSeq) return;
    const items = found.results.slice(0, listing ? found.results.length : 8).map((r) => {
      if (r.card === null) {
        return h("li", {}, h("button", { type: "button", class: "card-pick is-demand", data: { testid: "card-demand", key: "card-demand" },
          disabled: ctl.readonly, onclick: () => pickDemand(r) },
        h("span", { class: "card-name", text: r.name }), h("span", { class: "card-deck", text: "Your demand" }),
        h("span", { class: "card-text", text: "Rule exactly this, or pick a card below that contains it." })));
      }
      const c = panel.cards.find((x) => x.id === r.card);
      if (!c) return null;
      return h("li", {}, h("button", { type: "button", class: "card-pick", data: { testid: `card-${c.id}`, key: `card-${c.id}` },
        onclick: () => pickCard(c) },
      h("span", { class: "card-name", text: c.name }), h("span", { class: "card-deck", text: title(c.group || c.deck) }),
      h("span", { class: "card-text", text: c.text }),
      r.flag ? h("span", { class: "card-flag", text: r.flag }) : null,
      r.why === "contains the demand" ? h("span", { class: "card-why", text: "Contains that demand" }) : null));
    }).filter(Boolean);
    els.results.replaceChildren(...(items.length ? items : [h("li", { class: "hint", text: "No card matches: tap what it asks for below." })]));
  }

  function clearSearch() {
    panel.query = "";
    els.search.value = "";
    drawResults();
  }

  /** A pick ends the search: its words and its decks are cleared (a deck's list would come
   * back above the card just picked and push it down). */
  function endSearch() {
    if (panel.decks.length) {
      panel.decks = [];
      drawDeckChips();
    }
    clearSearch();
  }

  function pickDemand(result) {
    endSearch();
    setComposed(result.effect.demands, `Demand: ${result.name}.`);
    showPicked();
  }

  function pickCard(card) {
    panel.card = card;
    panel.effect = card.effect;
    // What the card tells of its context: a fight in the Event Phase is the First Player's.
    if (card.event_combat) panel.context = { ...panel.context, event_combat: true };
    endSearch();
    changed();
    showPicked();
    ctl.say(`Chosen: ${card.name}. ${card.text}`);
  }

  /** The card just picked, in view at once: its name and its text at the top of the panel's
   * scrolling part, under the verdict bar (they lay under the search and the chips, below
   * the fold: the seventh trial). Its name takes the keyboard from the result that went, so
   * the on-screen keyboard folds away (upright, it hid the card's sheet) and a screen reader
   * goes on from the card. */
  function showPicked() {
    const card = els.chosen.querySelector(".demand-card");
    if (!card) return;
    const body = card.closest(".panel-body");
    if (body) body.scrollTop += card.getBoundingClientRect().top - body.getBoundingClientRect().top - 6; // (its top edge in view)
    card.querySelector("h3").focus({ preventScroll: true });
  }

  function setPhase(phase) {
    ctl.set("phase", phase, `Phase set to the ${title(phase)} Phase, as the card says`);
  }

  function drawChips() {
    panel.chipsPhase = ctl.state.phase;
    els.chips.replaceChildren(...[ // (replaceChildren writes a null as the text "null")
      ctl.state.phase === "night" ? h("button", {
        type: "button", class: "chip-add chip-night", disabled: ctl.readonly, data: { testid: "chip-night", key: "chip-night" },
        "aria-describedby": "chip-night-what", onclick: wholeNight,
      }, "The whole Night", h("span", { id: "chip-night-what", class: "chip-what", text: "eating, then sleeping" })) : null,
      ...CHIPS.map(([key, label, demand]) => h("button", {
        type: "button", class: "chip-add", disabled: ctl.readonly, data: { testid: `chip-${key}`, key: `chip-${key}` },
        onclick: () => addDemand({ ...demand }),
      }, h("span", { "aria-hidden": "true", text: "+ " }), label)),
    h("span", { class: "more-kinds" },
      h("label", { for: "compose-kind", class: "visually-hidden", text: "Another kind of demand" }),
      h("select", { id: "compose-kind", disabled: ctl.readonly, data: { testid: "compose-kind" } },
        h("option", { value: "", text: "More kinds…" }),
        Object.entries(DEMAND_KINDS).map(([k, { title: name }]) => h("option", { value: k, text: name }))),
      h("button", { type: "button", class: "secondary", disabled: ctl.readonly, data: { testid: "compose-add" }, onclick: () => {
        const kind = root.querySelector("#compose-kind").value;
        if (kind) addDemand(defaults(kind));
      } }, "Add"))].filter(Boolean));
  }

  function defaults(kind) {
    if (kind === "discard") return { kind };
    const demand = { kind };
    for (const f of DEMAND_KINDS[kind].fields) if (!f.optional && f.type !== "text" && f.type !== "spaces") demand[f.name] = f.dflt;
    for (const f of DEMAND_KINDS[kind].fields) if ((f.type === "text" || f.type === "spaces") && !f.optional) demand[f.name] = "";
    return demand;
  }

  /** Demand `i` of the effect (or of its alternative) as the core words it, once the core has
   * ruled on this very effect; until then, its kind's name. */
  function demandWords(i, part = "demands") {
    const said = panel.worded && panel.worded.effect === panel.effect ? panel.worded.words[part][i] : null;
    const d = panel.effect[part][i];
    const picking = d.kind === "discard" && !DISCARD_KINDS.some((k) => d[k] > 0); // no resource tapped yet
    return said || `${kindTitle(d)}${picking ? " (which resource?)" : ""}`;
  }

  function composed() {
    return panel.card ? [] : panel.effect ? panel.effect.demands : [];
  }

  function setComposed(demands, said) {
    if (ctl.readonly) return; // a shared (or read-only) table's demand is read, never changed
    panel.card = null;
    panel.effect = demands.length ? { label: "Composed demand", demands } : null;
    changed();
    if (said) ctl.say(said);
  }

  /** The whole Night as one demand: it takes the place of what was composed (a Night is
   * ruled once), card or chips. */
  function wholeNight() {
    panel.justAdded = WHOLE_NIGHT.length - 1;
    setComposed(WHOLE_NIGHT.map((d) => ({ ...d })),
      "The whole Night: every character eats, then spends the night without a Shelter or outside the camp. Ruling…");
  }

  function addDemand(demand) {
    const list = [...composed(), demand];
    panel.justAdded = list.length - 1;
    setComposed(list, `Added: ${kindTitle(demand)}. ${list.length === 1 ? "" : `${list.length} demands in all. `}Ruling…`);
  }

  function editDemand(i, update) {
    const list = composed().map((d, j) => (j === i ? { ...d, ...update } : d));
    for (const [k, v] of Object.entries(update)) if (v === undefined || v === null || v === false) delete list[i][k];
    setComposed(list, `Changed: ${kindTitle(list[i])}.`);
  }

  // ---------------------------------------------------------------- drawing

  function draw() {
    drawLocked();
    drawChosen();
    drawContext();
    drawActions();
    drawShare();
    drawRuling();
    drawBar();
    showEffectJson(); // ready before "Advanced" opens (its toggle event comes a task later)
  }

  /** A shared ruling (or a table the rules could not load) is read, not edited: whatever would
   * change the demand is disabled, and a line above says how to change it. */
  function drawLocked() {
    const locked = ctl.readonly ? (ctl.shared ? "shared" : "readonly") : "";
    if (els.locked === locked) return;
    els.locked = locked;
    root.dataset.locked = locked; // a shared ruling: the finder and the chips are put away (board.css)
    els.search.disabled = Boolean(locked);
    drawChips();
    drawDeckChips();
    drawResults();
    for (const control of els.advanced.querySelectorAll("[data-testid=effect-json-use], textarea")) control.disabled = Boolean(locked);
    els.lockNote.hidden = !locked;
    els.lockNote.textContent = locked === "shared"
      ? "A shared ruling: its card and demand are shown as they were shared. To change them, first play this table (the button at the top)."
      : locked ? "The rules could not be loaded: the demand cannot change until the page is reloaded." : "";
  }

  function keepFocus(container, fn) {
    const active = document.activeElement;
    const key = active && container.contains(active) ? active.dataset.key : null;
    fn();
    if (!key) return;
    const again = container.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (again && !again.disabled) again.focus();
    else if (container.querySelector("[data-key]")) container.querySelector("[data-key]").focus();
  }

  function drawChosen() {
    // The card's name keeps the keyboard where a pick put it (showPicked), drawn again.
    const onTitle = document.activeElement && document.activeElement.id === "chosen-title";
    keepFocus(els.chosen, () => {
      if (!panel.effect) {
        els.chosen.replaceChildren(h("p", { class: "hint", data: { testid: "no-demand" },
          text: "No demand yet. First set the table as it is at yours (who plays, what you have, the phase); then find the card, or tap what it asks for." }));
        return;
      }
      const c = panel.card;
      const added = panel.justAdded;
      panel.justAdded = undefined;
      els.chosen.replaceChildren(h("article", { class: "demand-card", "aria-labelledby": "chosen-title" },
        h("h3", { id: "chosen-title", tabindex: "-1", text: c ? c.name : panel.effect.demands.length === 1 ? "The demand" : "The demands, in order" }),
        c ? h("p", { class: "card-text", text: c.text }) : null,
        c && c.note ? h("p", { class: "hint", text: c.note }) : null,
        h("ul", { class: "demand-list" }, panel.effect.demands.map((d, i) => (c || ctl.readonly
          ? h("li", { class: "demand-row" }, h("span", { class: "demand-text", text: demandWords(i) }))
          : demandRow(d, i, i === added)))),
        panel.effect.alternative ? h("p", { class: "alt-note", text: `Or, the card's alternative: ${panel.effect.alternative.map((d, i) => demandWords(i, "alternative")).join("; ")}. If the first part cannot be paid in full, the alternative applies.` }) : null,
        c && c.effect.demands.some((d) => d.if_possible) ? h("p", { class: "alt-note", text: "“If possible”: what cannot be paid is not a shortfall, so no one is wounded for it." }) : null,
        c && c.phase && c.phase !== ctl.state.phase && !ctl.readonly
          ? h("p", { class: "phase-hint", data: { testid: "card-phase" } }, `This card is resolved in the ${title(c.phase)} Phase; the table is in the ${title(ctl.state.phase)} Phase. `,
            h("button", { type: "button", class: "secondary", data: { testid: "card-set-phase", key: "card-set-phase" }, onclick: () => setPhase(c.phase) }, `Set the ${title(c.phase)} Phase`))
          : null,
        c && c.event_combat ? h("p", { class: "hint", data: { testid: "card-combat" }, text: "A fight in the Event Phase: the First Player fights (set below)." }) : null,
        c ? h("p", { class: "fine", data: { testid: "card-source" }, text: `${c.fan ? "Card effect transcribed by fans" : "From the official rules app"}${c.certainty === "uncertain" ? "; uncertain: check your card" : ""}.` }) : null,
        c && !ctl.readonly ? h("button", { type: "button", class: "quiet", data: { key: "clear-card", testid: "clear-card" },
          onclick: () => { panel.card = null; panel.effect = null; changed(); ctl.say("The card is put away."); } }, "Put the card away") : null));
      // The demand just added is shown where the player looks (never below the fold).
      const fresh = added !== undefined && els.chosen.querySelector(`[data-testid="demand-${added}"]`);
      if (fresh) scrollPanelTo(fresh, "nearest");
    });
    const heading = onTitle && els.chosen.querySelector("#chosen-title");
    if (heading) heading.focus({ preventScroll: true });
  }

  function demandRow(d, i, isNew) {
    const key = `d${i}`;
    const set = (update) => editDemand(i, update);
    let fields;
    if (d.kind === "discard") {
      const kinds = DISCARD_KINDS.filter((k) => d[k]);
      const kind = kinds.length === 1 ? kinds[0] : null;
      fields = kind || !kinds.length ? [
        segmented({ label: "Which resource", options: DISCARD_KINDS, value: kind, names: SHORT_RESOURCE, key: `${key}-res`,
          onchange: (k) => set({ ...Object.fromEntries(DISCARD_KINDS.map((r) => [r, 0])), [k]: d[kind] || 1 }) }),
        miniStepper({ label: kind ? RESOURCE_LABELS[kind] : "How many", value: kind ? d[kind] : 0, min: 1, key: `${key}-n`,
          onchange: (n) => set({ [kind || "food"]: n }) }),
        h("button", { type: "button", class: ["seg", d.each && "is-current"], "aria-pressed": String(Boolean(d.each)),
          data: { key: `${key}-each`, testid: `${key}-each` }, onclick: () => set({ each: !d.each }) }, "Each player"),
      ] : DISCARD_KINDS.map((k) => miniStepper({ label: RESOURCE_LABELS[k], value: d[k] || 0, key: `${key}-${k}`, onchange: (n) => set({ [k]: n }) }));
    } else {
      fields = (DEMAND_KINDS[d.kind] || { fields: [] }).fields.map((f) => field(d, f, `${key}-${f.name}`, set));
    }
    return h("li", { class: ["demand-row", isNew && "is-new"], data: { testid: `demand-${i}` } },
      h("div", { class: "demand-head" },
        h("span", { class: "demand-text", text: demandWords(i) }),
        h("button", { type: "button", class: "chip-remove", "aria-label": `Remove the demand “${demandWords(i)}”`,
          data: { key: `${key}-remove`, testid: `${key}-remove` },
          onclick: () => setComposed(composed().filter((_, j) => j !== i), `Removed: ${demandWords(i)}.`) }, "×")),
      h("div", { class: "demand-fields" }, fields, d.kind === "wounds" ? victimsField(d, key, set, "Who suffers the Wounds") : null),
      h("details", { class: "demand-more", open: Boolean(d.if_possible || (d.kind !== "wounds" && d.victims && d.victims !== "default")) },
        h("summary", { text: d.kind === "wounds" ? "If possible?" : "If possible? Who suffers?" }),
        h("div", { class: "demand-fields" },
          h("button", { type: "button", class: ["seg", d.if_possible && "is-current"], "aria-pressed": String(Boolean(d.if_possible)),
            data: { key: `${key}-if`, testid: `${key}-if` }, onclick: () => set({ if_possible: !d.if_possible }) }, "If possible"),
          d.kind === "wounds" ? null : victimsField(d, key, set, "Who suffers a shortfall"),
          h("p", { class: "hint", text: "“As the rules say”: in the Action Phase the character resolving it; in an Event-Phase combat the First Player; otherwise every character. Or name one figure at the table." }))));
  }

  /** Who suffers: as the rules say, a group, or one figure at the table by its name. */
  function victimsField(d, key, set, label) {
    const s = ctl.state;
    const current = d.victims || "default";
    const named = FIGURES.filter((f) => figuresOf(s).includes(f) || f === current);
    return h("span", { class: "field" },
      h("label", { for: `${key}-victims`, class: "field-label", text: label }),
      h("select", { id: `${key}-victims`, data: { key: `${key}-victims`, testid: `${key}-victims` },
        onchange: (e) => set({ victims: e.target.value === "default" ? undefined : e.target.value }) },
      Object.entries(VICTIMS).map(([v, name]) => h("option", { value: v, text: name, selected: current === v })),
      h("optgroup", { label: "Only one figure" }, named.map((f) => h("option", { value: f, selected: current === f,
        text: `Only ${figureName(s, f)}${figuresOf(s).includes(f) ? "" : " (not at the table)"}` })))));
  }

  function field(d, f, key, set) {
    if (f.type === "number") {
      return miniStepper({ label: f.label, value: d[f.name] ?? f.dflt, min: f.min, max: f.max, key,
        onchange: (n) => set({ [f.name]: f.optional && n === 0 ? undefined : n }) });
    }
    if (f.type === "bool") {
      return h("button", { type: "button", class: ["seg", d[f.name] && "is-current"], "aria-pressed": String(Boolean(d[f.name])),
        data: { key, testid: key }, onclick: () => set({ [f.name]: !d[f.name] }) }, f.label);
    }
    if (f.type === "kinds") return kindsField(d, f, key, set);
    if (f.type === "beast") return beastField(d, f, key, set);
    if (f.type === "spaces") {
      const shown = d.space || (d.spaces || []).join(", ");
      return h("span", { class: "field" }, h("label", { for: key, class: "field-label", text: f.label }),
        h("input", { id: key, type: "text", value: shown, maxlength: 200, autocomplete: "off", data: { key, testid: key },
          onchange: (e) => {
            const names = e.target.value.split(",").map((x) => x.trim()).filter(Boolean);
            set(names.length > 1 ? { space: undefined, spaces: names } : { space: names[0] || "", spaces: undefined });
          } }));
    }
    if (f.type === "choice") {
      if (f.options.length <= 4) return segmented({ label: f.label, options: f.options, value: d[f.name] ?? f.dflt, names: f.names, key, onchange: (v) => set({ [f.name]: v }) });
      return h("span", { class: "field" }, h("label", { for: key, class: "field-label", text: f.label }),
        h("select", { id: key, data: { key, testid: key }, onchange: (e) => set({ [f.name]: e.target.value }) },
          f.options.map((o) => h("option", { value: o, text: f.names[o] || title(o), selected: (d[f.name] ?? f.dflt) === o }))));
    }
    return h("span", { class: "field" }, h("label", { for: key, class: "field-label", text: f.label }),
      h("input", { id: key, type: "text", value: d[f.name] || "", maxlength: 60, autocomplete: "off", data: { key, testid: key },
        onchange: (e) => set({ [f.name]: e.target.value.trim() || (f.optional ? undefined : "") }) }));
  }

  /** Toggles for which kinds of resource a demand may take, kept in the order they were
   * chosen (the players' default order of paying); never fewer than `f.min`. */
  function kindsField(d, f, key, set) {
    const chosen = d[f.name] || f.dflt;
    const names = { ...RESOURCE_LABELS, food: "Food (either kind)" };
    return h("div", { class: "segmented kinds", role: "group", "aria-label": `${f.label} (at least ${f.min})`, data: { testid: key } },
      h("span", { class: "stepper-label", "aria-hidden": "true", text: f.label }),
      RESOURCE_KINDS.map((k) => {
        const on = chosen.includes(k);
        return h("button", { type: "button", class: ["seg", on && "is-current"], "aria-pressed": String(on),
          disabled: on && chosen.length <= f.min, title: on && chosen.length <= f.min ? `At least ${f.min} kinds` : undefined,
          data: { key: `${key}-${k}`, testid: `${key}-${k}` },
          onclick: () => {
            const next = on ? chosen.filter((x) => x !== k) : [...chosen, k];
            set({ [f.name]: JSON.stringify(next) === JSON.stringify(f.dflt) ? undefined : next });
          } }, names[k]);
      }));
  }

  /** The Beast, by name, from the catalogue's Beast cards: picking one fills in its numbers. */
  function beastField(d, f, key, set) {
    const beasts = (panel.cards || []).filter((c) => c.deck === "beast" && c.effect.demands.length === 1 && c.effect.demands[0].kind === "combat");
    const known = beasts.some((c) => c.effect.demands[0].beast === d.beast);
    return h("span", { class: "field" },
      h("label", { for: key, class: "field-label", text: f.label }),
      h("select", { id: key, data: { key, testid: key }, disabled: !beasts.length && !d.beast,
        onchange: (e) => {
          if (e.target.value === "keep") return;
          const card = beasts.find((c) => c.id === e.target.value);
          if (!card) { set({ beast: undefined }); return; }
          const b = card.effect.demands[0];
          set({ beast: b.beast || card.name, strength: b.strength, weapon_loss: b.weapon_loss || 0, food: b.food || 0, fur: b.fur || 0 });
        } },
      h("option", { value: "", text: panel.cards ? "Not named (set the numbers)" : "The Beast cards arrive with the rules…", selected: !d.beast }),
      d.beast && !known ? h("option", { value: "keep", text: d.beast, selected: true }) : null,
      beasts.map((c) => h("option", { value: c.id, text: `${c.name} (strength ${c.effect.demands[0].strength})`, selected: Boolean(d.beast) && c.effect.demands[0].beast === d.beast }))));
  }

  // ---------------------------------------------------------------- who resolves

  function openActions(s) {
    return (s.planned_actions || []).filter((a) => !a.resolved && a.pawns.length);
  }

  /** The resolver the core is told: the one chosen, else the lead pawn of the only open Action. */
  function resolver() {
    const s = ctl.state;
    const at = figuresOf(s);
    if (panel.context.resolver && at.includes(panel.context.resolver)) return { who: panel.context.resolver, how: "chosen" };
    if (s.phase !== "action") return { who: null, how: "not-action" };
    const open = openActions(s);
    if (open.length === 1) return { who: open[0].pawns[0], how: "inferred", action: open[0] };
    return { who: null, how: "ask" };
  }

  /** The core's answer says it needs to know who resolves (only where someone must suffer). */
  function asksResolver(error) {
    const first = error && Array.isArray(error.details) ? error.details[0] : null;
    return Boolean(first && String(first.loc || "").endsWith("context.resolver"));
  }

  function drawContext() {
    const s = ctl.state;
    panel.contextKey = null;
    const combat = h("label", { class: "toggle" }, h("input", { type: "checkbox", id: "ctx-combat", checked: panel.context.event_combat, disabled: ctl.readonly,
      data: { testid: "ctx-combat" }, onchange: (e) => { panel.context = { ...panel.context, event_combat: e.target.checked }; changed(); } }),
    h("span", { text: "It is the outcome of an Event-Phase combat" }));
    if (s.phase !== "action" && panel.status !== "ask" && !panel.context.resolver) {
      // Nobody resolves an Action outside the Action Phase: nothing to ask, nothing to choose
      // (unless a card names "the character resolving", when the core asks who that is).
      // (Planned Actions before the Action Phase: the note under the headline, earlyNote.)
      els.context.replaceChildren(...[ // (replaceChildren writes a null as the text "null")
        h("p", { class: "phase-note", data: { testid: "context-line" }, text: `${title(s.phase)} Phase, round ${s.round} (from the table). No one resolves an Action now.` }),
        // Only an Event-Phase fight hurts the First Player alone (C7): elsewhere the box means
        // nothing, and is shown only to untick it (a card that set it, the phase changed since).
        s.phase === "event" || panel.context.event_combat ? h("div", { class: "context-row" }, combat) : null].filter(Boolean));
      return;
    }
    const r = resolver();
    const asking = panel.status === "ask";
    const picked = panel.resolving && (s.planned_actions || []).find((a) => a.id === panel.resolving);
    const select = h("select", { id: "ctx-resolver", disabled: ctl.readonly, data: { testid: "ctx-resolver", key: "ctx-resolver" },
      onchange: (e) => setResolver(e.target.value || null, null) },
    h("option", { value: "", text: r.how === "inferred" ? `${figureName(s, r.who)} (leads the only open Action)` : "Not said yet" }),
    figuresOf(s).filter((f) => f !== "jenny").map((f) => h("option", { value: f, text: figureName(s, f), selected: panel.context.resolver === f })));
    let line;
    if (s.phase !== "action") {
      line = r.who ? `${figureName(s, r.who)} is the one the card calls “the character resolving”.`
        : "The card names “the character resolving the Action”: who is that? Choose below.";
    } else if (r.who) {
      line = `${figureName(s, r.who)} resolves ${picked ? `the ${title(picked.action)} Action` : r.action ? `the ${title(r.action.action)} Action (its lead pawn)` : "the Action"}.`;
    } else {
      line = asking ? "Who resolves this Action? Only they suffer for it: tap “Resolve” on its planned Action, or choose below."
        : "Action Phase: tap “Resolve” on a planned Action when you resolve it.";
    }
    els.context.replaceChildren(
      h("p", { class: ["phase-note", asking && "is-question"], data: { testid: "context-line" }, text: line }),
      h("div", { class: "context-row" },
        h("span", { class: "field" }, h("label", { for: "ctx-resolver", class: "field-label", text: "Who resolves the Action" }), select),
        // In the Action Phase a fight is an Action's (Hunt, Threat), never the Event Phase's:
        // the box is shown only to untick it (a card that set it, the phase changed since).
        s.phase === "action" && !panel.context.event_combat ? null : combat));
  }

  function setResolver(who, actionId) {
    panel.context = { ...panel.context, resolver: who };
    panel.resolving = actionId;
    ctl.resolving = actionId;
    ctl.redrawBoard();
    changed();
  }

  // ---------------------------------------------------------------- asking the core

  function cleanContext() {
    const ctx = { event_combat: panel.context.event_combat };
    const r = resolver();
    if (r.who) ctx.resolver = r.who;
    return ctx;
  }

  function request() {
    return {
      format: "castaway-referee/request", version: 1, card: panel.card ? panel.card.id : null, state: ctl.state,
      effect: panel.effect, context: cleanContext(), choices: panel.choices,
    };
  }

  function ask(cmd) {
    return { cmd, card: panel.card ? panel.card.id : null, effect: panel.effect, context: cleanContext(), choices: panel.choices };
  }

  /** The demand, context or choices changed: old choices and rulings no longer hold. */
  function changed() {
    panel.choices = {};
    panel.shareUrl = null;
    panel.shareError = null;
    ruleAgain();
  }

  /** Ask the core for the ruling on the table as it is now (or say what it still needs). */
  async function ruleAgain(afresh = false) {
    const seq = ++panel.asked;
    ctl.demandChanged();
    panel.error = null;
    panel.confirming = false;
    if (!panel.effect) {
      panel.ruling = null;
      panel.waiting = null;
      panel.status = "none";
      draw();
      return;
    }
    if (unpicked()) { // a "Discard" with no resource yet: no ruling on a guess
      panel.ruling = null;
      panel.waiting = null;
      panel.status = "unpicked";
      draw();
      return;
    }
    panel.status = "pending";
    draw();
    try {
      const env = ctl.shared ? { ruling: await ctl.ruleShared(request()) } : await ctl.command(ask("preview"), null);
      if (seq !== panel.asked) return;
      panel.ruling = env.ruling;
      panel.worded = { effect: panel.effect, words: env.ruling.words };
      panel.waiting = null;
      panel.status = "preview";
      if (env.applied && !afresh) {
        // The core says this demand is the last step in effect (after a reload, a Back, a
        // "Resolve" naming the same figure): shown applied, never offered a second time.
        const hist = ctl.snapshot && ctl.snapshot.history;
        panel.status = "applied";
        panel.appliedAt = hist ? hist.cursor - 1 : null;
        panel.appliedKey = cardKey(panel.effect, panel.choices);
        panel.appliedRuling = env.ruling;
        panel.appliedTable = env.table_before;
      }
      ctl.demandChanged(); // its headline is saved with the demand (shown at the next reload)
    } catch (e) {
      if (seq !== panel.asked) return;
      panel.ruling = null;
      panel.waiting = null;
      // Someone must suffer and nobody has said who resolves: the panel asks, in plain words.
      panel.status = asksResolver(e) && !ctl.shared ? "ask" : "error";
      panel.error = plainError(e);
      wordEffect(seq);
    }
    draw();
  }

  /** Without a ruling (who resolves is asked, or the ruling was refused), the core still
   * words the demands; drawn when they come, unless the panel has asked again since. */
  async function wordEffect(seq) {
    const effect = panel.effect;
    try {
      const env = await window.referee.call("effect_words", JSON.stringify({ state: ctl.state, effect }));
      if (seq !== panel.asked || effect !== panel.effect) return;
      panel.worded = { effect, words: env.words };
      drawChosen();
    } catch {
      // The demand keeps its kind's name: the refusal itself is already shown.
    }
  }

  /** A composed discard whose resource the player has not tapped yet. */
  function unpicked() {
    return !panel.card && panel.effect.demands.some((d) => d.kind === "discard" && !DISCARD_KINDS.some((k) => d[k] > 0));
  }

  /** "applied" or "stale" while the ruling this panel applied is in effect, else null
   * (never applied, undone, or replaced in the log; or the demand has changed since). */
  function appliedState() {
    const hist = ctl.snapshot && ctl.snapshot.history;
    const at = panel.appliedAt;
    const entry = at !== null && hist && !ctl.shared ? hist.entries[at] : null;
    if (!entry || entry.kind !== "ruling" || cardKey(entry.effect, entry.choices) !== panel.appliedKey
      || cardKey(panel.effect, panel.choices) !== panel.appliedKey) {
      panel.appliedAt = null;
      return null;
    }
    if (hist.cursor <= at) return null;
    return hist.cursor === at + 1 ? "applied" : "stale";
  }

  /** "Rule again" from an applied ruling: a new preview, no longer tied to that Apply. */
  function ruleAfresh() {
    panel.appliedAt = null;
    ruleAgain(true);
  }

  /** Rulings in effect on this table (since the last New game) with this demand and these choices. */
  function appliedBefore() {
    const hist = ctl.snapshot && ctl.snapshot.history;
    if (!hist || !Array.isArray(hist.entries)) return false;
    const key = cardKey(panel.effect, panel.choices);
    return hist.entries.slice(0, hist.cursor).some((e) => e.kind === "ruling" && cardKey(e.effect, e.choices) === key);
  }

  /** Apply: the same card a second time is asked about first, in the verdict bar. */
  function apply() {
    if (panel.status !== "preview") return;
    if (appliedBefore()) {
      panel.confirming = true;
      drawBar();
      bar.querySelector("[data-testid=apply-again-cancel]").focus();
      return;
    }
    applyNow();
  }

  function cancelApply() {
    panel.confirming = false;
    drawBar();
    bar.querySelector("[data-testid=apply]").focus();
    ctl.say("Not applied: the table is unchanged.");
  }

  async function applyNow() {
    panel.confirming = false;
    if (panel.status !== "preview") return;
    panel.status = "applying";
    drawBar();
    drawActions();
    try {
      panel.applying = true;
      const before = ctl.state;
      const env = await ctl.command(ask("apply"), "Apply");
      panel.appliedTable = before;
      panel.ruling = env.ruling;
      panel.status = "applied";
      panel.appliedAt = env.snapshot.history.cursor - 1;
      panel.appliedKey = cardKey(panel.effect, panel.choices);
      panel.appliedRuling = env.ruling;
      panel.asked += 1; // an answer still on its way is about the table before
      ctl.accept(env.snapshot);
      ctl.say(`Applied: ${env.snapshot.log.filter((e) => e.applied).at(-1)?.summary || "done"}.`);
    } catch (e) {
      panel.status = "error";
      panel.error = plainError(e);
      ctl.refuse(e, "Apply");
    } finally {
      panel.applying = false;
    }
    draw();
  }

  /** The link carries the table as it was before an applied ruling: its recipient sees the
   * ruling about to happen, not its Wounds already on the board beside it. */
  function sharedRequest() {
    const req = request();
    if (panel.status === "applied" && panel.appliedTable) req.state = panel.appliedTable;
    return req;
  }

  async function share() {
    panel.shareError = null;
    try {
      const link = await window.referee.links.encode(sharedRequest());
      panel.shareUrl = `${location.href.split("#")[0]}#r=${link}`;
    } catch (e) {
      panel.shareUrl = null;
      panel.shareError = plainError(e);
    }
    drawShare();
    const input = els.share.querySelector("input");
    if (input) { input.focus(); input.select(); }
  }

  // ---------------------------------------------------------------- buttons, share, advanced

  // With a ruling on show, Share sits in the verdict bar beside Why? and Apply (always in
  // view); otherwise under the demand, beside "Rule again".
  const shareInBar = () => (Boolean(panel.ruling) && ["preview", "applied"].includes(panel.status) && !panel.confirming) || awaited() !== null;
  /** A ruling is on its way where one was shown (the table changed, or it was reloaded with
   * its demand): "applied" or "preview", the bar it will show, else null. The bar keeps that
   * ruling's place, buttons and all (disabled), so nothing below it moves when it comes. */
  const awaited = () => panel.status !== "pending" || !(panel.ruling || panel.waiting) ? null
    : panel.waiting ? panel.waiting.bar : "preview";
  let sharedFromBar = null; // where Share was last drawn: the actions row follows the bar

  function drawActions() {
    const none = !panel.effect || Boolean(ctl.shared && ctl.shared.checking); // (a link being read: nothing to do yet)
    sharedFromBar = shareInBar();
    const why = ruleAgainWhy();
    els.actions.replaceChildren(...[
      h("button", { type: "button", class: "secondary", disabled: none || panel.status === "ask" || panel.status === "unpicked", data: { testid: "preview", key: "preview" },
        "aria-describedby": why ? "rule-again-why" : null, onclick: ruleAfresh }, panel.status === "stale" ? "Rule again on this table" : "Rule again"),
      sharedFromBar ? null : h("button", { type: "button", class: "secondary", disabled: none || panel.status === "unpicked", data: { testid: "share", key: "share" }, onclick: share }, "Share"),
      why ? h("p", { class: "hint rule-again-why", id: "rule-again-why", data: { testid: "rule-again-why" }, text: why }) : null]
      .filter(Boolean));
  }

  /** When and why to press "Rule again", in a line beside it: the ruling follows the table
   * by itself, so the button matters after an Apply (the same card a second time, or the
   * table changed since) and after a ruling that could not be made. */
  function ruleAgainWhy() {
    if (!panel.effect || ctl.shared) return null;
    return {
      applied: "Applied. If this card comes up again, “Rule again” gives a fresh ruling on the table as it is now, to apply once more.",
      stale: "The table has changed since this ruling was applied. “Rule again on this table” rules the same card on the table as it is now; nothing changes until you press Apply.",
      error: "“Rule again” asks the referee once more, on the table as it is now.",
    }[panel.status] || "No need to press it while you play: the ruling follows every change to the table by itself. “Rule again” asks the referee once more.";
  }

  /** Share from the verdict bar: the link is shown (and selected) in the panel, brought into
   * view (the sheet opened in portrait). */
  async function shareFromBar() {
    await share();
    document.documentElement.dataset.sheet = "open";
    drawBar();
    scrollPanelTo(els.share, "nearest");
    const input = els.share.querySelector("input");
    if (input) { input.focus({ preventScroll: true }); input.select(); }
  }

  function drawShare() {
    if (!panel.shareUrl && !panel.shareError) { els.share.replaceChildren(); return; }
    if (panel.shareError) { els.share.replaceChildren(h("p", { class: "form-error", role: "alert", text: panel.shareError })); return; }
    const status = h("span", { class: "hint", role: "status" });
    els.share.replaceChildren(
      h("label", { for: "share-url", text: panel.status === "applied" ? "Link to the table as it was before this ruling, with its demand and choices"
        : "Link to this table, demand and choices" }),
      h("div", { class: "share-row" },
        h("input", { id: "share-url", type: "url", readonly: true, value: panel.shareUrl, data: { testid: "share-url" } }),
        h("button", { type: "button", class: "secondary", onclick: async () => {
          try {
            await navigator.clipboard.writeText(panel.shareUrl);
            status.textContent = "Copied.";
          } catch {
            els.share.querySelector("input").select();
            status.textContent = "Selected: copy it with your device's Copy.";
          }
        } }, "Copy")), status);
  }

  function drawAdvanced() {
    const area = h("textarea", { id: "effect-json", rows: 5, spellcheck: "false", "aria-describedby": "effect-json-how", data: { testid: "effect-json" } });
    const error = h("p", { class: "form-error", role: "alert" });
    els.advanced.replaceChildren(
      // The box is filled as the area opens, in the click itself: the "toggle" event comes a
      // task later, and wiped what was pasted in between (a flaky test found it).
      h("summary", { text: "Advanced: copy or paste the demand as text (JSON)", onclick: () => { if (!els.advanced.open) showEffectJson(true); } }),
      h("div", { class: "json-editor" },
        h("label", { for: "effect-json", text: "The card's demand written as JSON, the text form other tools read and write" }),
        h("p", { class: "hint", id: "effect-json-how", text: "It shows the demand on the table. Paste another one here and press “Use this JSON” to rule on it, or export the whole request (the table, the demand and the choices) as a file to keep or share." }),
        area, error,
        h("div", { class: "demand-actions" },
          h("button", { type: "button", class: "secondary", data: { testid: "effect-json-show" }, onclick: () => showEffectJson(true) }, "Show this demand"),
          h("button", { type: "button", class: "secondary", data: { testid: "effect-json-use" }, onclick: () => {
            try {
              const effect = JSON.parse(area.value);
              if (!effect || typeof effect !== "object" || !Array.isArray(effect.demands)) throw new Error("an effect has a list of demands");
              panel.card = null;
              panel.effect = effect;
              error.textContent = "";
              changed();
            } catch (e) {
              error.textContent = `This is not an effect: ${e.message}`;
            }
          } }, "Use this JSON"),
          h("button", { type: "button", class: "secondary", data: { testid: "export-request" },
            onclick: () => panel.effect && ctl.download("castaway-request.json", request()) }, "Export the request"))));
    els.effectJson = area;
  }

  /** The JSON box shows the demand on the table, from the moment "Advanced" opens, and
   * follows it (text typed there stays until the demand changes). */
  function showEffectJson(force = false) {
    const text = panel.effect ? JSON.stringify(panel.effect, null, 1) : "";
    if (!force && text === els.jsonShown) return;
    els.jsonShown = text;
    els.effectJson.value = text;
  }

  // ---------------------------------------------------------------- the ruling

  /** The ruling on show, as the autosave keeps it (its headline, and whether it is applied): a
   * reload shows it in the verdict bar, greyed, until the rules have ruled again. */
  function shownRuling() {
    const s = panel.status;
    if (panel.ruling && ["preview", "applied", "pending"].includes(s)) {
      return { headline: headline(panel.ruling), bar: s === "applied" ? "applied" : "preview", paid: paidLine(panel.ruling) };
    }
    return s === "pending" && panel.waiting ? { ...panel.waiting } : null;
  }

  /** The ruling's headline, as the core words it ("Each character suffers 1 Wound."). */
  const headline = (r) => r.words.headline;

  /** Under the headline: the card, and what is paid ("Unusually Cold Night · Wood: 1 of 2
   * paid — 1 short"), so that the table knows what to hand over without opening "Why?". */
  function paidLine(r) {
    const card = panel.card && panel.card.name;
    return [card, r.words.summary].filter(Boolean).join(" · ");
  }

  /** The bar's paid line: the ruling's, greyed while it is ruled again; a reloaded one's as
   * it was saved, greyed, until the rules confirm it. */
  function barPaid(s, r) {
    const text = r ? paidLine(r) : s === "pending" && panel.waiting ? panel.waiting.paid : "";
    if (!text || (r && !["preview", "applying", "applied", "stale", "pending"].includes(s))) return null;
    return h("p", { class: ["bar-paid", s === "pending" && "is-waiting"], data: { testid: "bar-paid" }, text });
  }

  function drawBar() {
    const s = panel.status;
    const r = panel.ruling;
    const texts = {
      none: ["No demand yet", "Find the card, or tap what it asks for."],
      unpicked: ["Discard what?", "Tap the resource the card asks to discard."],
      ask: ctl.state.phase === "action" ? ["Who resolves this Action?", "Tap “Resolve” on its planned Action."]
        : ["Who is “the character resolving”?", "Choose them under the card."],
      pending: r ? [headline(r), "Ruling…"]
        : panel.waiting ? [panel.waiting.headline, "Being checked…"]
          : ctl.shared ? ["Working out the shared ruling…", document.documentElement.dataset.rulesReady === "true" ? "Ruling…" : "Waiting for the rules"]
          : document.documentElement.dataset.rulesReady === "true" ? ["Ruling…", "Ruling…"]
            : ["Ruling once the rules are ready…", "Waiting for the rules"],
      preview: [r && headline(r), ctl.shared ? "The shared ruling" : "Preview: not applied yet"],
      applying: [r && headline(r), "Applying…"],
      applied: [r && headline(r), "Applied to the table"],
      stale: [r && headline(r), "Applied. The table has changed since."],
      error: ["No ruling yet", panel.error],
    }[s] || ["", ""];
    const canApply = s === "preview" && !ctl.readonly && !ctl.shared;
    if (sharedFromBar !== null && sharedFromBar !== shareInBar()) drawActions(); // Share moved
    // Screen readers hear each new headline once (the bar itself is drawn again often).
    const heard = ["preview", "ask", "unpicked", "stale", "error", "applied"].includes(s)
      ? `${texts[0]} ${s === "preview" ? "" : texts[1] || ""}${r && s === "preview" && r.payments.length ? ` ${r.words.paid.join("; ")}.` : ""}`.trim() : "";
    if (heard && heard !== els.said.textContent) els.said.textContent = heard;
    bar.dataset.state = s;
    if (panel.confirming && s === "preview") {
      bar.replaceChildren(
        h("div", { class: "bar-text" },
          h("p", { class: "bar-status", data: { testid: "bar-status" }, text: texts[1] }),
          h("p", { class: "headline", data: { testid: "headline" }, text: texts[0] })),
        h("div", { class: "confirm-again", role: "group", "aria-labelledby": "apply-again-q", data: { testid: "apply-again" } },
          h("p", { id: "apply-again-q", class: "confirm-question", role: "alert", data: { testid: "apply-again-question" }, text: "This card was already applied. Apply it again?" }),
          h("div", { class: "bar-actions" },
            h("button", { type: "button", class: "secondary", data: { testid: "apply-again-cancel" }, onclick: cancelApply }, "Cancel"),
            h("button", { type: "button", class: "primary", data: { testid: "apply-again-confirm" }, onclick: applyNow }, "Apply again"))));
      return;
    }
    // How sure, in the bar too, when it is anything but official (the details under "Why?").
    const sure = r && s !== "pending" && s !== "error" && r.certainty !== "stated" ? r.words.sure : null;
    bar.replaceChildren(
      h("div", { class: "bar-text" },
        h("p", { class: "bar-status", data: { testid: "bar-status" }, text: texts[1] }),
        sure ? h("p", { class: ["bar-sure", `sure-${sure.grade}`], data: { testid: "bar-certainty" }, text: sure.label }) : null,
        h("p", { class: ["headline", r && r.words.clear && "is-clear", !r && (panel.waiting || ctl.shared) && s === "pending" && "is-waiting"],
          data: { testid: "headline" }, text: texts[0] }),
        barPaid(s, r)),
      h("div", { class: "bar-actions" },
        s === "stale"
          ? h("button", { type: "button", class: "secondary", data: { testid: "bar-rule-again" }, "aria-describedby": "rule-again-why", onclick: ruleAfresh }, "Rule again")
          : r && s !== "pending" ? h("button", { type: "button", class: "secondary", data: { testid: "why" }, onclick: showWhy }, "Why?")
            : awaited() ? h("button", { type: "button", class: "secondary", disabled: true, data: { testid: "why" } }, "Why?") : null,
        // Applied: its Undo stays in view, here (the page's own Undo may be scrolled away).
        (s === "applied" || awaited() === "applied") && !ctl.readonly ? h("button", { type: "button", class: "secondary", disabled: s !== "applied",
          data: { testid: "bar-undo", key: "bar-undo" }, "aria-label": "Undo this ruling", onclick: () => ctl.undo() }, "Undo") : null,
        shareInBar() ? h("button", { type: "button", class: "secondary", disabled: s === "pending", data: { testid: "share", key: "bar-share" },
          "aria-label": "Share this ruling", title: "A link to this table, demand and ruling", onclick: shareFromBar }, "Share") : null,
        h("button", { type: "button", class: "primary", disabled: !canApply, data: { testid: "apply", key: "apply" }, onclick: apply },
          s === "applied" || s === "stale" || awaited() === "applied" ? "Applied" : "Apply"),
        h("button", { type: "button", class: "secondary sheet-toggle", "aria-controls": "panel-body", "aria-expanded": String(document.documentElement.dataset.sheet !== "closed"),
          data: { testid: "sheet-toggle" }, onclick: toggleSheet }, document.documentElement.dataset.sheet === "closed" ? "Show the card & ruling" : "Show the table")),
      ...[earlyNote()].filter(Boolean)); // (replaceChildren writes a null as the text "null")
  }

  /** Planned Actions on a table that says an earlier phase: in the game Actions are planned
   * in the Action Phase, so the table's phase was most likely never moved on (a fresh table
   * starts at the Event Phase). Said under the headline, in view in every layout, with the
   * one tap that sets the Action Phase (the seventh trial missed the note under the card).
   * The ruling stays the core's: what lies on a planned Action is tied up either way (C2). */
  function earlyNote() {
    const s = ctl.state;
    if (ctl.readonly || PHASES.indexOf(s.phase) >= PHASES.indexOf("action") || !openActions(s).length) return null;
    return h("div", { class: "bar-early", role: "group", "aria-labelledby": "bar-early-text", data: { testid: "phase-early" } },
      h("p", { id: "bar-early-text", text: `Actions are planned, but the table still says the ${title(s.phase)} Phase. Are you in the Action Phase?` }),
      h("button", { type: "button", class: "secondary", data: { testid: "phase-early-set", key: "phase-early-set" }, onclick: setActionPhase },
        "Set the Action Phase"));
  }

  /** The note's button: the Action Phase, as one move to undo; said, and the board's Phase
   * control (which now shows it) takes the keyboard from the button that goes. */
  async function setActionPhase() {
    if (!(await ctl.set("phase", "action", "Phase: Action (Actions are planned)"))) return;
    ctl.say("The phase is now the Action Phase. Tap “Resolve” on the Action being resolved.");
    const phase = document.querySelector('#board [data-key="phase-action"]');
    if (phase && (!document.activeElement || document.activeElement === document.body)) phase.focus({ preventScroll: true });
  }

  /** Scroll the panel (only the panel: the board and the page stay where they are) to `el`. */
  function scrollPanelTo(el, block) {
    const body = el.closest(".panel-body");
    if (!body) return;
    const box = body.getBoundingClientRect();
    const r = el.getBoundingClientRect();
    if (block === "nearest" && r.top >= box.top && r.bottom <= box.bottom) return;
    const by = block === "nearest" && r.top >= box.top ? r.bottom - box.bottom : r.top - box.top;
    body.scrollTop += by;
  }

  /** "Why?": the ruling's details, step by step, brought into view (the sheet opened). */
  function showWhy() {
    document.documentElement.dataset.sheet = "open";
    drawBar();
    scrollPanelTo(els.ruling, "start");
    const title_ = els.ruling.querySelector("h3");
    if (title_) {
      title_.tabIndex = -1;
      title_.focus({ preventScroll: true });
    }
  }

  function toggleSheet() {
    const html = document.documentElement;
    html.dataset.sheet = html.dataset.sheet === "closed" ? "open" : "closed";
    drawBar();
    bar.querySelector("[data-testid=sheet-toggle]").focus();
  }

  function drawRuling() {
    const st = panel.status;
    els.ruling.dataset.state = { none: "none", ask: "none", unpicked: "none", pending: "pending", applying: "pending", preview: "preview", applied: "applied", stale: "stale", error: "error" }[st];
    if (st === "error") {
      els.ruling.replaceChildren(h("p", { class: "form-error", role: "alert", data: { testid: "ruling-error" }, text: `No ruling yet: ${panel.error}` }));
      return;
    }
    const r = panel.ruling;
    if (!r) { els.ruling.replaceChildren(); return; }
    const s = ctl.state;
    els.ruling.replaceChildren(...[ // (replaceChildren writes a null as the text "null")
      h("h3", { id: "ruling-title", text: st === "applied" ? "Ruling applied" : st === "stale" ? "Applied. The table has changed since." : ctl.shared ? "The shared ruling" : "The ruling (nothing is changed yet)" }),
      h("p", { class: ["verdict", r.words.clear && "is-clear"], data: { testid: "verdict" }, text: r.words.headline }),
      h("p", { class: ["ruling-sure", `sure-${r.words.sure.grade}`], data: { testid: "ruling-certainty", grade: r.words.sure.grade } },
        h("strong", { text: `${r.words.sure.label}. ` }), r.words.sure.text),
      h("h4", { text: "What is paid" }),
      r.payments.length ? h("ul", { class: "payments", data: { testid: "payments" } }, r.words.paid.map((text) => h("li", { text })))
        : h("p", { class: "hint", text: "Nothing to pay." }),
      r.gains && r.gains.length ? h("h4", { text: "What the players gain" }) : null,
      r.gains && r.gains.length ? gainsList(r) : null,
      h("h4", { text: "Wounds" }),
      r.wounds.length ? h("table", { class: "wounds-table", data: { testid: "wounds" } },
        h("thead", {}, h("tr", {}, WOUND_COLUMNS.map(([short, long]) => h("th", { scope: "col", title: long || undefined },
          h("span", { "aria-hidden": long ? "true" : undefined, text: short }), long ? h("span", { class: "visually-hidden", text: long }) : null)))),
        h("tbody", {}, r.wounds.map((w, i) => h("tr", { data: { figure: w.figure } },
          h("th", { scope: "row", text: r.words.names[i] }), h("td", { text: w.unfulfilled }), h("td", { text: w.other }),
          h("td", { text: w.morale_arrows }), h("td", { text: w.died ? "yes" : "no" })))))
        : h("p", { class: "hint", data: { testid: "no-wounds" }, text: "No one is wounded." }),
      h("h4", { text: "What follows" }),
      h("ul", { class: "follows", data: { testid: "follows" } }, follows(r)),
      r.decisions.length ? decisions(r) : null,
      h("h4", { text: "Why, step by step" }),
      h("ol", { class: "steps", data: { testid: "steps" } }, r.steps.map((step, i) => h("li", { class: `step-${step.certainty}` },
        ...cite(step.clause, step.part, r.words.titles[i]),
        h("span", { class: "step-text", text: ` ${step.text} ` }),
        h("span", { class: `certainty certainty-${step.certainty}`, text: r.words.steps[i] })))),
      h("p", { class: "fine" }, "Each code is a clause of the rule (C…), a rule around it (G-…) or our ruling where the rules are silent (R…). ",
        "Tap a code to read its rule. ",
        h("a", { class: "faq-more", href: "./faq.html", data: { testid: "faq-from-ruling" } }, "The rules FAQ explains each one."))]
      .filter(Boolean));
  }

  /** What follows, as the core says it; what could still avoid a loss cites its rule (C4). */
  function follows(r) {
    return r.words.follows.map((text) => (text === r.words.not_spent
      ? h("li", { data: { testid: "not-spent" } }, ...cite("C4"), ` ${text}`)
      : h("li", { class: text === r.words.lost ? "lost-line" : null, text })));
  }

  /** A rule code as a ruling cites it: the code (a link to its rule, shown beside the table)
   * and, beside it, its words ("C3" and "What can be discarded must be"): a code is never
   * shown bare. The words are the widget's (codeTitle, static/shared/view.js). */
  function cite(code, part = null, title = null) {
    const words = title || codeTitle(code, panel.clauses);
    return [clauseLink(code, part), words ? h("span", { class: "clause-name", text: ` ${words}:` }) : null];
  }

  // A rule code in the ruling: a link to its FAQ entry, which opens in the rule drawer beside
  // the table (offline too; static/board/rule-drawer.js) rather than on the FAQ page, which
  // would leave the board (and, in a tablet's installed app, the app). A modified click still
  // follows the link.
  function clauseLink(code, part = null) {
    const entry = panel.faq[code];
    const clause = panel.clauses[code];
    const name = clause ? clause.title : "";
    return h("a", { class: "clause", href: entry ? `./faq.html#${entry}` : "./faq.html",
      title: name || undefined, "aria-label": `${code}${name ? `: ${name}` : ""} (the rule${entry ? " and its worked example" : ""}, shown beside the table)`, "aria-haspopup": "dialog",
      data: part ? { clause: code, part } : { clause: code },
      onclick: (e) => {
        if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey || !clause) return;
        e.preventDefault();
        showRule(code, e.currentTarget, part);
      } }, code);
  }

  /** The rule behind a code, in the drawer: its text, how sure it is, its sources and its
   * FAQ entry with the worked example ruled by the core. The drawer is made on the first
   * tap (its module is inside the board's bundle, static/vendor/board.js, so this import
   * fetches nothing; it still works with the modules unbundled). */
  async function showRule(code, from, part = null) {
    const dialog = document.getElementById("rule-dialog");
    if (!dialog) return;
    if (!ruleDrawer) {
      ruleDrawer = import("./rule-drawer.js").then(({ createRuleDrawer }) => {
        const drawer = createRuleDrawer({ dialog, say: (text) => ctl.say(text), headline, paid: (r) => r.words.paid,
          rule: (request) => window.referee.rule(request) });
        drawer.setFaq(panel.faqEntries, panel.clauses, panel.faqSources);
        return drawer;
      });
      ruleDrawer.catch(() => { ruleDrawer = null; }); // tried again on the next tap
    }
    let drawer;
    try {
      drawer = await ruleDrawer;
    } catch {
      ctl.say("The rule could not be shown here; the link opens it in the rules FAQ.");
      location.href = from ? from.href : "./faq.html";
      return;
    }
    drawer.open(code, from, part);
  }


  function decisions(r) {
    // The card's alternative with one option only: the core says it must apply ("What
    // follows" says so). Nothing to choose, so no choice preset to something else.
    const open = r.decisions.filter((d) => !(d.id === "use_alternative" && d.options.length === 1));
    return open.length ? h("fieldset", { class: "decisions", data: { testid: "decisions" } },
      h("legend", { text: "The players choose" }),
      open.map((d) => h("div", { class: "decision", data: { decision: d.id } },
        h("p", { class: "question", id: `q-${d.id}`, text: d.question }),
        decisionInput(d, r.words.choices[r.decisions.indexOf(d)])))) : null;
  }

  /** The input for one decision `d`; `said` is the core's words for it (its options' labels,
   * a figure by its name at the table). */
  function decisionInput(d, said) {
    const label = (value) => (said.options.find(([v]) => v === value) || [value, value])[1];
    const choose = (value) => {
      panel.choices = { ...panel.choices, [d.id]: value };
      ruleAgain();
    };
    const off = panel.status !== "preview" || ctl.readonly;
    if (MULTI.has(d.id)) {
      const chosen = new Set(String(d.chosen).split(",").filter(Boolean));
      return h("div", { class: "multi", role: "group", "aria-labelledby": `q-${d.id}` }, d.options.map((o) => h("label", { class: "toggle" },
        h("input", { type: "checkbox", checked: chosen.has(o.value), disabled: off, data: { option: o.value },
          onchange: (e) => {
            const boxes = [...e.target.closest(".multi").querySelectorAll("input")];
            choose(boxes.filter((b) => b.checked).map((b) => b.dataset.option));
          } }),
        h("span", { text: label(o.value) }))));
    }
    if (d.id === "gain_mix") return gainMixInput(d, choose, off);
    if (!d.options.length && d.id !== "weapon_bonus") {
      return h("p", { class: "hint", text: `As the ruling takes it: ${said.chosen}${said.suggested ? " (suggested)" : ""}.` });
    }
    if (!d.options.length) {
      const value = Number(d.chosen) || 0;
      return miniStepper({ label: "Bonus", value, max: 9, key: `q-${d.id}-n`, disabled: off, onchange: (n) => choose(n) });
    }
    return h("select", { "aria-labelledby": `q-${d.id}`, disabled: off, onchange: (e) => choose(BOOL.has(d.id) ? e.target.value === "true" : e.target.value) },
      d.options.map((o) => h("option", { value: o.value, text: `${label(o.value)}${o.value === d.default ? " (suggested)" : ""}`, selected: o.value === d.chosen })));
  }

  /** The halved gain's mix: one stepper per kind the full gain gives. The total stays half
   * the gain: one more of a kind is one less of another (never more than the full gain). */
  function gainMixInput(d, choose, off) {
    const demand = (panel.effect.demands || []).find((x) => x.kind === "halve_gain") || {};
    const gainKinds = ["food", "wood", "fur"].filter((k) => demand[k]);
    const mix = Object.fromEntries(gainKinds.map((k) => [k, 0]));
    for (const part of String(d.chosen).split(",")) {
      const [k, n] = part.split(":");
      if (k in mix) mix[k] = Number(n) || 0;
    }
    const from = (k, wants) => [...gainKinds].reverse().find((j) => j !== k && wants(j));
    const move = (to, away) => choose({ ...mix, [to]: mix[to] + 1, [away]: mix[away] - 1 });
    const suggested = d.chosen === d.default ? " (suggested)" : "";
    return h("div", { class: "gain-mix", role: "group", "aria-labelledby": `q-${d.id}`, data: { testid: "gain-mix" } },
      gainKinds.map((k) => {
        const giver = from(k, (j) => mix[j] > 0);
        const taker = from(k, (j) => mix[j] < demand[j]);
        return h("div", { class: "stepper mini", role: "group", "aria-labelledby": `gm-${k}` },
          h("span", { class: "stepper-label", id: `gm-${k}`, text: `${RESOURCE_LABELS[k]} (of ${demand[k]})` }),
          h("button", { type: "button", class: "step", "aria-label": `${RESOURCE_LABELS[k]}: one less${taker ? `, one more ${RESOURCE_NAMES[taker]}` : ""}`,
            disabled: off || !mix[k] || !taker, data: { key: `gain-${k}-minus`, testid: `gain-${k}-minus` }, onclick: () => move(taker, k) }, "−"),
          h("output", { class: "stepper-value", text: mix[k], data: { testid: `gain-${k}` } }),
          h("button", { type: "button", class: "step", "aria-label": `${RESOURCE_LABELS[k]}: one more${giver ? `, one less ${RESOURCE_NAMES[giver]}` : ""}`,
            disabled: off || mix[k] >= demand[k] || !giver, data: { key: `gain-${k}-plus`, testid: `gain-${k}-plus` }, onclick: () => move(k, giver) }, "+"));
      }),
      h("p", { class: "hint", text: `Half the gain, rounded down: ${Object.values(mix).reduce((a, b) => a + b, 0)} in all${suggested}.` }));
  }

  function gainsList(r) {
    return h("ul", { class: "gains", data: { testid: "gains" } }, r.words.gains.map((text) => h("li", { text })));
  }

  build();
  return {
    setCatalogue(cards) {
      panel.cards = cards;
      drawResults();
      if (!panel.card && composed().some((d) => d.kind === "combat")) drawChosen(); // its Beast list
      // A demand restored from the save before the catalogue came: its card, from the list.
      if (panel.cardId && (!panel.card || panel.card.seen) && panel.effect) {
        panel.card = cards.find((c) => c.id === panel.cardId) || null;
        if (panel.card) drawChosen();
      }
      panel.cardId = null;
    },
    /** What the autosave keeps of the panel: the card, its demand, who resolves, the choices. */
    saved() {
      if (!panel.effect || ctl.shared) return null;
      return { card: panel.card ? panel.card.id : panel.cardId || null, effect: panel.effect,
        context: { ...panel.context }, choices: panel.choices, resolving: panel.resolving || null, shown: shownRuling(),
        // The card as shown, so that a reload shows it at once, before the card list comes.
        seen: panel.card ? Object.fromEntries(CARD_VIEW.map((k) => [k, panel.card[k]])) : null };
    },
    /** The demand saved with the table: shown again, and ruled again on the table as it is. */
    restore(saved) {
      const shown = saved.shown;
      panel.waiting = shown && typeof shown === "object" && typeof shown.headline === "string" && shown.headline.length <= 500
        ? { headline: shown.headline, bar: shown.bar === "applied" ? "applied" : "preview",
          paid: typeof shown.paid === "string" && shown.paid.length <= 500 ? shown.paid : "" } : null;
      panel.cardId = typeof saved.card === "string" ? saved.card : null;
      panel.card = panel.cards && panel.cardId ? panel.cards.find((c) => c.id === panel.cardId) || null : null;
      panel.effect = saved.effect;
      if (!panel.card && panel.cardId) panel.card = seenCard(saved.seen, panel.cardId, saved.effect);
      const ctx = saved.context && typeof saved.context === "object" ? saved.context : {};
      panel.context = { resolver: typeof ctx.resolver === "string" ? ctx.resolver : null, event_combat: ctx.event_combat === true };
      panel.choices = saved.choices && typeof saved.choices === "object" ? { ...saved.choices } : {};
      panel.resolving = typeof saved.resolving === "string" ? saved.resolving : null;
      ctl.resolving = panel.resolving;
      panel.appliedAt = null;
      ruleAgain();
    },
    cardName(id) { const c = panel.cards && panel.cards.find((x) => x.id === id); return c ? c.name : id; },
    setFaq(entries, clauses, sources) {
      panel.faq = {};
      for (const e of entries) {
        if (panel.faq[e.clause]) continue;
        panel.faq[e.clause] = e.id;
      }
      panel.faqEntries = entries;
      panel.faqSources = sources || [];
      panel.clauses = clauses || {};
      if (ruleDrawer) ruleDrawer.then((drawer) => drawer.setFaq(entries, panel.clauses, panel.faqSources), () => {});
      if (panel.ruling) drawRuling();
    },
    /** The table changed (an edit, undo, redo, apply, a new game): rule again, or say the ruling is out of date. */
    tableChanged() {
      if (panel.applying || (ctl.shared && ctl.shared.checking)) return; // (the link's own ruling is coming)
      const still = ctl.state.phase === "action" && (ctl.state.planned_actions || []).some((a) => a.id === panel.resolving && a.pawns[0] === panel.context.resolver);
      if (panel.resolving && !still) {
        // "Resolve" chose this figure for that Action; the Action (or the Action Phase) is gone.
        if (panel.context.resolver) panel.context = { ...panel.context, resolver: null };
        panel.resolving = null;
        ctl.resolving = null;
        ctl.redrawBoard();
      }
      if (panel.context.resolver && !figuresOf(ctl.state).includes(panel.context.resolver)) panel.context = { ...panel.context, resolver: null };
      // Another phase: who resolved an Action before does not resolve anything now.
      if (panel.phaseSeen && panel.phaseSeen !== ctl.state.phase && panel.context.resolver && !panel.resolving) {
        panel.context = { ...panel.context, resolver: null };
      }
      panel.phaseSeen = ctl.state.phase;
      if (panel.chipsPhase !== ctl.state.phase && (panel.chipsPhase === "night" || ctl.state.phase === "night")) keepFocus(els.chips, drawChips);
      const was = appliedState();
      if (was) {
        // Our Apply is in effect (redone, or with later changes), or undone: then preview again.
        panel.status = was;
        panel.ruling = panel.appliedRuling;
        panel.confirming = false;
        panel.asked += 1;
        draw();
        return;
      }
      panel.shareUrl = null;
      if (!panel.effect && panel.status === "none") {
        // Nothing to rule on: only the "who resolves" line can have changed (cheap to check,
        // and a move must not wait for the whole panel to be drawn again).
        const key = JSON.stringify([ctl.state.phase, ctl.state.round, figuresOf(ctl.state), openActions(ctl.state).map((a) => [a.id, a.pawns[0]]), ctl.readonly]);
        if (key !== panel.contextKey) {
          drawContext();
          drawBar(); // the note under the headline follows the phase and the planned Actions
        }
        panel.contextKey = key;
        return;
      }
      ruleAgain();
    },
    /** "Resolve" on a planned Action: its lead pawn's figure resolves, in the Action Phase.
     * Tapped while the table still says an earlier phase (a fresh table starts at the Event
     * Phase, and the sixth trial never changed it), the phase moves to Action with it, as one
     * more move to undo: else the card would still be ruled as the Event's, on everyone. */
    resolve(action) {
      if (!action.pawns.length) return;
      const early = PHASES.indexOf(ctl.state.phase) < PHASES.indexOf("action");
      if (early) ctl.set("phase", "action", "Phase: Action (an Action is resolved)");
      setResolver(action.pawns[0], action.id);
      ctl.say(`${figureName(ctl.state, action.pawns[0])} resolves the ${title(action.action)} Action.${early ? " The phase is now the Action Phase." : ""}`);
    },
    /** Upright, the card's sheet folded down to its verdict bar, the whole table in view: a
     * piece was picked up, and where it may go can lie under the sheet (the sixth trial). */
    showTable() {
      const html = document.documentElement;
      if (html.dataset.sheet === "closed" || !matchMedia(SHEET_LAYOUT).matches) return;
      html.dataset.sheet = "closed";
      drawBar();
    },
    load(request, ruling) {
      const card = panel.cards && request.card ? panel.cards.find((c) => c.id === request.card) : null;
      panel.card = card || null;
      panel.effect = request.effect;
      panel.context = { resolver: request.context.resolver || null, event_combat: Boolean(request.context.event_combat) };
      panel.choices = { ...request.choices };
      panel.ruling = ruling || null;
      panel.worded = ruling ? { effect: panel.effect, words: ruling.words } : null;
      panel.waiting = null;
      // A link the page read alone (main.js showPeeked): its ruling comes once the rules have read it.
      panel.status = ruling ? "preview" : ctl.shared && ctl.shared.checking && panel.effect ? "pending" : "none";
      panel.appliedAt = null;
      panel.asked += 1;
      panel.error = null;
      panel.shareUrl = null;
      draw();
      if (!ruling && panel.effect && !ctl.shared) ruleAgain();
    },
    /** A new game: no card, no demand, no choices, no one resolving; nothing applied; the card
     * search empty and over every deck (the last game's words would find nothing in this one). */
    clear() {
      panel.decks = [];
      drawDeckChips();
      clearSearch();
      panel.card = null;
      panel.effect = null;
      panel.context = { resolver: null, event_combat: false };
      panel.choices = {};
      panel.resolving = null;
      ctl.resolving = null;
      panel.appliedAt = null;
      panel.confirming = false;
      panel.shareUrl = null;
      panel.shareError = null;
      ruleAgain();
    },
    showError(message) { panel.ruling = null; panel.status = "error"; panel.error = message; draw(); },
    /** A rule code elsewhere on the board (Settings, the finds): its rule in the drawer, as the
     * ruling's codes open theirs; false if the rules have not said what it is yet. */
    showRule(code, from) {
      if (!panel.clauses[code]) return false;
      showRule(code, from);
      return true;
    },
    redraw() { drawChips(); draw(); },
    request,
  };
}
