// One situation and its ruling, drawn for people: a small board (figures with their wound
// tracks, resources as coloured cubes, the camp's tracks), the card's demands, and the
// ruling the core computed, step by step with the clause and certainty of each step.
// Shared by the widget (widget.html) and the FAQ (faq.html). Presentation only: every
// number shown comes from the request or from the core's ruling; no rule lives here.
// Every piece of text goes in through textContent, never as markup: a request can come
// from a link or from another site.

import { HOUSE_RULES } from "../board/labels.js";

export const RESOURCES = ["food", "nonperishable_food", "wood", "fur"];
const RESOURCE_NAMES = {
  food: "food",
  nonperishable_food: "non-perishable food",
  wood: "wood",
  fur: "fur",
};
const PHASES = {
  event: "Event Phase",
  morale: "Morale Phase",
  production: "Production Phase",
  action: "Action Phase",
  weather: "Weather Phase",
  night: "Night Phase",
};
const ACTIONS = {
  threat: "Threat",
  hunt: "Hunt",
  build: "Build",
  gather: "Gather",
  explore: "Explore",
  arrange_camp: "Arrange camp",
  rest: "Rest",
};
const VICTIMS = {
  all: "all characters",
  in_camp: "the characters in camp",
  first_player: "the First Player",
  resolver: "the character resolving the Action",
};
const MAX_CUBES = 12;
const FIGURES = new Set(["cook", "carpenter", "explorer", "soldier", "friday", "jenny"]);

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = String(value);
    else if (key === "data") for (const [k, v] of Object.entries(value)) node.dataset[k] = String(v);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

const cap = (word) => {
  const text = String(word).replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
};
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const signed = (n) => (n > 0 ? `+${n}` : String(n));

export function figureName(state, figure) {
  if (figure === "friday") return "Friday";
  if (figure === "jenny") return "Jenny";
  const character = (state.characters || []).find((c) => c.role === figure);
  return character && character.name ? `${character.name} (${cap(figure)})` : cap(figure);
}

function whoName(state, who) {
  if (who === "each") return "Each character";
  if (who === "first_player") return "The First Player";
  if (who === "resolver") return "The character resolving the Action";
  return figureName(state, who);
}

function resourceList(pile) {
  const parts = [...RESOURCES, "perishable_food"].filter((k) => pile[k])
    .map((k) => `${pile[k]} ${k === "perishable_food" ? "perishable food (not non-perishable)" : RESOURCE_NAMES[k]}`);
  return parts.join(", ");
}

// A space as the players say it, as the core does (pyapp/rules/state.py, space_words):
// "tile-2-food" is tile 2's food source, "tile-2" is tile 2; a name the players gave stays.
export function spaceWords(id) {
  const source = /^tile-(\d{1,2})-(food|wood)$/.exec(String(id));
  if (source) return `tile ${source[1]}'s ${source[2]} source`;
  const tile = /^tile-(\d{1,2})$/.exec(String(id));
  return tile ? `tile ${tile[1]}` : String(id);
}

const orList = (words) => (words.length > 1 ? `${words.slice(0, -1).join(", ")} or ${words[words.length - 1]}` : words.join(""));

// ------------------------------------------------------------------ the demand

