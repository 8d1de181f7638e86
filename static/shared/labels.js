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
export const HOUSE_RULES = {
  // [the ruling's code, the switch in words, its rules FAQ entry]
  shortfall_hurts_all: ["R1", "A shortfall on “each player” hurts every character", "each-determination"],
  same_action_gains_pay: ["R5", "Resources gained earlier in the same Action may pay", "same-action-gain"],
  no_shelter_reduction_ignored: ["R9", "Reducing Roof/Palisade without a Shelter is ignored", "reduce-without-shelter"],
};

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

// A fresh two-character table, the same as the core's starting table, so that the board has
// something to draw before Python is ready on a first visit (nothing saved yet).
export const FRESH_TABLE = Object.freeze({
  round: 1, phase: "event", scenario: 1,
  house_rules: { shortfall_hurts_all: false, same_action_gains_pay: false, no_shelter_reduction_ignored: false },
  characters: [
    { track: { death_at: 13, morale_arrows: [3, 6, 9, 12] }, wounds: 0, role: "cook", name: "",
      determination: 0, pawns: 2, in_camp: true, sheet_food: 0 },
    { track: { death_at: 13, morale_arrows: [3, 6, 9, 12] }, wounds: 0, role: "explorer", name: "",
      determination: 0, pawns: 2, in_camp: true, sheet_food: 0 },
  ],
  first_player: "cook", friday: null, dog: false, jenny: null,
  available: { food: 0, nonperishable_food: 0, wood: 0, fur: 0 },
  future: { food: 0, nonperishable_food: 0, wood: 0, fur: 0 },
  planned_actions: [], shelter: "none", roof: 0, palisade: 0, weapon: 0, morale: 0,
  tiles: [], spaces: [], discovery_tokens: [], equipment: [], inventions: [], treasures: [], lost: null,
});

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
