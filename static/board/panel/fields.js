// @ts-check
// The composer's fields: one row per composed demand, with a control for each of its kind's
// fields (generated from the demand models: static/shared/demand-kinds.js), who suffers, and
// "if possible". Each change is sent up as an update of that demand (`set`).

import { DEMAND_KINDS } from "../../shared/demand-kinds.js";
import { t, tn } from "../../shared/i18n.js";
import { RESOURCE_KINDS, figureName, figuresOf } from "../../shared/labels.js";
import { shownName } from "../../shared/names.js";
import { h } from "../dom.js";
import { DISCARD_KINDS, FIGURE_WORDS, RESOURCE_LABELS, SHORT_RESOURCE, miniStepper, named, segmented } from "./controls.js";

const VICTIMS = () => ({
  default: t("As the rules say"),
  all: t("All characters"),
  in_camp: t("Characters in camp"),
  first_player: t("The First Player"),
  resolver: t("The one resolving the Action"),
});
// Figures a demand can name as its one victim (the Dog is never wounded: it is not a figure).
const FIGURES = ["cook", "carpenter", "explorer", "soldier", "friday", "jenny"];

/**
 * The row of composed demand `d`, the `i`th: its words, its fields, Remove.
 * @param {import("./panel.js").Panel} p
 * @param {any} d @param {number} i @param {boolean} isNew
 * @param {{ words: string, set: (update: object) => void, remove: () => void }} on
 */
export function demandRow(p, d, i, isNew, { words, set, remove }) {
  const key = `d${i}`;
  const fields = d.kind === "discard" ? discardFields(d, key, set)
    : (DEMAND_KINDS[d.kind] || { fields: [] }).fields.map((f) => field(p, d, f, `${key}-${f.name}`, set));
  return h("li", { class: ["demand-row", isNew && "is-new"], data: { testid: `demand-${i}` } },
    h("div", { class: "demand-head" },
      h("span", { class: "demand-text", text: words }),
      h("button", { type: "button", class: "chip-remove", "aria-label": t("Remove the demand “{words}”", { words }),
        data: { key: `${key}-remove`, testid: `${key}-remove` }, onclick: remove }, "×")),
    h("div", { class: "demand-fields" }, fields, d.kind === "wounds" ? victimsField(p, d, key, set, t("Who suffers the Wounds")) : null),
    h("details", { class: "demand-more", open: Boolean(d.if_possible || (d.kind !== "wounds" && d.victims && d.victims !== "default")) },
      h("summary", { text: d.kind === "wounds" ? t("If possible?") : t("If possible? Who suffers?") }),
      h("div", { class: "demand-fields" },
        h("button", { type: "button", class: ["seg", d.if_possible && "is-current"], "aria-pressed": String(Boolean(d.if_possible)),
          data: { key: `${key}-if`, testid: `${key}-if` }, onclick: () => set({ if_possible: !d.if_possible }) }, t("If possible")),
        d.kind === "wounds" ? null : victimsField(p, d, key, set, t("Who suffers a shortfall")),
        h("p", { class: "hint", text: t("“As the rules say”: in the Action Phase the character resolving it; in an Event-Phase combat the First Player; otherwise every character. Or name one figure at the table.") }))));
}

/** A discard: which resource (one tapped) and how many, or a stepper per resource. */
function discardFields(d, key, set) {
  const kinds = DISCARD_KINDS.filter((k) => d[k]);
  const kind = kinds.length === 1 ? kinds[0] : null;
  if (!kind && kinds.length) {
    const labels = RESOURCE_LABELS();
    return DISCARD_KINDS.map((k) => miniStepper({ label: labels[k], value: d[k] || 0, key: `${key}-${k}`, onchange: (n) => set({ [k]: n }) }));
  }
  return [
    segmented({ label: t("Which resource"), options: DISCARD_KINDS, value: kind, names: SHORT_RESOURCE(), key: `${key}-res`,
      onchange: (k) => set({ ...Object.fromEntries(DISCARD_KINDS.map((r) => [r, 0])), [k]: d[kind] || 1 }) }),
    miniStepper({ label: kind ? RESOURCE_LABELS()[kind] : t("How many"), value: kind ? d[kind] : 0, min: 1, key: `${key}-n`,
      onchange: (n) => set({ [kind || "food"]: n }) }),
    h("button", { type: "button", class: ["seg", d.each && "is-current"], "aria-pressed": String(Boolean(d.each)),
      data: { key: `${key}-each`, testid: `${key}-each` }, onclick: () => set({ each: !d.each }) }, t("Each player")),
  ];
}