// The card's instruction in words, from the demand's fields.
export function describeDemand(state, d) {
  let text;
  switch (d.kind) {
    case "discard":
      text = `Discard ${resourceList(d)}${d.each ? " (each character)" : ""}`;
      break;
    case "discard_determination":
      text = `${whoName(state, d.who || "each")} discards ${plural(d.amount, "Determination token")}`;
      break;
    case "have_weapon":
      text = `Have Weapon level ${d.level}`;
      break;
    case "reduce":
      text = `Lower the ${cap(d.track)} by ${d.amount}`;
      break;
    case "increase":
      text = `Raise the ${cap(d.track)} by ${d.amount}`;
      break;
    case "lower_morale":
      text = `Lower Morale by ${d.amount}`;
      break;
    case "cover_source": {
      const n = d.count || 1;
      text = `Cover ${plural(n, d.source === "any" ? "source of any kind" : `${d.source} source`, d.source === "any" ? "sources of any kind" : undefined)} with a black marker`;
      text += d.tile ? ` on tile ${d.tile}` : d.adjacent ? " on the tiles next to the camp" : " (the closest)";
      break;
    }
    case "discard_any":
      text = `Discard ${d.amount} of ${orList((d.of || ["wood", "food"]).map((k) => RESOURCE_NAMES[k] || k))}, the players' pick`;
      break;
    case "halve_gain":
      text = `Gain half of ${resourceList(d) || "nothing"}, rounded down`;
      break;
    case "adventure":
      text = "Draw an Adventure card";
      break;
    case "requirement":
      text = d.text ? `A requirement to plan the Action: ${d.text}` : "A requirement to plan the Action";
      if (!d.text && d.weapon) text += ` (Weapon ${d.weapon})`;
      break;
    case "move_camp":
      text = d.tile ? `Move the camp to tile ${d.tile}` : "Move the camp";
      break;
    case "s7_palisade":
      text = `Scenario 7: the red die takes ${d.amount || 1} off the Palisade`;
      break;
    case "place_token":
      text = `Place ${/^[aeiou]/i.test(d.token) ? "an" : "a"} “${d.token}” token on ${spaceWords(d.space)}`;
      break;
    case "place_marker":
      text = d.space ? `Place a ${d.marker} marker on ${spaceWords(d.space)}`
        : `Place a ${d.marker} marker on the first of ${orList((d.spaces || []).map(spaceWords))} without one`;
      break;
    case "lose_pawn":
      text = `${whoName(state, d.who || "resolver")} loses an Action pawn`;
      break;
    case "lose_item":
      text = d.item ? `Lose the Item ${d.item}` : "Lose an Item (the players choose)";
      break;
    case "halve":
      text = `Halve the ${RESOURCE_NAMES[d.target] || cap(d.target)}`;
      break;
    case "combat":
      text = `Fight ${d.beast || "a Beast"}: strength ${d.strength}`;
      if (d.weapon_loss) text += `, then the Weapon loses ${d.weapon_loss}`;
      if (d.food || d.fur) text += `; it gives ${[d.food ? `${d.food} food` : "", d.fur ? `${d.fur} fur` : ""].filter(Boolean).join(" and ")}`;
      break;
    case "weather_clouds": {
      const clouds = [];
      if (d.rain) clouds.push(plural(d.rain, "rain cloud"));
      if (d.snow) clouds.push(plural(d.snow, "snow cloud"));
      text = `Weather: ${clouds.join(" and ") || "no clouds"}`;
      break;
    }
    case "night_eating":
      text = "Night: each character eats 1 food";
      break;
    case "night_no_shelter":
      text = "Night without a Shelter";
      break;
    case "children_food":
      text = "Scenario 6: feed the children" + (d.amount != null ? ` (${d.amount} food)` : "");
      break;
    case "morale_phase":
      text = "Morale Phase: the First Player gains or discards tokens as Morale says";
      break;
    case "wounds":
      text = `The card deals ${plural(d.amount, "Wound")}`;
      break;
    default:
      text = cap(d.kind || "unknown demand");
  }
  if (d.if_possible) text += ", if possible";
  if (d.victims && d.victims !== "default") text += ` (it hits ${VICTIMS[d.victims] || `only ${figureName(state, d.victims)}`})`;
  return text;
}

