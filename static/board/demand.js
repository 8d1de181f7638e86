// The demand panel: pick a card effect (catalogue search) or compose one, set the context,
// preview the core's ruling, answer its questions, apply it, share it. It shows what the core
// says; it decides nothing itself.

import { h } from "./dom.js";
import { RESOURCE_NAMES, figureName, figuresOf, title } from "./labels.js";

const WHO = ["each", "first_player", "resolver", "cook", "carpenter", "explorer", "soldier", "friday", "jenny"];
const VICTIMS = ["default", "all", "in_camp", "first_player", "resolver"];
const num = (name, label, dflt = 0, min = 0) => ({ name, label, type: "number", dflt, min });
const sel = (name, label, options, dflt) => ({ name, label, type: "select", options, dflt: dflt ?? options[0] });
const txt = (name, label, optional = false) => ({ name, label, type: "text", optional });

// The demand kinds of the core (pyapp/rules/demands.py) and their fields, for the composer.
const KINDS = {
  discard: ["Discard resources", [num("food", "Food"), num("nonperishable_food", "Non-perishable food"),
    num("wood", "Wood"), num("fur", "Fur"), { name: "each", label: "Each player discards", type: "bool" }]],
  discard_determination: ["Discard Determination tokens", [num("amount", "Tokens", 1, 1), sel("who", "Who", WHO)]],
  have_weapon: ["Have a Weapon level", [num("level", "Level", 1, 1)]],
  reduce: ["Reduce a track", [sel("track", "Track", ["roof", "palisade", "weapon"]), num("amount", "By", 1, 1)]],
  increase: ["Increase a track", [sel("track", "Track", ["roof", "palisade", "weapon"]), num("amount", "By", 1, 1)]],
  lower_morale: ["Lower Morale", [num("amount", "By", 1, 1)]],
  cover_source: ["Cover a source", [sel("source", "Source", ["food", "wood"]), num("count", "How many", 1, 1),
    { ...num("tile", "On tile (blank: the closest)", "", 1), optional: true }]],
  place_token: ["Place a token", [txt("space", "Space"), txt("token", "Token")]],
  place_marker: ["Place a marker", [txt("space", "Space"), txt("marker", "Marker")]],
  lose_pawn: ["Lose an Action pawn", [sel("who", "Who", WHO, "resolver")]],
  lose_item: ["Lose an Item", [txt("item", "Item (blank: the players choose)", true)]],
  halve: ["Halve", [sel("target", "What", ["food", "wood", "fur", "roof", "palisade", "weapon"])]],
  combat: ["Fight a Beast", [num("strength", "Strength", 3), num("weapon_loss", "Weapon loss"), txt("beast", "Beast", true)]],
  weather_clouds: ["Weather clouds", [num("rain", "Rain clouds"), num("snow", "Snow clouds")]],
  night_eating: ["Night: eating", []],
  night_no_shelter: ["Night: no Shelter", []],
  children_food: ["Scenario 6: the children eat", [{ ...num("amount", "Food (blank: by round)", ""), optional: true }]],
  wounds: ["The card's own Wounds", [num("amount", "Wounds", 1, 1)]],
};
const MULTI = new Set(["fed", "short"]);
const BOOL = new Set(["use_alternative", "children_first"]);

export function describeDemand(d) {
  const [name] = KINDS[d.kind] || [title(d.kind)];
  const parts = Object.entries(d).filter(([k, v]) => k !== "kind" && v !== false && v !== "default" && v !== "" && v !== null)
    .map(([k, v]) => `${title(RESOURCE_NAMES[k] || k)} ${v === true ? "" : v}`.trim());
  return parts.length ? `${name}: ${parts.join(", ")}` : name;
}

