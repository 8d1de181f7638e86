// @ts-check
// One situation and its ruling, drawn for people: a small board (figures with their wound
// tracks, resources as coloured cubes, the camp's tracks), the card's demands, and the
// ruling the core computed, step by step with the clause and certainty of each step.
// Shared by the widget (widget.html) and the FAQ (faq.html). Presentation only: every
// number shown comes from the request or from the core's ruling; no rule lives here.
// Every piece of text goes in through textContent, never as markup: a request can come
// from a link or from another site.

import { WOUND_TRACKS } from "./core-facts.js";
import { DEMAND_KINDS } from "./demand-kinds.js";
import { HOUSE_RULES } from "./labels.js";

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
const MAX_CUBES = 12;

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
  return character && character.name ? `${cap(figure)} (${character.name})` : cap(figure); // as the core names it
}

// A space as the players say it, as the core does (pyapp/rules/state.py, space_words):
// "tile-2-food" is tile 2's food source, "tile-2" is tile 2; a name the players gave stays.
export function spaceWords(id) {
  const source = /^tile-(\d{1,2})-(food|wood)$/.exec(String(id));
  if (source) return `tile ${source[1]}'s ${source[2]} source`;
  const tile = /^tile-(\d{1,2})$/.exec(String(id));
  return tile ? `tile ${tile[1]}` : String(id);
}


// ------------------------------------------------------------------ the demand

// The card's demands, its alternative and the moment, as the core words them in `ruling`
// (before a ruling, each demand by its kind's name).
export function renderDemands(request, ruling = null) {
  const { effect = {} } = request;
  const words = ruling && ruling.words;
  const said = (part) => (effect[part] || []).map((d, i) => (words && words[part][i]) || (DEMAND_KINDS[d.kind] || { title: d.kind }).title);
  const list = el("ol", { class: "demands", "data-testid": "demands" }, said("demands").map((text) => el("li", { text })));
  const parts = [el("p", { class: "card-label", text: effect.label || "The card says:" }), list];
  if (effect.alternative) {
    parts.push(el("p", { class: "alternative" }, el("strong", { text: "Or else: " }), said("alternative").join("; then ")));
  }
  const notes = words ? words.context : [];
  if (notes.length) parts.push(el("ul", { class: "context" }, notes.map((t) => el("li", { text: t }))));
  return el("div", { class: "demand", role: "group", "aria-label": "The demand" }, parts);
}

// ------------------------------------------------------------------ the board

function woundTrack(figure, woundsAfter) {
  const track = figure.track || WOUND_TRACKS.character;
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

// What the ruling comes to, as the core words it: each figure's Wounds, what is gained, what
// follows.
export function verdictText(ruling) {
  const w = ruling.words;
  return [...(w.wounds.length ? w.wounds : ["No Wounds."]), ...w.gains.map((g) => `Gained: ${g}.`),
    ...w.follows.filter((line) => line !== w.not_spent)];
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
  const words = ruling.words;
  const verdict = el("ul", { class: "verdict", "data-testid": "verdict" },
    verdictText(ruling).map((t) => el("li", { text: t })));
  const steps = el("ol", { class: "steps", "data-testid": "steps" }, (ruling.steps || []).map((s, i) => {
    const data = s.part ? { clause: s.clause, part: s.part, certainty: s.certainty } : { clause: s.clause, certainty: s.certainty };
    const [code, title] = clauseCode(s.clause, clauses, options);
    return el("li", { class: "step", data },
      code,
      el("span", { class: "step-body" },
        title,
        el("span", { class: "step-text", text: s.text }),
        el("span", { class: `certainty certainty-${s.certainty}`, text: words.steps[i] })));
  }));
  const heading = `h${options.headingLevel || 3}`;
  const sure = words.sure;
  const certainty = el("p", { class: `ruling-certainty sure-${sure.grade}`, "data-testid": "ruling-certainty", data: { grade: sure.grade } },
    el("strong", { class: "sure-label", text: `${sure.label}. ` }), sure.text);
  const parts = [el(heading, { class: "ruling-title", text: "The ruling" }), verdict, certainty, steps];
  const choices = words.choices.filter((c) => c.options.length);
  if (choices.length) {
    parts.push(el("ul", { class: "decisions", "aria-label": "The players' choices" }, choices.map((c) => el("li", {},
      `${c.question} `, el("strong", { text: c.chosen }), c.suggested ? " (default)" : " (the players' choice)"))));
  }
  if (words.not_spent) parts.push(el("p", { class: "not-spent", text: words.not_spent }));
  return el("section", { class: "ruling", "data-testid": "ruling" }, parts);
}

// The whole situation: the board before (with the ruling's changes marked), the demand, the ruling.
export function renderSituation(request, ruling, clauses, options = {}) {
  return el("div", { class: "situation" },
    renderBoard(request.state, ruling ? ruling.state : null),
    renderDemands(request, ruling),
    ruling ? renderRuling(request, ruling, clauses, options) : null);
}