export function renderDemands(request) {
  const { state, effect = {}, context = {} } = request;
  const list = el("ol", { class: "demands", "data-testid": "demands" },
    (effect.demands || []).map((d) => el("li", { text: describeDemand(state, d) })));
  const parts = [el("p", { class: "card-label", text: effect.label || "The card says:" }), list];
  if (effect.alternative) {
    parts.push(el("p", { class: "alternative" }, el("strong", { text: "Or else: " }),
      effect.alternative.map((d) => describeDemand(state, d)).join("; then ")));
  }
  const notes = [];
  if (context.resolver) notes.push(`Resolving the Action: ${figureName(state, context.resolver)}`);
  if (context.event_combat) notes.push("This is the outcome of an Event-Phase combat");
  const gained = context.gained_this_action && resourceList(context.gained_this_action);
  if (gained) notes.push(`Gained earlier in this Action: ${gained}`);
  if (notes.length) parts.push(el("ul", { class: "context" }, notes.map((t) => el("li", { text: t }))));
  return el("div", { class: "demand", role: "group", "aria-label": "The demand" }, parts);
}

// ------------------------------------------------------------------ the board

function woundTrack(figure, woundsAfter) {
  const track = figure.track || { death_at: 13, morale_arrows: [] };
  const before = figure.wounds || 0;
  const after = Math.max(before, woundsAfter ?? before);
  const arrows = new Set(track.morale_arrows || []);
  const cells = [];
  for (let i = 1; i <= track.death_at; i += 1) {
    const kind = i <= before ? "had" : i <= after ? "new" : "free";
    const classes = ["pip", `pip-${kind}`];
    if (arrows.has(i)) classes.push("pip-arrow");
    if (i === track.death_at) classes.push("pip-death");
    cells.push(el("span", { class: classes.join(" ") }));
  }
  const label = after > before
    ? `Wounds ${before} → ${after} of ${track.death_at}`
    : `Wounds ${before} of ${track.death_at}`;
  return el("div", { class: "wound-track", "aria-label": label, role: "img" }, cells);
}

// What the pips mean: the same marks as the tracks above it, in words.
function woundLegend(after) {
  const key = (kind, text) => el("li", {}, el("span", { class: `pip ${kind}`, "aria-hidden": "true" }), text);
  return el("ul", { class: "legend", "aria-label": "Wound track key" },
    key("pip-had", "Wounds already taken"),
    after ? key("pip-new", "Wounds from this ruling") : null,
    key("pip-free pip-arrow", "Morale −1 when passed"),
    key("pip-free pip-death", "Death"));
}

function figureCard(state, after, id, figure, extra) {
  const later = after ? findFigure(after, id) : null;
  const first = state.first_player === id;
  const facts = [...extra];
  if (figure.in_camp === false) facts.push("outside the camp");
  return el("li", {
    class: "figure",
    data: { figure: id, wounds: figure.wounds || 0, woundsAfter: later ? later.wounds : figure.wounds || 0 },
  },
    el("span", { class: "figure-name" }, figureName(state, id),
      first ? el("span", { class: "first-player", title: "First Player", text: " ★" }) : null),
    woundTrack(figure, later ? later.wounds : undefined),
    el("span", { class: "figure-facts", text: facts.join(" · ") }));
}

function findFigure(state, id) {
  if (id === "friday") return state.friday;
  if (id === "jenny") return state.jenny;
  return (state.characters || []).find((c) => c.role === id) || null;
}

function figures(state, after) {
  const cards = (state.characters || []).map((c) => {
    const extra = [`Determination ${c.determination || 0}`, `${plural(c.pawns ?? 2, "pawn")}`];
    if (c.sheet_food) extra.push(`carries ${c.sheet_food} food`);
    return figureCard(state, after, c.role, c, extra);
  });
  if (state.friday) cards.push(figureCard(state, after, "friday", state.friday, ["helper"]));
  if (state.jenny) {
    cards.push(figureCard(state, after, "jenny", state.jenny,
      [state.jenny.rescued ? "rescued" : "not yet rescued"]));
  }
  if (state.dog) cards.push(el("li", { class: "figure figure-dog", data: { figure: "dog" } },
    el("span", { class: "figure-name", text: "The Dog" })));
  return el("div", { class: "figures-block" },
    el("ul", { class: "figures", "aria-label": "Figures" }, cards),
    cards.some((c) => c.querySelector(".wound-track")) ? woundLegend(Boolean(after)) : null);
}

