// @ts-check
// The New game dialog: the characters, the First Player, Friday and the Dog, the scenario and
// the round, each picked in one tap, starting from the table on the board (not from the last
// dialog). The lists (the characters, the scenarios, the rounds) are the core's
// (static/shared/core-facts.js, generated from the models).

import { SETUP } from "../shared/core-facts.js";
import { t } from "../shared/i18n.js";
import { ROLE_NAMES } from "../shared/labels.js";
import { h } from "./dom.js";

/** A scenario as the dialog names it: its number, and what it brings to the table. */
function scenarioName(n, note) {
  return note ? t("{n} ({what})", { n, what: t(note) }) : String(n);
}

/** One radio of a row of chips (a scenario, a round): one tap picks it. */
function chip(name, value, text, checked, testid) {
  return h("label", { class: "pick-chip" },
    h("input", { type: "radio", name, value: String(value), checked, data: { testid } }),
    h("span", { text }));
}

/** The characters' rows: each one in or out, and which of them is First Player. */
function characterRows(state) {
  const playing = new Map(state.characters.map((c) => [c.role, c]));
  return SETUP.roles.map((role) => {
    const who = ROLE_NAMES[role];
    return h("div", { class: "new-character" },
      h("label", { class: "toggle" },
        h("input", { type: "checkbox", name: `new-${role}`, checked: playing.has(role), data: { testid: `new-${role}` } }),
        h("span", { text: who })),
      h("label", { class: "toggle new-first" },
        h("input", { type: "radio", name: "new-first", value: role, checked: state.first_player === role, disabled: !playing.has(role),
          "aria-label": t("{who} is First Player", { who }), data: { testid: `new-first-${role}` } }),
        h("span", { text: t("First Player") })));
  });
}

/**
 * Fill the dialog's form `fields` from the table `state` on the board.
 * @param {HTMLElement} fields @param {any} state
 */
export function fillNewGame(fields, state) {
  const [least, most] = SETUP.rounds;
  const rounds = Array.from({ length: most - least + 1 }, (_, i) => least + i);
  fields.replaceChildren(
    h("fieldset", { class: "new-characters" },
      h("legend", { text: t("Characters and the First Player") }),
      characterRows(state)),
    h("div", { class: "new-helpers" },
      h("label", { class: "toggle" }, h("input", { type: "checkbox", name: "new-friday", checked: state.friday !== null, data: { testid: "new-friday" } }),
        h("span", { text: t("Friday") })),
      h("label", { class: "toggle" }, h("input", { type: "checkbox", name: "new-dog", checked: state.dog, data: { testid: "new-dog" } }),
        h("span", { text: t("The Dog") }))),
    h("fieldset", { class: "pick-chips" },
      h("legend", { text: t("Scenario") }),
      SETUP.scenarios.map(([n, note]) => chip("new-scenario", n, scenarioName(n, note), state.scenario === n, `new-scenario-${n}`))),
    h("fieldset", { class: "pick-chips new-rounds" },
      h("legend", { text: t("Round") }),
      rounds.map((n) => chip("new-round", n, String(n), state.round === n, `new-round-${n}`))));
  // A character left out cannot be First Player: the token goes to the first one still in.
  fields.onchange = () => keepFirstPlayer(fields);
}

function keepFirstPlayer(fields) {
  const inputs = (name) => /** @type {HTMLInputElement[]} */ ([...fields.querySelectorAll(`input[name="${name}"]`)]);
  const firsts = inputs("new-first");
  for (const radio of firsts) {
    const box = /** @type {HTMLInputElement | null} */ (fields.querySelector(`input[name="new-${radio.value}"]`));
    radio.disabled = !box || !box.checked;
    if (radio.disabled) radio.checked = false;
  }
  if (!firsts.some((r) => r.checked)) {
    const next = firsts.find((r) => !r.disabled);
    if (next) next.checked = true;
  }
}

/**
 * The new table the dialog's form `form` asks for, from the table `state` on the board (the
 * players' names kept for the characters still in), or the reason it cannot start.
 * @param {HTMLFormElement} form @param {any} state
 * @returns {{ state?: object, problem?: string }}
 */
export function readNewGame(form, state) {
  const field = (name) => /** @type {HTMLInputElement | null} */ (form.elements.namedItem(name));
  const picked = (name) => {
    const on = /** @type {HTMLInputElement | null} */ (form.querySelector(`input[name="${name}"]:checked`));
    return on ? on.value : null;
  };
  const roles = SETUP.roles.filter((r) => field(`new-${r}`)?.checked);
  if (!roles.length) return { problem: t("Choose at least one character.") };
  const first = picked("new-first");
  const names = new Map(state.characters.map((c) => [c.role, c.name]));
  return { state: {
    characters: roles.map((role) => (names.get(role) ? { role, name: names.get(role) } : { role })),
    first_player: first && roles.includes(first) ? first : roles[0],
    scenario: Number(picked("new-scenario") || SETUP.scenarios[0][0]),
    round: Number(picked("new-round") || SETUP.rounds[0]),
    friday: field("new-friday")?.checked ? {} : null,
    dog: Boolean(field("new-dog")?.checked),
  } };
}
