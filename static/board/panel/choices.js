// @ts-check
// The players' choices: what the ruling leaves to them (which food first, what to use, who
// eats, a halved gain's mix…), each with the core's question, options and suggestion. A
// choice is sent with the demand and the core rules again.

import { t } from "../../shared/i18n.js";
import { h } from "../dom.js";
import { RESOURCE_LABELS, RESOURCE_WORDS, miniStepper } from "./controls.js";

const MULTI = new Set(["fed", "short", "use", "pick", "cards"]); // choices that are lists
const BOOL = new Set(["use_alternative", "children_first"]);
const FORCED = new Set(["use_alternative", "part_alternative"]); // one option: it must apply
// Up to this many options are drawn whole, one tap each (their words wrap in a narrow
// panel); a longer list is a menu.
const FEW = 4;

/**
 * The choices open to the players in ruling `r`, or null when there are none.
 * @param {import("./panel.js").Panel} p
 */
export function decisions(p, r) {
  // The card's alternative (or a part's) with one option only: the core says it must apply
  // (its steps say so). Nothing to choose, so no choice preset to something else.
  const open = r.decisions.filter((d) => !(FORCED.has(d.id) && d.options.length === 1));
  return open.length ? h("fieldset", { class: "decisions", data: { testid: "decisions" } },
    h("legend", { text: t("The players choose") }),
    open.map((d) => h("div", { class: "decision", data: { decision: d.id } },
      h("p", { class: "question", id: `q-${d.id}`, text: d.question }),
      decisionInput(p, d, r.words.choices[r.decisions.indexOf(d)])))) : null;
}

/** The input for one decision `d`; `said` is the core's words for it (its options' labels,
 * a figure by its name at the table). */
function decisionInput(p, d, said) {
  const label = (value) => (said.options.find(([v]) => v === value) || [value, value])[1];
  const choose = (value) => {
    p.dispatch({ type: "choiceMade", id: d.id, value });
    p.act.ruleAgain();
  };
  const off = p.state.status !== "preview" || p.ctl.readonly;
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
  if (d.id === "gain_mix") return gainMixInput(p, d, choose, off);
  if (!d.options.length && d.id !== "weapon_bonus") {
    return h("p", { class: "hint", text: said.suggested ? t("As the ruling takes it: {choice} (suggested).", { choice: said.chosen })
      : t("As the ruling takes it: {choice}.", { choice: said.chosen }) });
  }
  if (!d.options.length) {
    const value = Number(d.chosen) || 0;
    return miniStepper({ label: t("Bonus"), value, max: 9, key: `q-${d.id}-n`, disabled: off, onchange: (n) => choose(n) });
  }
  const text = (o) => o.value === d.default ? t("{choice} (suggested)", { choice: label(o.value) }) : label(o.value);
  const value = (v) => BOOL.has(d.id) ? v === "true" : v;
  if (d.options.length <= FEW) {
    return h("div", { class: "options", role: "radiogroup", "aria-labelledby": `q-${d.id}` }, d.options.map((o) => h("label", { class: "toggle" },
      h("input", { type: "radio", name: `q-${d.id}`, value: o.value, checked: o.value === String(d.chosen), disabled: off,
        data: { option: o.value }, onchange: (e) => choose(value(e.target.value)) }),
      h("span", { text: text(o) }))));
  }
  return h("select", { "aria-labelledby": `q-${d.id}`, disabled: off, onchange: (e) => choose(value(e.target.value)) },
    d.options.map((o) => h("option", { value: o.value, text: text(o), selected: o.value === d.chosen })));
}

/** The halved gain's mix: one stepper per kind the full gain gives. The total stays half
 * the gain: one more of a kind is one less of another (never more than the full gain). */
function gainMixInput(p, d, choose, off) {
  const demand = (p.state.effect.demands || []).find((x) => x.kind === "halve_gain") || {};
  const gainKinds = ["food", "wood", "fur"].filter((k) => demand[k]);
  const mix = Object.fromEntries(gainKinds.map((k) => [k, 0]));
  for (const part of String(d.chosen).split(",")) {
    const [k, n] = part.split(":");
    if (k in mix) mix[k] = Number(n) || 0;
  }
  const from = (k, wants) => [...gainKinds].reverse().find((j) => j !== k && wants(j));
  const move = (to, away) => choose({ ...mix, [to]: mix[to] + 1, [away]: mix[away] - 1 });
  const total = Object.values(mix).reduce((a, b) => a + b, 0);
  const labels = RESOURCE_LABELS();
  const words = RESOURCE_WORDS();
  return h("div", { class: "gain-mix", role: "group", "aria-labelledby": `q-${d.id}`, data: { testid: "gain-mix" } },
    gainKinds.map((k) => {
      const giver = from(k, (j) => mix[j] > 0);
      const taker = from(k, (j) => mix[j] < demand[j]);
      return h("div", { class: "stepper mini", role: "group", "aria-labelledby": `gm-${k}` },
        h("span", { class: "stepper-label", id: `gm-${k}`, text: t("{resource} (of {n})", { resource: labels[k], n: demand[k] }) }),
        h("button", { type: "button", class: "step", "aria-label": taker ? t("{resource}: one less, one more {other}", { resource: labels[k], other: words[taker] })
          : t("{label}: one less", { label: labels[k] }),
          disabled: off || !mix[k] || !taker, data: { key: `gain-${k}-minus`, testid: `gain-${k}-minus` }, onclick: () => move(taker, k) }, "−"),
        h("output", { class: "stepper-value", text: mix[k], data: { testid: `gain-${k}` } }),
        h("button", { type: "button", class: "step", "aria-label": giver ? t("{resource}: one more, one less {other}", { resource: labels[k], other: words[giver] })
          : t("{label}: one more", { label: labels[k] }),
          disabled: off || mix[k] >= demand[k] || !giver, data: { key: `gain-${k}-plus`, testid: `gain-${k}-plus` }, onclick: () => move(k, giver) }, "+"));
    }),
    h("p", { class: "hint", text: d.chosen === d.default ? t("Half the gain, rounded down: {n} in all (suggested).", { n: total })
      : t("Half the gain, rounded down: {n} in all.", { n: total }) }));
}