// A pile of cubes; cubes the ruling spends are shown struck out, cubes it adds as new.
function cubes(kind, before, after) {
  const n = Math.max(before, after);
  const shown = Math.min(n, MAX_CUBES);
  const cells = [];
  for (let i = 1; i <= shown; i += 1) {
    const change = i > after ? " cube-spent" : i > before ? " cube-gained" : "";
    cells.push(el("span", { class: `cube cube-${kind}${change}` }));
  }
  if (n > shown) cells.push(el("span", { class: "more", text: `+${n - shown}` }));
  const words = after === before ? `${before} ${RESOURCE_NAMES[kind]}`
    : `${before} → ${after} ${RESOURCE_NAMES[kind]}`;
  return el("span", { class: "cubes", data: { kind, count: before, after } },
    el("span", { class: "cube-row", "aria-hidden": "true" }, cells),
    el("span", { class: "cube-words", text: words }));
}

function pile(title, before, after, testid) {
  const kinds = RESOURCES.filter((k) => (before && before[k]) || (after && after[k]));
  const body = kinds.length
    ? kinds.map((k) => cubes(k, (before && before[k]) || 0, after ? after[k] || 0 : (before[k] || 0)))
    : [el("span", { class: "empty", text: "nothing" })];
  return el("div", { class: "pile", "data-testid": testid }, el("span", { class: "pile-title", text: title }), body);
}

function piles(state, after) {
  const rows = [
    pile("Available", state.available || {}, after && after.available, "available"),
  ];
  const future = state.future || {};
  if (RESOURCES.some((k) => future[k] || (after && after.future && after.future[k]))) {
    rows.push(pile("Future", future, after && after.future, "future"));
  }
  for (const action of state.planned_actions || []) {
    const later = after && (after.planned_actions || []).find((a) => a.id === action.id);
    const who = (action.pawns || []).map((p) => figureName(state, p)).join(", ");
    const name = `${ACTIONS[action.action] || cap(action.action)}${action.label ? `: ${action.label}` : ""} (${who})`;
    rows.push(pile(name, action.assigned || {}, later ? later.assigned : null, "planned-action"));
  }
  return el("div", { class: "piles" }, rows);
}

// A camp track drawn as the game board draws it: numbered spaces and a marker on the level.
// A change shows where the marker was (dashed), where it is now (filled), the spaces between.
function spaces(from, to, before, after) {
  const now = after ?? before;
  const cells = [];
  for (let v = from; v <= to; v += 1) {
    const classes = ["space"];
    if (v === now) classes.push("space-now");
    else if (v === before) classes.push("space-was");
    else if (v > Math.min(before, now) && v < Math.max(before, now)) {
      classes.push(now < before ? "space-lost" : "space-gained");
    }
    cells.push(el("span", { class: classes.join(" "), text: from < 0 ? signed(v) : String(v) }));
  }
  return el("span", { class: "spaces", "aria-hidden": "true" }, cells);
}

function trackValue(before, after, show) {
  const changed = after !== undefined && after !== before;
  return el("span", { class: `track-value${changed ? "" : " visually-hidden"}`,
    text: changed ? `${show(before)} → ${show(after)}` : show(before) });
}

function level(name, before, after, max) {
  return el("span", { class: "track", data: { track: name.toLowerCase(), value: before } },
    el("span", { class: "track-name", text: name }),
    spaces(0, max, before, after),
    trackValue(before, after, String));
}

function morale(before, after) {
  return el("span", { class: "track track-morale", data: { track: "morale", value: before } },
    el("span", { class: "track-name", text: "Morale" }),
    spaces(-3, 3, before, after),
    trackValue(before, after, signed));
}

