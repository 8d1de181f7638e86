// @ts-check
// The panel's small controls and words: a − n + stepper, segmented buttons, the resources'
// labels, and the two layout helpers every part of the panel uses (keep the keyboard where
// it was across a redraw; scroll the panel, only the panel, to an element).

import { DEMAND_KINDS } from "../../shared/demand-kinds.js";
import { t } from "../../shared/i18n.js";
import { title } from "../../shared/labels.js";
import { h } from "../dom.js";

// The upright layout, where the panel is a bottom sheet (index.html's own <style>, its media
// query for narrow screens).
export const SHEET_LAYOUT = "(max-width: 999.98px)";

// The words are looked up when drawn (a constant made at load would stay in the language of
// the moment it was made).
/** A discard's resources as the composer names them: the core's labels (demand-kinds.js). */
export const RESOURCE_LABELS = () => Object.fromEntries(DEMAND_KINDS.discard.fields.map((f) => [f.name, t(f.label)]));
export const SHORT_RESOURCE = () => ({ food: t("Food"), nonperishable_food: t("Non-perishable"),
  perishable_food: t("Perishable"), wood: t("Wood"), fur: t("Fur") });
/** The resources in a sentence ("one more wood"). */
export const RESOURCE_WORDS = () => ({ food: t("food"), nonperishable_food: t("non-perishable food"),
  perishable_food: t("perishable food"), wood: t("wood"), fur: t("fur") });
/** The figures by their role (the core's words: pyapp/rules/words.py). */
export const FIGURE_WORDS = () => ({ cook: t("Cook"), carpenter: t("Carpenter"), explorer: t("Explorer"),
  soldier: t("Soldier"), friday: t("Friday"), jenny: t("Jenny") });
/** The phases by name, as in "the Night Phase" (the core's words). */
export const PHASE_WORDS = () => ({ event: t("Event"), morale: t("Morale"), production: t("Production"),
  action: t("Action"), weather: t("Weather"), night: t("Night") });
/** The Actions by name, as in "the Gather Action" (the core's words). */
export const ACTION_WORDS = () => ({ threat: t("Threat"), hunt: t("Hunt"), build: t("Build"), gather: t("Gather"),
  explore: t("Explore"), arrange_camp: t("Arrange camp"), rest: t("Rest") });
export { DISCARD_KINDS } from "./state.js";

/** A word of one of the maps above, else the key as a title ("Arrange camp"). */
export const named = (names, key) => names[key] || title(key);

/** A demand as the composer names it before the core has worded it: its kind's name (an
 * English msgid of the core's, pyapp/rules/composing.py, already in the catalogue). */
export const kindTitle = (d) => (DEMAND_KINDS[d.kind] ? t(DEMAND_KINDS[d.kind].title) : d.kind);

/**
 * A − n + control made of buttons (no number field, no keyboard popping up).
 * @param {{ label: string, value: number, min?: number, max?: number, key: string, onchange: (n: number) => void, disabled?: boolean }} o
 */
export function miniStepper({ label, value, min = 0, max = 20, key, onchange, disabled }) {
  const id = `ms-${key}`;
  return h("div", { class: "stepper mini", role: "group", "aria-labelledby": id },
    h("span", { class: "stepper-label", id, text: label }),
    h("button", { type: "button", class: "step", "aria-label": t("{label}: one less", { label }), disabled: disabled || value <= min,
      data: { key: `${key}-minus`, testid: `${key}-minus` }, onclick: () => onchange(value - 1) }, "−"),
    h("output", { class: "stepper-value", text: value, data: { testid: key } }),
    h("button", { type: "button", class: "step", "aria-label": t("{label}: one more", { label }), disabled: disabled || value >= max,
      data: { key: `${key}-plus`, testid: `${key}-plus` }, onclick: () => onchange(value + 1) }, "+"));
}

/**
 * Segmented buttons, one pressed.
 * @param {{ label: string, options: string[], value: any, names?: Record<string, string>, key: string, onchange: (v: string) => void, disabled?: boolean }} o
 */
export function segmented({ label, options, value, names = {}, key, onchange, disabled }) {
  return h("div", { class: "segmented", role: "group", "aria-label": label, data: { testid: key } },
    options.map((o) => h("button", { type: "button", class: ["seg", o === value && "is-current"], "aria-pressed": String(o === value),
      disabled, data: { key: `${key}-${o}`, testid: `${key}-${o}` }, onclick: () => o !== value && onchange(o) }, names[o] || title(o))));
}

/** Draw `container` again with `fn`, the keyboard kept on the control it was on (by its key). */
export function keepFocus(container, fn) {
  const active = /** @type {HTMLElement | null} */ (document.activeElement);
  const key = active && container.contains(active) ? active.dataset.key : null;
  fn();
  if (!key) return;
  const again = container.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (again && !again.disabled) again.focus();
  else if (container.querySelector("[data-key]")) container.querySelector("[data-key]").focus();
}

/** Scroll the panel (only the panel: the board and the page stay where they are) to `el`. */
export function scrollPanelTo(el, block) {
  const body = el.closest(".panel-body");
  if (!body) return;
  const box = body.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  if (block === "nearest" && r.top >= box.top && r.bottom <= box.bottom) return;
  const by = block === "nearest" && r.top >= box.top ? r.bottom - box.bottom : r.top - box.top;
  body.scrollTop += by;
}
