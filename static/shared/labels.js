// @ts-check
// Words and colours for what the core's state holds. Data only: no rules live here.

export const RESOURCE_KINDS = ["food", "nonperishable_food", "wood", "fur"];
export const RESOURCE_NAMES = {
  food: "food",
  nonperishable_food: "non-perishable food",
  wood: "wood",
  fur: "fur",
};
export const ROLES = ["cook", "carpenter", "explorer", "soldier"];
export const PHASES = ["event", "morale", "production", "action", "weather", "night"];
export const ACTIONS = ["threat", "hunt", "build", "gather", "explore", "arrange_camp", "rest"];
export const ACTION_NAMES = {
  threat: "Threat",
  hunt: "Hunt",
  build: "Build",
  gather: "Gather resources",
  explore: "Explore",
  arrange_camp: "Arrange camp",
  rest: "Rest",
};
export const TRACKS = ["roof", "palisade", "weapon"];
// The house-rule switches ([the rule, its words in Settings, its FAQ question]) and the table a
// first visit draws before Python is ready (the core's starting table): facts of the models,
// generated at build time (./core-facts.js).
export { FRESH_TABLE, HOUSE_RULES } from "./core-facts.js";

export function title(word) {
  const text = String(word).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// "Cook", or "Cook (Ana)" when the player named their character.
export function figureName(state, figure) {
  if (figure === "friday") return "Friday";
  if (figure === "jenny") return "Jenny";
  const character = (state.characters || []).find((c) => c.role === figure);
  const name = character && character.name ? ` (${character.name})` : "";
  return `${title(figure)}${name}`;
}

export function placeName(state, place) {
  if (place === "available") return "Available resources";
  if (place === "future") return "Future resources";
  const action = (state.planned_actions || []).find((a) => a.id === place);
  return action ? actionTitle(action) : place;
}

export function actionTitle(action) {
  return action.label ? `${ACTION_NAMES[action.action]}: ${action.label}` : ACTION_NAMES[action.action];
}

export function figuresOf(state) {
  const found = (state.characters || []).map((c) => c.role);
  if (state.friday) found.push("friday");
  if (state.jenny) found.push("jenny");
  return found;
}


// What the core needs, in a player's words (never a field path such as "context.resolver").
const PLAIN = {
  "context.resolver": "Who resolves this Action? Tap “Resolve” on its planned Action, or choose who resolves.",
};

/** An error from the rules core as a sentence for the players. */
export function plainError(error) {
  if (!error) return "Something went wrong.";
  const details = Array.isArray(error.details) ? error.details : [];
  const first = details[0] || { loc: "", msg: error.message || String(error) };
  const loc = String(first.loc || "");
  for (const [path, text] of Object.entries(PLAIN)) if (loc.endsWith(path)) return text;
  let msg = String(first.msg || error.message || error).replace(/^Value error, /, "");
  const field = loc.split(".").pop().replace(/\[\d+\]$/, "").replace(/_/g, " ");
  if (/at least 1 character/.test(msg) && field) msg = `the ${field} is empty: fill it in`;
  // "context.resolver: …" or "effect.demands[0].amount: …" at the start of a message: drop the path.
  msg = msg.replace(/^[a-z_]+(\.[a-z_]+|\[\d+\])+: /i, "");
  const where = /demands\[(\d+)\]/.exec(loc);
  const lead = where ? `Demand ${Number(where[1]) + 1}: ` : "";
  const text = `${lead}${msg.charAt(0).toUpperCase()}${msg.slice(1)}`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