function camp(state, after) {
  const a = after || {};
  const shelter = { none: "No Shelter", built: "Shelter", natural: "Natural shelter" }[state.shelter || "none"];
  const top = (v) => Math.max(4, v || 0, 1);
  return el("div", { class: "camp", "aria-label": "Camp" },
    el("span", { class: "shelter", text: shelter }),
    level("Roof", state.roof || 0, a.roof, top(Math.max(state.roof || 0, a.roof || 0))),
    level("Palisade", state.palisade || 0, a.palisade, top(Math.max(state.palisade || 0, a.palisade || 0))),
    level("Weapon", state.weapon || 0, a.weapon, top(Math.max(state.weapon || 0, a.weapon || 0))),
    morale(state.morale || 0, after ? a.morale || 0 : undefined));
}

function extras(state, after) {
  const rows = [];
  for (const tile of state.tiles || []) {
    const later = after && (after.tiles || []).find((t) => t.id === tile.id);
    const sources = (tile.sources || []).map((s, i) => {
      const covered = later ? later.sources[i] && later.sources[i].exhausted : s.exhausted;
      const newly = covered && !s.exhausted;
      return el("span", { class: `source source-${s.kind}${covered ? " source-covered" : ""}${newly ? " source-new" : ""}`,
        text: `${s.kind}${covered ? " (covered)" : ""}` });
    });
    const where = tile.camp ? "camp" : `${plural(tile.distance || 0, "step")} away`;
    rows.push(el("li", { class: "tile" }, `Tile ${tile.id} (${where}): `, sources.length ? sources : "no sources"));
  }
  for (const space of state.spaces || []) {
    const stuff = [...(space.tokens || []).map((t) => `${t} token`), ...(space.markers || []).map((m) => `${m} marker`)];
    rows.push(el("li", { class: "board-space", text: `${cap(spaceWords(space.id))}: ${stuff.join(", ") || "empty"}` }));
  }
  for (const item of state.inventions || []) {
    const later = after && (after.inventions || []).find((i) => i.name === item.name);
    const flipped = item.built && later && !later.built;
    rows.push(el("li", { class: "item", text: `${item.name}: ${item.built ? "built Item" : "Invention"}${flipped ? " → flipped back" : ""}` }));
  }
  const kept = [
    ...(state.discovery_tokens || []).map((t) => `Discovery token: ${t}`),
    ...(state.equipment || []).map((e) => `Starting Equipment: ${e.name}`),
    ...(state.treasures || []).map((t) => `Treasure: ${t}`),
  ];
  for (const text of kept) rows.push(el("li", { class: "kept", text }));
  const switches = Object.entries(state.house_rules || {}).filter(([, on]) => on).map(([k]) => k);
  for (const s of switches) rows.push(el("li", { class: "house-rule", text: `House rule on: ${switchWords(s)}` }));
  return rows.length ? el("ul", { class: "extras" }, rows) : null;
}

// The table of a request; with `after` (the ruling's table), what the ruling changes is marked.
export function renderBoard(state, after = null) {
  const moment = [`Round ${state.round || 1}`, PHASES[state.phase || "event"] || cap(state.phase)];
  if ((state.scenario || 1) !== 1) moment.push(`Scenario ${state.scenario}`);
  if (state.lost) moment.push(`game lost: ${state.lost.reason}`);
  return el("div", { class: "board", role: "group", "data-testid": "board", "aria-label": "The table" },
    el("p", { class: "moment", text: moment.join(" · ") }),
    figures(state, after),
    piles(state, after),
    camp(state, after),
    extras(state, after));
}

// ------------------------------------------------------------------ the ruling

// How sure the step is, in words; a house step names its switch (in words) and whether it is on;
// a stated step that applies the card's own words (who suffers) is stated by the card.
export function certaintyText(step, state) {
  if (step.certainty === "stated") return step.by_card ? "stated by the card" : "stated by the rules";
  if (step.certainty === "derived") return "derived from the rules";
  if (step.certainty !== "house") return step.certainty;
  if (!step.switch) return "no official ruling; this app's default (no switch)";
  const on = state && state.house_rules && state.house_rules[step.switch];
  return on
    ? `no official ruling; house rule switched on (switch: ${switchWords(step.switch)})`
    : `no official ruling; this app's default (switch: ${switchWords(step.switch)})`;
}

