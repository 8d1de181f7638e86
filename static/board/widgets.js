// @ts-check
// Small controls shared by the board's regions. Each takes the controller (ctl) that sends
// edits to the core; none of them decides anything about the game.

import { few, hidden, moreText } from "./bounds.js";
import { h } from "./dom.js";
import { t } from "../shared/i18n.js";
import { gameName } from "../shared/names.js";
import { accepts, pieceName, placeLabel } from "./moves.js";

/**
 * The board's controller (`ctl` in main.js): what the board shows and holds, and the
 * commands that send edits to the core. Not typed further here.
 * @typedef {any} Controller
 */

export function button(ctl, attrs, ...children) {
  const data = attrs.data && attrs.data.key && !attrs.data.testid ? { ...attrs.data, testid: attrs.data.key } : attrs.data;
  return h("button", { type: "button", ...attrs, data, disabled: attrs.disabled || ctl.readonly }, ...children);
}

/**
 * − value + for a count at `path`. Each tap counts on from the value the table will have once
 * the core has answered the taps before it (`ctl.step`): taps made faster than the answers,
 * or while the rules load, each count.
 * @param {Controller} ctl
 * @param {{ label: string, value: number, path: string, min?: number, max?: number, key: string, what?: string }} count
 */
export function stepper(ctl, { label, value, path, min = 0, max = 99, key, what }) {
  const id = `st-${key}`;
  const name = what || label;
  const step = (/** @type {number} */ by) => () =>
    ctl.step(path, value, by, min, max, (/** @type {number} */ to) => t("{label}: {value}", { label: name, value: to }));
  return h("div", { class: "stepper", role: "group", "aria-labelledby": id },
    h("span", { class: "stepper-label", id, text: label }),
    button(ctl, {
      class: "step", "aria-label": t("{name}: one less", { name }), data: { key: `${key}-minus` },
      disabled: value <= min, onclick: step(-1),
    }, "−"),
    h("output", { class: "stepper-value", "aria-live": "off", text: value, data: { testid: key } }),
    button(ctl, {
      class: "step", "aria-label": t("{name}: one more", { name }), data: { key: `${key}-plus` },
      disabled: value >= max, onclick: step(1),
    }, "+"),
  );
}

/**
 * A track of level buttons; clicking one sets the level. `mark(level)` adds art.
 * @param {Controller} ctl
 * @param {{ label: string, levels: number[], value: number, path: string, key: string,
 *   mark?: (level: number) => Node, describe?: (level: number) => string, cls?: string }} levels
 */
export function track(ctl, { label, levels, value, path, key, mark, describe, cls }) {
  return h("div", { class: ["track", cls], role: "group", "aria-label": label, data: { testid: key, value } },
    levels.map((level) => {
      const text = describe ? describe(level) : String(level);
      return button(ctl, {
        class: ["level", level === value && "is-current", level < value && "is-below"],
        "aria-pressed": String(level === value),
        "aria-label": t("{label}: {value}", { label, value: text }),
        data: { key: `${key}-${level}`, level },
        onclick: () => level !== value && ctl.set(path, level, t("{label}: {value}", { label, value: text })),
      }, h("span", { class: "level-num", text: level > 0 && cls === "morale" ? `+${level}` : level }),
      mark ? mark(level) : null);
    }),
  );
}

/**
 * A row of numbered squares for a count at `path` (the round track): one tap on a square sets
 * it; a radio group, so the arrow keys move along it. `name(n)` names a square in words.
 * @param {Controller} ctl
 * @param {{ label: string, options: number[], value: number, path: string, key: string,
 *   name: (n: number) => string }} squares
 */
export function squareTrack(ctl, { label, options, value, path, key, name }) {
  const id = `sq-${key}`;
  return h("div", { class: "square-track", role: "radiogroup", "aria-labelledby": id, data: { testid: key, value } },
    h("span", { class: "stepper-label", id, text: label }),
    h("span", { class: "squares" }, options.map((n) => h("label", { class: ["square", n === value && "is-current"] },
      h("input", {
        type: "radio", name: id, value: String(n), checked: n === value, disabled: ctl.readonly,
        "aria-label": name(n), data: { key: `${key}-${n}`, testid: `${key}-${n}` },
        onchange: (/** @type {Event} */ e) => {
          // The board is drawn again with the square set (at once while the rules load or a
          // move before is being answered, else at the core's answer); until then, or if the
          // core refuses it, the square drawn stays set.
          const group = /** @type {HTMLInputElement} */ (e.currentTarget).closest(".squares");
          const kept = group && group.querySelector(`input[value="${value}"]`);
          if (kept) /** @type {HTMLInputElement} */ (kept).checked = true;
          ctl.set(path, n, t("{label}: {value}", { label, value: n }));
        },
      }),
      h("span", { class: "square-num", "aria-hidden": "true", text: n })))));
}