/** Who suffers: as the rules say, a group, or one figure at the table by its name. */
function victimsField(p, d, key, set, label) {
  const s = p.ctl.state;
  const current = d.victims || "default";
  const here = FIGURES.filter((f) => figuresOf(s).includes(f) || f === current);
  return h("span", { class: "field" },
    h("label", { for: `${key}-victims`, class: "field-label", text: label }),
    h("select", { id: `${key}-victims`, data: { key: `${key}-victims`, testid: `${key}-victims` },
      onchange: (e) => set({ victims: e.target.value === "default" ? undefined : e.target.value }) },
    Object.entries(VICTIMS()).map(([v, name]) => h("option", { value: v, text: name, selected: current === v })),
    h("optgroup", { label: t("Only one figure") }, here.map((f) => h("option", { value: f, selected: current === f,
      text: figuresOf(s).includes(f) ? t("Only {figure}", { figure: figureName(s, f) })
        : t("Only {figure} (not at the table)", { figure: figureName(s, f) }) })))));
}

function field(p, d, f, key, set) {
  if (f.type === "number") {
    return miniStepper({ label: t(f.label), value: d[f.name] ?? f.dflt, min: f.min, max: f.max, key,
      onchange: (n) => set({ [f.name]: f.optional && n === 0 ? undefined : n }) });
  }
  if (f.type === "bool") {
    return h("button", { type: "button", class: ["seg", d[f.name] && "is-current"], "aria-pressed": String(Boolean(d[f.name])),
      data: { key, testid: key }, onclick: () => set({ [f.name]: !d[f.name] }) }, t(f.label));
  }
  if (f.type === "kinds") return kindsField(d, f, key, set);
  if (f.type === "beast") return beastField(p, d, f, key, set);
  if (f.type === "spaces") return spacesField(d, f, key, set);
  if (f.type === "choice") return choiceField(d, f, key, set);
  if (f.type === "demands") return demandsField(d, f, key, set);
  return h("span", { class: "field" }, h("label", { for: key, class: "field-label", text: t(f.label) }),
    h("input", { id: key, type: "text", value: d[f.name] || "", maxlength: 60, autocomplete: "off", data: { key, testid: key },
      onchange: (e) => set({ [f.name]: e.target.value.trim() || (f.optional ? undefined : "") }) }));
}

/** Demands inside a demand (a card's part and its alternative, the players' options), written
 * as JSON: the core reads and checks them when it rules. Text that is not JSON is kept back. */
function demandsField(d, f, key, set) {
  return h("span", { class: "field field-demands" }, h("label", { for: key, class: "field-label", text: t(f.label) }),
    h("textarea", { id: key, rows: 3, spellcheck: "false", autocomplete: "off", value: JSON.stringify(d[f.name] ?? f.dflt),
      data: { key, testid: key },
      onchange: (e) => {
        let value;
        try { value = JSON.parse(e.target.value); } catch { value = undefined; }
        e.target.setCustomValidity(Array.isArray(value) ? "" : t("Write a list of demands as JSON, like the example."));
        if (Array.isArray(value)) set({ [f.name]: value });
        else e.target.reportValidity();
      } }));
}

function spacesField(d, f, key, set) {
  const shown = d.space || (d.spaces || []).join(", ");
  return h("span", { class: "field" }, h("label", { for: key, class: "field-label", text: t(f.label) }),
    h("input", { id: key, type: "text", value: shown, maxlength: 200, autocomplete: "off", data: { key, testid: key },
      onchange: (e) => {
        const names = e.target.value.split(",").map((x) => x.trim()).filter(Boolean);
        set(names.length > 1 ? { space: undefined, spaces: names } : { space: names[0] || "", spaces: undefined });
      } }));
}