// A house-rule switch in words, in quotes, as Settings names it (“Reducing Roof/Palisade
// without a Shelter is ignored”), never its key in the table's data.
export function switchWords(key) {
  const words = HOUSE_RULES[key] ? HOUSE_RULES[key][1] : cap(key);
  return `“${words.replace(/“/g, "‘").replace(/”/g, "’")}”`; // quotes inside quotes: single ones
}

// A rule code in words, the one place that says one (the board's panel, the rule drawer, the
// widget and the FAQ all ask here): the part's title for a part of a ruling ("R8.zero" is
// "Halving 0"), else the rule's title ("G-card-wounds" is "The card's own Wounds"); null for a
// code the catalogue does not have.
export function codeTitle(code, clauses) {
  const [id] = String(code).split(".");
  const clause = clauses[id];
  if (!clause) return null;
  const part = (clause.parts || []).find((p) => p.id === code);
  return part ? part.title : clause.title;
}

// A code with its words ("R8: Halving 0", "G-card-wounds: The card's own Wounds"): a part's id
// is never shown to a reader, and a code is never shown bare when the catalogue knows it.
export function codeWords(code, clauses) {
  const [id] = String(code).split(".");
  const words = codeTitle(code, clauses);
  return words ? `${id}: ${words}` : id;
}

// How sure the ruling is as a whole (its weakest deciding step), in three plain grades:
// official, a ruling that follows from the rules, or no official ruling (with the house-rule
// switch that takes the other reading, if there is one).
export function rulingCertainty(ruling, clauses = {}, state = null) {
  const rests = (ruling.rests_on || []).map((code) => codeWords(code, clauses)).join(", ");
  if (!ruling.certainty || ruling.certainty === "stated") {
    const byCard = (ruling.steps || []).some((s) => s.by_card && s.certainty === "stated");
    return { grade: "official", label: "Official", text: `Every deciding step is stated by the rules${byCard ? " or by the card" : ""}.` };
  }
  if (ruling.certainty === "derived") {
    return { grade: "derived", label: "Follows from the rules",
      text: `No rule says it in so many words; it follows from stated rules${rests ? ` (${rests})` : ""}.` };
  }
  const switches = [...new Set((ruling.rests_on || []).map((code) => {
    const clause = clauses[code] || clauses[String(code).split(".")[0]];
    return clause && clause.switch;
  }).filter(Boolean))];
  const on = switches.filter((k) => state && state.house_rules && state.house_rules[k]);
  if (switches.length) {
    return { grade: "switch", label: "No official ruling: house rule",
      text: `This app's ${on.length ? "house rule, switched on" : "default"}${rests ? ` (${rests})` : ""}; a switch takes the other reading: ${switches.map(switchWords).join(", ")}.` };
  }
  return { grade: "house", label: "No official ruling",
    text: `This app's default${rests ? ` (${rests})` : ""}, with no switch.` };
}

export function verdictText(state, ruling) {
  const lines = [];
  for (const w of ruling.wounds || []) {
    const parts = [];
    if (w.unfulfilled) parts.push(`${w.unfulfilled} of unfulfilled demand`);
    if (w.other) parts.push(`${w.other} other`);
    const total = (w.unfulfilled || 0) + (w.other || 0);
    let line = `${figureName(state, w.figure)}: ${plural(total, "Wound")}`;
    if (parts.length) line += ` (${parts.join(", ")})`;
    if (w.died) line += ", and dies";
    lines.push(line);
  }
  if (!lines.length) lines.push("No Wounds.");
  for (const g of ruling.gains || []) {
    if (g.amount) lines.push(`Gained: ${g.amount} ${RESOURCE_NAMES[g.what] || g.what}, to ${g.to === "future" ? "Future" : "Available"} Resources.`);
  }
  if (ruling.morale_change) lines.push(`Morale ${signed(ruling.morale_change)}.`);
  if (ruling.used_alternative) lines.push("The card's alternative applies.");
  if (ruling.game_lost) lines.push(`The game is lost${ruling.lost_reason ? `: ${ruling.lost_reason}` : "."}`);
  return lines;
}

