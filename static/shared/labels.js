// @ts-check
// Words and colours for what the core's state holds. Data only: no rules live here.
//
// The words are said in the page's language when they are read, never when this module is
// loaded (the language may arrive later): RESOURCE_NAMES, ACTION_NAMES, ROLE_NAMES,
// PHASE_NAMES and TRACK_NAMES are objects whose properties are getters, so
// `RESOURCE_NAMES[kind]` is `t("wood")` at draw time. The msgids are the core's
// (pyapp/rules/words.py, telling.py), so a name is translated once for both.

import { t, tn } from "./i18n.js";

export const RESOURCE_KINDS = ["food", "nonperishable_food", "wood", "fur"];
/** A resource's name ("non-perishable food"), in the page's language. */
export const RESOURCE_NAMES = Object.freeze({
  get food() { return t("food"); },
  get nonperishable_food() { return t("non-perishable food"); },
  get wood() { return t("wood"); },
  get fur() { return t("fur"); },
});
/** n of a resource ("1 food", "2 non-perishable food"), in the language's plural form. */
export function resourceCount(kind, n) {
  switch (kind) {
    case "food": return tn("{n} food", "{n} food", n);
    case "nonperishable_food": return tn("{n} non-perishable food", "{n} non-perishable food", n);
    case "wood": return tn("{n} wood", "{n} wood", n);
    case "fur": return tn("{n} fur", "{n} fur", n);
    default: return `${n} ${kind}`;
  }
}
export const ROLES = ["cook", "carpenter", "explorer", "soldier"];
/** A figure's name in the rules ("Cook"), without the player's name. */
export const ROLE_NAMES = Object.freeze({
  get cook() { return t("Cook"); },
  get carpenter() { return t("Carpenter"); },
  get explorer() { return t("Explorer"); },
  get soldier() { return t("Soldier"); },
  get friday() { return t("Friday"); },
  get jenny() { return t("Jenny"); },
});
export const PHASES = ["event", "morale", "production", "action", "weather", "night"];
/** A phase's name as in "the Event Phase" ("Event"). */
export const PHASE_NAMES = Object.freeze({
  get event() { return t("Event"); },
  get morale() { return t("Morale"); },
  get production() { return t("Production"); },
  get action() { return t("Action"); },
  get weather() { return t("Weather"); },
  get night() { return t("Night"); },
});
export const ACTIONS = ["threat", "hunt", "build", "gather", "explore", "arrange_camp", "rest"];
/** An Action's name on the board ("Gather resources"). */
export const ACTION_NAMES = Object.freeze({
  get threat() { return t("Threat"); },
  get hunt() { return t("Hunt"); },
  get build() { return t("Build"); },
  get gather() { return t("Gather resources"); },
  get explore() { return t("Explore"); },
  get arrange_camp() { return t("Arrange camp"); },
  get rest() { return t("Rest"); },
});
export const TRACKS = ["roof", "palisade", "weapon"];
/** A camp track's name ("Roof"); Morale too. */
export const TRACK_NAMES = Object.freeze({
  get roof() { return t("Roof"); },
  get palisade() { return t("Palisade"); },
  get weapon() { return t("Weapon"); },
  get morale() { return t("Morale"); },
});
// The house-rule switches ([the rule, its words in Settings, its FAQ question]) and the table a
// first visit draws before Python is ready (the core's starting table): facts of the models,
// generated at build time (./core-facts.js).
export { FRESH_TABLE, HOUSE_RULES } from "./core-facts.js";

/** A key as an English title ("arrange_camp" -> "Arrange camp"): for a key with no name
 * above only; a name a player reads comes from the *_NAMES objects. */
export function title(word) {
  const text = String(word).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A figure's name in the rules ("Cook"); a key it does not know as a title. */
export function roleName(figure) {
  return Object.hasOwn(ROLE_NAMES, figure) ? ROLE_NAMES[figure] : title(figure);
}

// "Cook", or "Cook (Ana)" when the player named their character (as the core names it).
export function figureName(state, figure) {
  const character = (state.characters || []).find((c) => c.role === figure);
  const role = roleName(figure);
  return character && character.name ? t("{figure} ({name})", { figure: role, name: character.name }) : role;
}

export function placeName(state, place) {
  if (place === "available") return t("Available resources");
  if (place === "future") return t("Future resources");
  const action = (state.planned_actions || []).find((a) => a.id === place);
  return action ? actionTitle(action) : place;
}

/** "Gather resources", or "Gather resources: wood by the river" with the players' label. */
export function actionTitle(action) {
  const name = Object.hasOwn(ACTION_NAMES, action.action) ? ACTION_NAMES[action.action] : title(action.action);
  return action.label ? t("{action}: {label}", { action: name, label: action.label }) : name;
}

export function figuresOf(state) {
  const found = (state.characters || []).map((c) => c.role);
  if (state.friday) found.push("friday");
  if (state.jenny) found.push("jenny");
  return found;
}


// What the core needs, in a player's words (never a field path such as "context.resolver").
const PLAIN = () => ({
  "context.resolver": t("Who resolves this Action? Tap “Resolve” on its planned Action, or choose who resolves."),
});

/** An error from the rules core as a sentence for the players: its `message`, the one line the
 * core words for people. The details are for programs: a validation error's hold pydantic's own
 * wording ("Tuple should have at most 60 items after validation"), never shown. */
export function plainError(error) {
  if (!error) return t("Something went wrong.");
  const details = Array.isArray(error.details) ? error.details : [];
  const first = details[0] || { loc: "", msg: error.message || String(error) };
  const loc = String(first.loc || "");
  for (const [path, text] of Object.entries(PLAIN())) if (loc.endsWith(path)) return text;
  const worded = typeof error.message === "string" && error.message ? error.message : "";
  if (worded && error.type === "validation_error") return worded; // said whole, with its place
  let msg = String(worded || first.msg || error).replace(/^Value error, /, "");
  const field = loc.split(".").pop().replace(/\[\d+\]$/, "").replace(/_/g, " ");
  if (/at least 1 character/.test(msg) && field) msg = t("the {field} is empty: fill it in", { field });
  // "context.resolver: …" or "effect.demands[0].amount: …" at the start of a message: drop the path.
  msg = msg.replace(/^[a-z_]+(\.[a-z_]+|\[\d+\])+: /i, "");
  const where = /demands\[(\d+)\]/.exec(loc);
  const said = `${msg.charAt(0).toUpperCase()}${msg.slice(1)}`;
  const text = where ? t("Demand {n}: {message}", { n: Number(where[1]) + 1, message: said }) : said;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