/**
 * A checkbox for a yes/no at `path`; `value(on)` is what is set (else `on` itself), `said(on)`
 * the history's words.
 * @param {Controller} ctl
 * @param {{ label: string, checked: boolean, path: string, key: string,
 *   value?: (on: boolean) => unknown, said?: (on: boolean) => string, cls?: string }} box
 */
export function toggle(ctl, { label, checked, path, key, value, said, cls }) {
  const on = value ? value(!checked) : !checked;
  return h("label", { class: ["toggle", cls] },
    h("input", {
      type: "checkbox", checked, disabled: ctl.readonly, data: { key, testid: key },
      onchange: (e) => {
        e.target.checked = checked; // drawn again with the new value (as the round's squares)
        ctl.set(path, on, said ? said(!checked) : checked ? t("{label}: off", { label }) : t("{label}: on", { label }));
      },
    }),
    h("span", { text: label }));
}

/**
 * One of `options` at `path`, as a row of buttons named by `names`.
 * @param {Controller} ctl
 * @param {{ label: string, options: string[], value: string, path: string, key: string,
 *   names?: Record<string, string> }} choices
 */
export function choice(ctl, { label, options, value, path, key, names = {} }) {
  return h("div", { class: "segmented", role: "group", "aria-label": label, data: { testid: key } },
    options.map((option) => button(ctl, {
      class: ["seg", option === value && "is-current"], "aria-pressed": String(option === value),
      data: { key: `${key}-${option}` },
      onclick: () => option !== value && ctl.set(path, option, t("{label}: {value}", { label, value: names[option] || option })),
    }, names[option] || option)));
}

/**
 * A text field that sends one `set` when the player is done typing (change).
 * @param {Controller} ctl
 * @param {{ label: string, value: string | null, path: string, key: string, placeholder?: string,
 *   maxlength?: number }} field
 */
export function textField(ctl, { label, value, path, key, placeholder, maxlength = 60 }) {
  const id = `tf-${key}`;
  return h("span", { class: "field" },
    h("label", { for: id, class: "field-label", text: label }),
    h("input", {
      id, type: "text", value: value || "", placeholder, maxlength, disabled: ctl.readonly,
      autocomplete: "off", spellcheck: "false", data: { key, testid: key },
      onchange: (e) => {
        const typed = e.target.value.trim(), none = t("(none)");
        ctl.set(path, typed, t("{label}: {value}", { label, value: typed || none }));
      },
    }));
}

/** Chips for a list of names, each removable, with a field to add one. `look` draws the
 * chips as the game's pieces ("token": round discs, "marker": wooden blocks, "card"); with
 * `folded`, the field to add one is folded under a small "+ Add" so the list reads first.
 * @param {Controller} ctl
 * @param {{ label: string, items: any[], path: string, key: string, makeItem?: (name: string) => unknown,
 *   itemLabel?: (item: any) => string, itemName?: (item: any) => string, extra?: (item: any, i: number) => Node,
 *   look?: string, folded?: boolean, addLabel?: string, known?: (name: string) => string | null }} list
 * `itemName` is the name the player typed; `known` says one of the game's names in the page's
 * language (null for the players' own). A chip that shows a name of the players' own as they
 * typed it is typed text; one of the game's names is the catalogue's.
 */