// A step's rule code, and its words beside it (the rule's title); with `clauseHref`, the code
// is a link to the rule's FAQ entry, named with those words too.
function clauseCode(code, clauses, options) {
  const clause = clauses[code];
  const words = codeTitle(code, clauses);
  const chip = el("span", { class: "clause", title: clause ? clause.text : null, text: code });
  const title = words ? el("span", { class: "clause-title", text: words }) : null;
  if (!options.clauseHref) return [chip, title];
  const away = Boolean(options.clauseTarget);
  const link = el("a", { class: "clause-link", href: options.clauseHref(code), target: options.clauseTarget,
    rel: away ? "noopener" : null },
  chip, el("span", { class: "visually-hidden",
    text: `${words ? ` ${words}` : ""}${away ? " (read this rule in the FAQ, in a new tab)" : " (read this rule on this page)"}` }));
  return [link, title];
}

// options: `headingLevel` of "The ruling" (3 by default), `clauseHref(code)` and
// `clauseTarget` to link each step's rule code to its FAQ entry.
export function renderRuling(request, ruling, clauses = {}, options = {}) {
  const state = request.state;
  const verdict = el("ul", { class: "verdict", "data-testid": "verdict" },
    verdictText(state, ruling).map((t) => el("li", { text: t })));
  const steps = el("ol", { class: "steps", "data-testid": "steps" }, (ruling.steps || []).map((s) => {
    const data = s.part ? { clause: s.clause, part: s.part, certainty: s.certainty } : { clause: s.clause, certainty: s.certainty };
    const [code, title] = clauseCode(s.clause, clauses, options);
    return el("li", { class: "step", data },
      code,
      el("span", { class: "step-body" },
        title,
        el("span", { class: "step-text", text: s.text }),
        el("span", { class: `certainty certainty-${s.certainty}`, text: certaintyText(s, state) })));
  }));
  const heading = `h${options.headingLevel || 3}`;
  const sure = rulingCertainty(ruling, clauses, state);
  const certainty = el("p", { class: `ruling-certainty sure-${sure.grade}`, "data-testid": "ruling-certainty", data: { grade: sure.grade } },
    el("strong", { class: "sure-label", text: `${sure.label}. ` }), sure.text);
  const parts = [el(heading, { class: "ruling-title", text: "The ruling" }), verdict, certainty, steps];
  const decisions = (ruling.decisions || []).filter((d) => d.options && d.options.length);
  if (decisions.length) {
    parts.push(el("ul", { class: "decisions", "aria-label": "The players' choices" }, decisions.map((d) => {
      // A choice of several ("cook,carpenter") is said option by option, a figure by name.
      const label = String(d.chosen).split(",").filter(Boolean).map((value) => {
        const word = (d.options.find((o) => o.value === value) || { label: value }).label;
        return FIGURES.has(word) ? figureName(state, word) : word;
      }).join(", ") || "none";
      return el("li", {}, `${d.question} `, el("strong", { text: label }),
        d.chosen === d.default ? " (default)" : " (the players' choice)");
    })));
  }
  if ((ruling.not_spent || []).length) {
    parts.push(el("p", { class: "not-spent", text: `Not spent for you: ${ruling.not_spent.join(", ")}.` }));
  }
  return el("section", { class: "ruling", "data-testid": "ruling" }, parts);
}

// The whole situation: the board before (with the ruling's changes marked), the demand, the ruling.
export function renderSituation(request, ruling, clauses, options = {}) {
  return el("div", { class: "situation" },
    renderBoard(request.state, ruling ? ruling.state : null),
    renderDemands(request),
    ruling ? renderRuling(request, ruling, clauses, options) : null);
}