export function createDemandPanel(ctl, root) {
  const panel = {
    cards: null, card: null, effect: null, context: { resolver: null, event_combat: false }, choices: {},
    ruling: null, applied: false, error: null, query: "", composing: [], shareUrl: null, shareError: null,
  };
  const els = {};

  function build() {
    els.search = h("input", { id: "demand-search", type: "search", autocomplete: "off", placeholder: "Card name or words of its text",
      data: { testid: "demand-search" }, oninput: (e) => { panel.query = e.target.value; drawResults(); } });
    els.results = h("ul", { class: "card-results", id: "card-results", "aria-label": "Cards found", data: { testid: "card-results" } });
    els.chosen = h("div", { class: "chosen", data: { testid: "demand-chosen" } });
    els.compose = h("details", { class: "compose", data: { testid: "compose" } });
    els.context = h("div", { class: "context" });
    els.actions = h("div", { class: "demand-actions" });
    els.share = h("div", { class: "share-box", data: { testid: "share-box" } });
    els.ruling = h("div", { class: "ruling", "aria-live": "polite", data: { testid: "ruling" } });
    root.replaceChildren(
      h("h2", { id: "demand-title", class: "panel-title", text: "The card's demand" }),
      h("div", { class: "search" },
        h("label", { for: "demand-search", text: "Find a card" }), els.search, els.results),
      els.compose, els.chosen, els.context, els.actions, els.share, els.ruling);
    drawCompose();
    draw();
  }

  function drawResults() {
    if (!panel.cards) {
      els.results.replaceChildren(h("li", { class: "hint", text: "The card list arrives with the rules…" }));
      return;
    }
    const terms = panel.query.toLowerCase().split(/\s+/).filter(Boolean);
    if (!terms.length) {
      els.results.replaceChildren();
      return;
    }
    const found = panel.cards.filter((c) => terms.every((t) => `${c.name} ${c.text}`.toLowerCase().includes(t))).slice(0, 8);
    els.results.replaceChildren(...(found.length ? found.map((c) => h("li", {},
      h("button", { type: "button", class: "card-pick", data: { testid: `card-${c.id}`, key: `card-${c.id}` },
        onclick: () => pickCard(c) },
      h("span", { class: "card-name", text: c.name }), h("span", { class: "card-deck", text: title(c.deck) }),
      h("span", { class: "card-text", text: c.text })))) : [h("li", { class: "hint", text: "No card matches." })]));
  }

  function pickCard(card) {
    panel.card = card;
    panel.effect = card.effect;
    panel.composing = [];
    panel.query = "";
    els.search.value = "";
    drawResults();
    fresh();
    ctl.say(`Chosen: ${card.name}. ${card.text}`);
    const preview = els.actions.querySelector("[data-testid=preview]");
    if (preview) preview.focus();
  }

  function fresh() {
    panel.choices = {};
    panel.ruling = null;
    panel.applied = false;
    panel.error = null;
    panel.shareUrl = null;
    panel.shareError = null;
    draw();
  }

  function drawCompose() {
    const kindSel = h("select", { id: "compose-kind", data: { testid: "compose-kind" } },
      Object.entries(KINDS).map(([k, [name]]) => h("option", { value: k, text: name })));
    const fields = h("div", { class: "compose-fields" });
    const common = h("div", { class: "compose-fields" },
      field({ name: "if_possible", label: "If possible", type: "bool" }, "if_possible"),
      field(sel("victims", "Victims", VICTIMS), "victims"));
    const showFields = () => fields.replaceChildren(...KINDS[kindSel.value][1].map((f) => field(f, f.name)));
    kindSel.addEventListener("change", showFields);
    showFields();
    const form = h("form", {
      class: "compose-form",
      onsubmit: (e) => {
        e.preventDefault();
        const demand = { kind: kindSel.value };
        for (const f of [...KINDS[kindSel.value][1], { name: "if_possible", type: "bool" }, sel("victims", "", VICTIMS)]) {
          const input = form.elements.namedItem(`f-${f.name}`);
          const v = f.type === "bool" ? input.checked : input.value;
          if (f.type === "number") { if (v !== "") demand[f.name] = Number(v); } else if (f.type === "bool") { if (v) demand[f.name] = true; } else if (v !== "" || !f.optional) demand[f.name] = v;
        }
        if (demand.victims === "default") delete demand.victims;
        panel.composing = panel.card ? [demand] : [...panel.composing, demand];
        panel.card = null;
        panel.effect = { label: "Composed demand", demands: panel.composing };
        fresh();
        ctl.say(`Added: ${describeDemand(demand)}`);
      },
    },
    h("label", { for: "compose-kind", text: "Kind of demand" }), kindSel, fields, common,
    h("button", { type: "submit", class: "secondary", data: { testid: "compose-add" } }, "Add this demand"));
    els.compose.replaceChildren(h("summary", { text: "Or compose a demand" }), form, jsonEditor());
  }

  function field(f, name) {
    const id = `f-${name}`;
    if (f.type === "bool") return h("label", { class: "toggle" }, h("input", { type: "checkbox", id, name: id }), h("span", { text: f.label }));
    const input = f.type === "select"
      ? h("select", { id, name: id }, f.options.map((o) => h("option", { value: o, text: title(o), selected: o === f.dflt })))
      : h("input", { id, name: id, type: f.type, value: f.dflt, min: f.min, inputmode: f.type === "number" ? "numeric" : undefined, autocomplete: "off" });
    return h("span", { class: "field" }, h("label", { for: id, class: "field-label", text: f.label }), input);
  }

  function jsonEditor() {
    const area = h("textarea", { id: "effect-json", rows: 6, spellcheck: "false", data: { testid: "effect-json" } });
    const error = h("p", { class: "form-error", role: "alert" });
    return h("div", { class: "json-editor" },
      h("label", { for: "effect-json", text: "Or write the effect as JSON (format.md)" }), area, error,
      h("button", { type: "button", class: "secondary", onclick: () => {
        try {
          const effect = JSON.parse(area.value);
          if (!effect || typeof effect !== "object" || !Array.isArray(effect.demands)) throw new Error("an effect has a list of demands");
          panel.card = null;
          panel.composing = effect.demands;
          panel.effect = effect;
          error.textContent = "";
          fresh();
        } catch (e) {
          error.textContent = `This is not an effect: ${e.message}`;
        }
      } }, "Use this effect"));
  }

  function draw() {
    drawChosen();
    drawContext();
    drawActions();
    drawShare();
    drawRuling();
  }

  function drawChosen() {
    if (!panel.effect) {
      els.chosen.replaceChildren(h("p", { class: "hint", text: "No demand yet: find the card, or compose its demand." }));
      return;
    }
    const c = panel.card;
    els.chosen.replaceChildren(h("article", { class: "demand-card" },
      h("h3", { text: c ? c.name : panel.effect.label || "Composed demand" }),
      c ? h("p", { class: "card-text", text: c.text }) : null,
      c && c.note ? h("p", { class: "hint", text: c.note }) : null,
      h("ul", { class: "demand-list" }, panel.effect.demands.map((d, i) => h("li", {},
        h("span", { text: describeDemand(d) }),
        !c && !ctl.readonly ? h("button", { type: "button", class: "chip-remove", "aria-label": `Remove demand ${i + 1}`,
          onclick: () => {
            panel.composing = panel.effect.demands.filter((_, j) => j !== i);
            panel.effect = panel.composing.length ? { ...panel.effect, demands: panel.composing } : null;
            fresh();
          } }, "×") : null))),
      panel.effect.alternative ? h("p", { class: "hint", text: `Or, the card's alternative: ${panel.effect.alternative.map(describeDemand).join("; ")}` }) : null,
      c && c.fan ? h("p", { class: "fine", text: "Card effect transcribed by fans." }) : null));
  }

  function drawContext() {
    const s = ctl.state;
    const resolver = h("select", { id: "ctx-resolver", disabled: ctl.readonly, data: { testid: "ctx-resolver" },
      onchange: (e) => { panel.context = { ...panel.context, resolver: e.target.value || null }; refresh(); } },
    h("option", { value: "", text: "No one (not the Action Phase)" }),
    figuresOf(s).filter((f) => f !== "jenny").map((f) => h("option", { value: f, text: figureName(s, f), selected: panel.context.resolver === f })));
    els.context.replaceChildren(
      h("h3", { text: "When and who" }),
      h("p", { class: "phase-note", text: `Phase on the table: ${title(s.phase)}, round ${s.round}.` }),
      h("span", { class: "field" }, h("label", { for: "ctx-resolver", class: "field-label", text: "Who resolves the Action" }), resolver),
      h("label", { class: "toggle" }, h("input", { type: "checkbox", id: "ctx-combat", checked: panel.context.event_combat, disabled: ctl.readonly,
        data: { testid: "ctx-combat" }, onchange: (e) => { panel.context = { ...panel.context, event_combat: e.target.checked }; refresh(); } }),
      h("span", { text: "The outcome of an Event-Phase combat" })));
  }

  function refresh() {
    if (panel.ruling && !panel.applied) preview();
    else fresh();
  }

  function drawActions() {
    const none = !panel.effect;
    els.actions.replaceChildren(
      h("button", { type: "button", class: "primary", disabled: none, data: { testid: "preview", key: "preview" }, onclick: preview }, "Preview the ruling"),
      h("button", { type: "button", class: "primary", disabled: none || ctl.readonly || !panel.ruling || panel.applied,
        data: { testid: "apply", key: "apply" }, onclick: apply }, "Apply"),
      h("button", { type: "button", class: "secondary", disabled: none, data: { testid: "share", key: "share" }, onclick: share }, "Share"),
      h("button", { type: "button", class: "secondary", disabled: none, data: { testid: "export-request" }, onclick: () => ctl.download("castaway-request.json", request()) }, "Export request"));
  }

  function request() {
    return {
      format: "castaway-referee/request", version: 1, card: panel.card ? panel.card.id : null, state: ctl.state,
      effect: panel.effect, context: cleanContext(), choices: panel.choices,
    };
  }

  function cleanContext() {
    const ctx = { event_combat: panel.context.event_combat };
    if (panel.context.resolver) ctx.resolver = panel.context.resolver;
    return ctx;
  }

  function ask(cmd) {
    return { cmd, card: panel.card ? panel.card.id : null, effect: panel.effect, context: cleanContext(), choices: panel.choices };
  }

  async function preview() {
    if (!panel.effect) return;
    panel.error = null;
    els.ruling.dataset.state = "pending";
    try {
      panel.ruling = ctl.shared ? await ctl.ruleShared(request()) : (await ctl.command(ask("preview"), "Preview")).ruling;
      panel.applied = false;
    } catch (e) {
      panel.ruling = null;
      panel.error = e.message;
    }
    draw();
  }

  async function apply() {
    try {
      const env = await ctl.command(ask("apply"), "Apply");
      panel.ruling = env.ruling;
      panel.applied = true;
      ctl.accept(env.snapshot);
      ctl.say(`Applied: ${env.snapshot.log.filter((e) => e.applied).at(-1)?.summary || "done"}.`);
    } catch (e) {
      panel.error = e.message;
      ctl.refuse(e, "Apply");
    }
    draw();
  }

  async function share() {
    panel.shareError = null;
    try {
      const link = await window.referee.links.encode(request());
      panel.shareUrl = `${location.href.split("#")[0]}#r=${link}`;
    } catch (e) {
      panel.shareUrl = null;
      panel.shareError = e.message;
    }
    drawShare();
    const input = els.share.querySelector("input");
    if (input) { input.focus(); input.select(); }
  }

  function drawShare() {
    if (!panel.shareUrl && !panel.shareError) { els.share.replaceChildren(); return; }
    if (panel.shareError) { els.share.replaceChildren(h("p", { class: "form-error", role: "alert", text: panel.shareError })); return; }
    const status = h("span", { class: "hint", role: "status" });
    els.share.replaceChildren(
      h("label", { for: "share-url", text: "Link to this table, demand and choices" }),
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

  function drawRuling() {
    els.ruling.dataset.state = panel.error ? "error" : panel.ruling ? (panel.applied ? "applied" : "preview") : "none";
    if (panel.error) {
      els.ruling.replaceChildren(h("p", { class: "form-error", role: "alert", data: { testid: "ruling-error" }, text: `No ruling: ${panel.error}` }));
      return;
    }
    const r = panel.ruling;
    if (!r) { els.ruling.replaceChildren(); return; }
    const s = ctl.state;
    els.ruling.replaceChildren(
      h("h3", { text: panel.applied ? "Ruling applied" : ctl.shared ? "The shared ruling" : "Preview: nothing is changed yet" }),
      verdict(r, s),
      h("h4", { text: "What is paid" }),
      r.payments.length ? h("ul", { class: "payments", data: { testid: "payments" } }, r.payments.map((p) => h("li", {
        text: `${title(RESOURCE_NAMES[p.what] || p.what)}: ${p.paid} of ${p.wanted} paid${p.paid < p.wanted ? ` — ${p.wanted - p.paid} short` : ""}` })))
        : h("p", { class: "hint", text: "Nothing to pay." }),
      h("h4", { text: "Wounds" }),
      r.wounds.length ? h("table", { class: "wounds-table", data: { testid: "wounds" } },
        h("thead", {}, h("tr", {}, ["Who", "Unfulfilled demand", "Other Wounds", "Morale arrows", "Dies"].map((t) => h("th", { scope: "col", text: t })))),
        h("tbody", {}, r.wounds.map((w) => h("tr", { data: { figure: w.figure } },
          h("th", { scope: "row", text: figureName(s, w.figure) }), h("td", { text: w.unfulfilled }), h("td", { text: w.other }),
          h("td", { text: w.morale_arrows }), h("td", { text: w.died ? "yes" : "no" })))))
        : h("p", { class: "hint", data: { testid: "no-wounds" }, text: "No one is wounded." }),
      h("h4", { text: "What follows" }),
      h("ul", { class: "follows", data: { testid: "follows" } },
        r.unfulfilled ? h("li", { text: `Unfulfilled demand: ${r.unfulfilled_units} unit(s).` }) : null,
        r.used_alternative ? h("li", { text: "The card's alternative applies." }) : null,
        r.morale_change ? h("li", { text: `Morale ${r.morale_change > 0 ? "+" : ""}${r.morale_change}.` }) : null,
        r.game_lost ? h("li", { class: "lost-line", text: `The game is lost: ${r.lost_reason}` }) : null,
        r.not_spent.length ? h("li", { text: `Not spent for you (C4), but could avoid a loss: ${r.not_spent.join(", ")}.` }) : null,
        !r.unfulfilled && !r.used_alternative && !r.morale_change && !r.game_lost ? h("li", { text: "Nothing more." }) : null),
      r.decisions.length ? decisions(r) : null,
      h("h4", { text: "Why, step by step" }),
      h("ol", { class: "steps", data: { testid: "steps" } }, r.steps.map((st) => h("li", { class: `step-${st.certainty}` },
        h("span", { class: "clause", text: st.clause }),
        h("span", { class: "step-text", text: ` ${st.text} ` }),
        h("span", { class: `certainty certainty-${st.certainty}`, text: certainty(st) })))));
  }

  function verdict(r, s) {
    const hurt = r.wounds.filter((w) => w.unfulfilled + w.other > 0)
      .map((w) => `${figureName(s, w.figure)} suffers ${w.unfulfilled + w.other} Wound${w.unfulfilled + w.other === 1 ? "" : "s"}`);
    const text = r.game_lost ? `The game is lost. ${hurt.join("; ")}` : hurt.length ? hurt.join("; ") : "Paid in full: no one is wounded.";
    return h("p", { class: ["verdict", !hurt.length && !r.game_lost && "is-clear"], data: { testid: "verdict" }, text: `${text}.`.replace(/\.\.$/, ".") });
  }

  function certainty(st) {
    if (st.certainty === "house") return `No official ruling; this app's default${st.switch ? ` (switch: ${st.switch})` : ""}`;
    return st.certainty === "stated" ? "Stated rule" : "Derived from the rules";
  }

  function decisions(r) {
    return h("fieldset", { class: "decisions", data: { testid: "decisions" } },
      h("legend", { text: "The players choose" }),
      r.decisions.map((d) => h("div", { class: "decision", data: { decision: d.id } },
        h("p", { class: "question", id: `q-${d.id}`, text: d.question }),
        decisionInput(d))));
  }

  function decisionInput(d) {
    const choose = (value) => {
      panel.choices = { ...panel.choices, [d.id]: value };
      preview();
    };
    const off = panel.applied;
    if (MULTI.has(d.id)) {
      const chosen = new Set(String(d.chosen).split(",").filter(Boolean));
      return h("div", { class: "multi", role: "group", "aria-labelledby": `q-${d.id}` }, d.options.map((o) => h("label", { class: "toggle" },
        h("input", { type: "checkbox", checked: chosen.has(o.value), disabled: off, data: { option: o.value },
          onchange: (e) => {
            const boxes = [...e.target.closest(".multi").querySelectorAll("input")];
            choose(boxes.filter((b) => b.checked).map((b) => b.dataset.option));
          } }),
        h("span", { text: figureName(ctl.state, o.label) }))));
    }
    if (!d.options.length) {
      return h("input", { type: "number", min: 0, max: 99, value: d.chosen, "aria-labelledby": `q-${d.id}`, disabled: off,
        inputmode: "numeric", onchange: (e) => choose(Math.max(0, Number(e.target.value) || 0)) });
    }
    return h("select", { "aria-labelledby": `q-${d.id}`, disabled: off, onchange: (e) => choose(BOOL.has(d.id) ? e.target.value === "true" : e.target.value) },
      d.options.map((o) => h("option", { value: o.value, text: `${o.label}${o.value === d.default ? " (default)" : ""}`, selected: o.value === d.chosen })));
  }

  build();
  return {
    setCatalogue(cards) { panel.cards = cards; drawResults(); },
    /** The table changed: a preview made on the old table no longer holds. */
    tableChanged() {
      if (panel.applied) { drawContext(); drawActions(); return; }
      panel.ruling = null;
      panel.shareUrl = null;
      draw();
    },
    load(request, ruling) {
      const card = panel.cards && request.card ? panel.cards.find((c) => c.id === request.card) : null;
      panel.card = card || null;
      panel.effect = request.effect;
      panel.composing = card ? [] : request.effect.demands;
      panel.context = { resolver: request.context.resolver || null, event_combat: Boolean(request.context.event_combat) };
      panel.choices = { ...request.choices };
      panel.ruling = ruling || null;
      panel.applied = false;
      panel.error = null;
      panel.shareUrl = null;
      draw();
    },
    showError(message) { panel.ruling = null; panel.error = message; draw(); },
    redraw: draw,
    request,
  };
}