export function nameList(ctl, { label, items, path, key, makeItem = (name) => name, known = gameName, itemLabel = (x) => known(x) ?? x, itemName = (x) => x, extra, look, folded, addLabel }) {
  const inputId = `add-${key}`;
  const form = h("form", {
    class: "add-form",
    onsubmit: (e) => {
      e.preventDefault();
      const input = e.target.elements.namedItem("name");
      const name = input.value.trim();
      if (!name) return;
      ctl.edit([{ op: "insert", path, value: makeItem(name) }], t("{label}: added {name}", { label, name }))
        .then((ok) => { if (ok) input.value = ""; });
    },
  },
  h("label", { class: "visually-hidden", for: inputId, text: t("Add to {label}", { label }) }),
  h("input", { id: inputId, name: "name", type: "text", maxlength: 60, placeholder: t("Name…"),
    autocomplete: "off", disabled: ctl.readonly, data: { key: inputId } }),
  button(ctl, { type: "submit", class: "add", "aria-label": t("Add to {label}", { label }) }, t("Add")));
  return h("div", { class: ["name-list", look && `look-${look.split(" ")[0]}`, look && look.split(" ")[1] && `look-${look.split(" ")[1]}`], data: { testid: key } },
    h("ul", { class: "chips", "aria-label": label },
      items.length || addLabel ? null : h("li", { class: "empty", text: t("none") }),
      few(items).map((item, i) => h("li", { class: "chip" },
        h("span", { class: "chip-name", "data-typed": itemLabel(item) === itemName(item) && known(itemName(item)) === null ? "" : null, text: itemLabel(item) }),
        extra ? extra(item, i) : null,
        button(ctl, {
          class: "chip-remove", "aria-label": t("Remove {name} from {label}", { name: itemLabel(item), label }),
          data: { key: `${key}-rm-${i}` },
          onclick: () => ctl.edit([{ op: "remove", path: `${path}/${i}` }], t("{label}: removed {name}", { label, name: itemLabel(item) })),
        }, "×"))),
      hidden(items) ? h("li", { class: "chip more-items", data: { testid: `${key}-more` }, text: moreText(hidden(items)) }) : null),
    folded && !ctl.readonly ? h("details", { class: "add-more" }, h("summary", { "aria-label": t("{add}: {label}", { add: addLabel || t("+ Add"), label }), text: addLabel || t("+ Add") }), form)
      : folded ? null : form);
}

/** A piece that can be dragged, tapped then placed, or picked up with Enter/Space. */
export function piece(ctl, drag, { label, visual, key, cls }) {
  // Two of a character's pawns are the same piece: only the one picked up shows as held.
  const held = ctl.holding && JSON.stringify(ctl.holding) === JSON.stringify(drag) && (!ctl.heldFrom || ctl.heldFrom === key);
  return button(ctl, {
    class: ["piece", cls, held && "is-held"],
    "aria-label": label,
    "aria-pressed": String(Boolean(held)),
    "aria-describedby": "piece-help",
    data: { drag: JSON.stringify(drag), key, testid: key },
    onclick: (e) => ctl.pick(drag, e.currentTarget, e.detail > 0), // (detail 0: Enter or Space)
  }, visual);
}

/** Mark `el` as a place pieces can go; while a piece is held, it offers a "Put here" button.
 * The button lies over the place (board.css), never in its flow: picking a piece up or putting
 * it down moves nothing under the player's finger. With `over`, it lies over that part
 * of the place (a planned Action's name row) and says "on `name`" under "Put here", so the
 * words it covers can still be read; its accessible name starts with what it shows. With
 * `fresh` (an action space that holds planned Actions), it says it starts "a new one" of
 * them, not to be taken for the planned Action's "Put here on …" below it. */
export function dropZone(ctl, el, place, key, { over = el, name = "", fresh = "" } = {}) {
  el.dataset.drop = JSON.stringify(place);
  el.dataset.dropKey = key;
  if (!el.hasAttribute("tabindex")) el.tabIndex = -1;
  el.dataset.key = el.dataset.key || key;
  if (ctl.holding && !ctl.readonly && accepts(ctl.holding, place)) {
    el.classList.add("can-drop");
    const what = pieceName(ctl.state, ctl.holding);
    over.append(h("button", {
      type: "button", class: "put-here", data: { key: `put-${key}`, testid: `put-${key}`, put: "1" },
      "aria-label": name ? t("Put here on {name} ({what})", { name, what }) : fresh ? t("Put here: a new {action} ({what})", { action: fresh, what })
        : t("Put here: {what} on {place}", { what, place: placeLabel(ctl.state, place) }),
      onclick: (e) => { e.stopPropagation(); ctl.place(place, `put-${key}`); },
    }, name ? [h("span", { text: t("Put here") }), " ", h("span", { class: "put-name", text: t("on {name}", { name }) })]
      : fresh ? [h("span", { text: t("Put here") }), " ", h("span", { class: "put-name", text: t("a new one") })] : t("Put here")));
  }
  return el;
}

/** A region of the board: a section named by its heading. */
export function region(title_, id, ...children) {
  return h("section", { class: ["region", `region-${id}`], "aria-labelledby": `rg-${id}`, data: { testid: `region-${id}` } },
    h("h2", { class: "region-title", id: `rg-${id}`, elementtiming: "board", text: title_ }), ...children);
}
