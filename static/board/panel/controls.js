// @ts-check
// The panel's small controls and words: a − n + stepper, segmented buttons, the resources'
// labels, and the two layout helpers every part of the panel uses (keep the keyboard where
// it was across a redraw; scroll the panel, only the panel, to an element).

import { DEMAND_KINDS } from "../../shared/demand-kinds.js";
import { title } from "../../shared/labels.js";
import { h } from "../dom.js";

// The upright layout, where the panel is a bottom sheet (index.html's own <style>, its media
// query for narrow screens).
export const SHEET_LAYOUT = "(max-width: 999.98px)";

export const RESOURCE_LABELS = { food: "Food", nonperishable_food: "Non-perishable food", perishable_food: "Perishable food only", wood: "Wood", fur: "Fur" };
export const SHORT_RESOURCE = { food: "Food", nonperishable_food: "Non-perishable", perishable_food: "Perishable", wood: "Wood", fur: "Fur" };
export { DISCARD_KINDS } from "./state.js";

/** A demand as the composer names it before the core has worded it: its kind's name. */
export const kindTitle = (d) => (DEMAND_KINDS[d.kind] || { title: d.kind }).title;

/**
 * A − n + control made of buttons (no number field, no keyboard popping up).
 * @param {{ label: string, value: number, min?: number, max?: number, key: string, onchange: (n: number) => void, disabled?: boolean }} o
 */
export function miniStepper({ label, value, min = 0, max = 20, key, onchange, disabled }) {
  const id = `ms-${key}`;
  return h("div", { class: "stepper mini", role: "group", "aria-labelledby": id },
    h("span", { class: "stepper-label", id, text: label }),
    h("button", { type: "button", class: "step", "aria-label": `${label}: one less`, disabled: disabled || value <= min,
      data: { key: `${key}-minus`, testid: `${key}-minus` }, onclick: () => onchange(value - 1) }, "−"),
    h("output", { class: "stepper-value", text: value, data: { testid: key } }),
    h("button", { type: "button", class: "step", "aria-label": `${label}: one more`, disabled: disabled || value >= max,
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