function choiceField(d, f, key, set) {
  const names = choiceNames(f);
  if (f.options.length <= 4) return segmented({ label: t(f.label), options: f.options, value: d[f.name] ?? f.dflt, names, key, onchange: (v) => set({ [f.name]: v }) });
  return h("span", { class: "field" }, h("label", { for: key, class: "field-label", text: t(f.label) }),
    h("select", { id: key, data: { key, testid: key }, onchange: (e) => set({ [f.name]: e.target.value }) },
      f.options.map((o) => h("option", { value: o, text: names[o], selected: (d[f.name] ?? f.dflt) === o }))));
}

/** A choice's options in words: the core's names (English msgids of pyapp/rules/composing.py,
 * already in the catalogue), a figure by its role. */
function choiceNames(f) {
  const figures = FIGURE_WORDS();
  return Object.fromEntries(f.options.map((o) => [o, f.names[o] ? t(f.names[o]) : named(figures, o)]));
}

/** Toggles for which kinds of resource a demand may take, kept in the order they were
 * chosen (the players' default order of paying); never fewer than `f.min`. */
function kindsField(d, f, key, set) {
  const chosen = d[f.name] || f.dflt;
  const names = { ...RESOURCE_LABELS(), food: t("Food (either kind)") };
  const label = t(f.label);
  return h("div", { class: "segmented kinds", role: "group", "aria-label": t("{label} (at least {n})", { label, n: f.min }), data: { testid: key } },
    h("span", { class: "stepper-label", "aria-hidden": "true", text: label }),
    RESOURCE_KINDS.map((k) => {
      const on = chosen.includes(k);
      return h("button", { type: "button", class: ["seg", on && "is-current"], "aria-pressed": String(on),
        disabled: on && chosen.length <= f.min, title: on && chosen.length <= f.min ? tn("At least {n} kind", "At least {n} kinds", f.min) : undefined,
        data: { key: `${key}-${k}`, testid: `${key}-${k}` },
        onclick: () => {
          const next = on ? chosen.filter((x) => x !== k) : [...chosen, k];
          set({ [f.name]: JSON.stringify(next) === JSON.stringify(f.dflt) ? undefined : next });
        } }, names[k]);
    }));
}

/** The Beast, by name, from the catalogue's Beast cards: picking one fills in its numbers. */
function beastField(p, d, f, key, set) {
  const { cards } = p.state;
  const beasts = (cards || []).filter((c) => c.deck === "beast" && c.effect.demands.length === 1 && c.effect.demands[0].kind === "combat");
  const known = beasts.some((c) => c.effect.demands[0].beast === d.beast);
  const kept = d.beast && !known ? shownName(d.beast) : null; // a Beast no Beast card names
  return h("span", { class: "field" },
    h("label", { for: key, class: "field-label", text: t(f.label) }),
    h("select", { id: key, data: { key, testid: key }, disabled: !beasts.length && !d.beast,
      onchange: (e) => {
        if (e.target.value === "keep") return;
        const card = beasts.find((c) => c.id === e.target.value);
        if (!card) { set({ beast: undefined }); return; }
        const b = card.effect.demands[0];
        set({ beast: b.beast || card.name, strength: b.strength, weapon_loss: b.weapon_loss || 0, food: b.food || 0, fur: b.fur || 0 });
      } },
    h("option", { value: "", text: cards ? t("Not named (set the numbers)") : t("The Beast cards arrive with the rules…"), selected: !d.beast }),
    kept ? h("option", { value: "keep", text: kept.text, selected: true, "data-typed": kept.typed ? "" : null }) : null,
    beasts.map((c) => h("option", { value: c.id, text: t("{beast} (strength {strength})", { beast: c.name, strength: c.effect.demands[0].strength }), selected: Boolean(d.beast) && c.effect.demands[0].beast === d.beast }))));
}
