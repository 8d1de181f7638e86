// @ts-check
// One situation and its ruling, drawn for people: a small board (figures with their wound
// tracks, resources as coloured cubes, the camp's tracks), the card's demands, and the
// ruling the core computed, step by step with the clause and certainty of each step.
// Shared by the widget (widget.html) and the FAQ (faq.html). Presentation only: every
// number shown comes from the request or from the core's ruling; no rule lives here.
// Every piece of text goes in through textContent, never as markup: a request can come
// from a link or from another site. Every word is said in the page's language when drawn
// (../shared/i18n.js); what the players typed is drawn with `data-typed`.

import { WOUND_TRACKS } from "./core-facts.js";
import { demandSummary } from "./demand-summary.js";
import { changeOf, countChange, cubeRow, deathMark, lostMark, woundDots, woundWords } from "./change.js";
import { t, tn } from "./i18n.js";
import { arrow, skull } from "./marks.js";
import { HOUSE_RULES, RESOURCE_NAMES, TRACK_NAMES, figureName, resourceCount } from "./labels.js";
import { markerName, said, spaceName, tokenName } from "./names.js";

export { figureName };
export const RESOURCES = ["food", "nonperishable_food", "wood", "fur"];
/** A phase's full name ("Event Phase"). @param {string} phase */
function phaseWords(phase) {
  switch (phase) {
    case "event": return t("Event Phase");
    case "morale": return t("Morale Phase");
    case "production": return t("Production Phase");
    case "action": return t("Action Phase");
    case "weather": return t("Weather Phase");
    case "night": return t("Night Phase");
    default: return cap(phase);
  }
}
/** An Action's name as the core says it ("Gather"). @param {string} action */
function actionWords(action) {
  switch (action) {
    case "threat": return t("Threat");
    case "hunt": return t("Hunt");
    case "build": return t("Build");
    case "gather": return t("Gather");
    case "explore": return t("Explore");
    case "arrange_camp": return t("Arrange camp");
    case "rest": return t("Rest");
    default: return cap(action);
  }
}
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
const signed = (n) => (n > 0 ? `+${n}` : String(n));

// A space as the players say it, as the core does (pyapp/rules/state.py, space_words):
// "tile-2-food" is tile 2's food source, "tile-2" is tile 2, "weather" the Weather space; a
// name the players gave stays.
export function spaceWords(id) {
  const source = /^tile-(\d{1,2})-(food|wood)$/.exec(String(id));
  if (source) return t("tile {tile}'s {kind} source", { tile: source[1], kind: RESOURCE_NAMES[source[2]] });
  const tile = /^tile-(\d{1,2})$/.exec(String(id));
  return tile ? t("tile {tile}", { tile: tile[1] }) : spaceName(String(id)) ?? String(id);
}


// ------------------------------------------------------------------ the demand

// The card's demands, its alternative and the moment, as the core words them in `ruling`
// (before a ruling, each demand by its kind's name).
export function renderDemands(request, ruling = null) {
  const { effect = {} } = request;
  const words = ruling && ruling.words;
  const said = (part) => (effect[part] || []).map((d, i) => (words && words[part][i]) || demandSummary(d));
  const list = el("ol", { class: "demands", "data-testid": "demands" }, said("demands").map((text) => el("li", { text })));
  const label = effect.label ? el("p", { class: "card-label", "data-typed": "", text: effect.label })
    : el("p", { class: "card-label", text: t("The card says:") });
  const parts = [label, list];
  if (effect.alternative) {
    const then = said("alternative").reduce((first, next) => t("{first}; then {next}", { first, next }));
    parts.push(el("p", { class: "alternative" }, el("strong", { text: t("Or else:") + " " }), then));
  }
  const notes = words ? words.context : [];
  if (notes.length) parts.push(el("ul", { class: "context" }, notes.map((text) => el("li", { text }))));
  return el("div", { class: "demand", role: "group", "aria-label": t("The demand") }, parts);
}

// ------------------------------------------------------------------ the board

// A figure's wound track as its card shows it (./change.js): the ruling's new Wounds hatched,
// its death, if it kills, marked on the death space.
function woundTrack(figure, later, dies) {
  const track = figure.track || WOUND_TRACKS.character;
  const before = figure.wounds || 0;
  const after = Math.max(before, later ? later.wounds || 0 : before);
  return el("div", { class: "wound-track", role: "img", "aria-label": woundWords(before, after, track.death_at, dies) },
    woundDots({ track, before, after, dies }),
    countChange(before, after));
}

// What the dots mean: the same marks as the tracks above it, in words.
function woundLegend(after) {
  const key = (kind, text, mark = null) => el("li", {}, el("span", { class: `wd ${kind}`, "aria-hidden": "true" }, mark), text);
  return el("ul", { class: "legend", "aria-label": t("Wound track key") },
    key("wd-had", t("Wounds already taken")),
    after ? key("wd-new", t("Wounds from this ruling")) : null,
    key("wd-free wd-arrow", t("Morale −1 when passed"), arrow()),
    key("wd-free wd-death", t("Death"), skull()));
}

function figureCard(state, change, id, figure, extra) {
  const later = change ? findFigure(change.after, id) : null;
  const dies = Boolean(change && change.died.has(id));
  const first = state.first_player === id;
  const facts = [...extra];
  if (figure.in_camp === false) facts.push(t("outside the camp"));
  return el("li", {
    class: dies ? "figure is-dying" : "figure",
    data: { figure: id, wounds: figure.wounds || 0, woundsAfter: later ? later.wounds : figure.wounds || 0 },
  },
    el("span", { class: "figure-name" }, figureName(state, id),
      first ? el("span", { class: "first-player", title: t("First Player"), text: " ★" }) : null,
      dies ? deathMark() : null),
    woundTrack(figure, later, dies),
    el("span", { class: "figure-facts", text: facts.join(" · ") }));
}

function findFigure(state, id) {
  if (id === "friday") return state.friday;
  if (id === "jenny") return state.jenny;
  return (state.characters || []).find((c) => c.role === id) || null;
}

function figures(state, change) {
  const cards = (state.characters || []).map((c) => {
    const later = change ? findFigure(change.after, c.role) : null;
    const now = c.determination || 0, then = later ? later.determination || 0 : now;
    const extra = [then === now ? t("Determination {n}", { n: now }) : t("Determination {before} → {after}", { before: now, after: then }),
      tn("{n} pawn", "{n} pawns", c.pawns ?? 2)];
    if (c.sheet_food) extra.push(tn("carries {n} food", "carries {n} food", c.sheet_food));
    return figureCard(state, change, c.role, c, extra);
  });
  if (state.friday) cards.push(figureCard(state, change, "friday", state.friday, [t("helper")]));
  if (state.jenny) {
    cards.push(figureCard(state, change, "jenny", state.jenny,
      [state.jenny.rescued ? t("rescued") : t("not yet rescued")]));
  }
  if (state.dog) cards.push(el("li", { class: "figure figure-dog", data: { figure: "dog" } },
    el("span", { class: "figure-name", text: t("The Dog") })));
  return el("div", { class: "figures-block" },
    el("ul", { class: "figures", "aria-label": t("Figures") }, cards),
    cards.some((c) => c.querySelector(".wound-track")) ? woundLegend(Boolean(change)) : null);
}

// A pile of cubes; cubes the ruling spends are shown struck out, cubes it adds as new.
function cubes(kind, before, after) {
  const { cells, more } = cubeRow(kind, before, after, MAX_CUBES);
  if (more) cells.push(el("span", { class: "more", text: `+${more}` }));
  const words = after === before ? resourceCount(kind, before)
    : t("{before} → {after} {what}", { before, after, what: RESOURCE_NAMES[kind] });
  return el("span", { class: "cubes", data: { kind, count: before, after } },
    el("span", { class: "cube-row", "aria-hidden": "true" }, cells),
    el("span", { class: "cube-words", text: words }));
}

function pile(title, before, after, testid) {
  const kinds = RESOURCES.filter((k) => (before && before[k]) || (after && after[k]));
  const body = kinds.length
    ? kinds.map((k) => cubes(k, (before && before[k]) || 0, after ? after[k] || 0 : (before[k] || 0)))
    : [el("span", { class: "empty", text: t("nothing") })];
  return el("div", { class: "pile", "data-testid": testid }, el("span", { class: "pile-title", text: title }), body);
}

function piles(state, after) {
  const rows = [
    pile(t("Available"), state.available || {}, after && after.available, "available"),
  ];
  const future = state.future || {};
  if (RESOURCES.some((k) => future[k] || (after && after.future && after.future[k]))) {
    rows.push(pile(t("Future"), future, after && after.future, "future"));
  }
  for (const action of state.planned_actions || []) {
    const later = after && (after.planned_actions || []).find((a) => a.id === action.id);
    const who = (action.pawns || []).map((p) => figureName(state, p)).join(", ");
    const what = actionWords(action.action);
    const name = action.label ? t("{action}: {label} ({who})", { action: what, label: action.label, who })
      : t("{action} ({who})", { action: what, who });
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
  const value = countChange(before, after, show);
  value.classList.add("track-value");
  if (after === undefined || after === before) value.classList.add("visually-hidden");
  return value;
}

function level(track, before, after, max) {
  return el("span", { class: "track", data: { track, value: before } },
    el("span", { class: "track-name", text: TRACK_NAMES[track] }),
    spaces(0, max, before, after),
    trackValue(before, after, String));
}

function morale(before, after) {
  return el("span", { class: "track track-morale", data: { track: "morale", value: before } },
    el("span", { class: "track-name", text: TRACK_NAMES.morale }),
    spaces(-3, 3, before, after),
    trackValue(before, after, signed));
}

function camp(state, after) {
  const a = after || {};
  const shelter = { none: t("No Shelter"), built: t("Shelter"), natural: t("Natural shelter") }[state.shelter || "none"];
  const top = (v) => Math.max(4, v || 0, 1);
  return el("div", { class: "camp", "aria-label": t("Camp") },
    el("span", { class: "shelter", text: shelter }),
    level("roof", state.roof || 0, a.roof, top(Math.max(state.roof || 0, a.roof || 0))),
    level("palisade", state.palisade || 0, a.palisade, top(Math.max(state.palisade || 0, a.palisade || 0))),
    level("weapon", state.weapon || 0, a.weapon, top(Math.max(state.weapon || 0, a.weapon || 0))),
    morale(state.morale || 0, after ? a.morale || 0 : undefined));
}

function extras(state, after) {
  const rows = [];
  for (const tile of state.tiles || []) {
    const later = after && (after.tiles || []).find((t) => t.id === tile.id);
    const sources = (tile.sources || []).map((s, i) => {
      const covered = later ? later.sources[i] && later.sources[i].exhausted : s.exhausted;
      const newly = covered && !s.exhausted;
      const what = RESOURCE_NAMES[s.kind] ?? s.kind;
      return el("span", { class: `source source-${s.kind}${covered ? " source-covered" : ""}${newly ? " source-new" : ""}`,
        text: covered ? t("{what} (covered)", { what }) : what });
    });
    const where = tile.camp ? t("Tile {tile} (camp):", { tile: tile.id })
      : tn("Tile {tile} ({n} step away):", "Tile {tile} ({n} steps away):", tile.distance || 0, { tile: tile.id });
    rows.push(el("li", { class: "tile" }, `${where} `, sources.length ? sources : t("no sources")));
  }
  for (const space of state.spaces || []) {
    const stuff = [...(space.tokens || []).map((token) => t("{token} token", { token: tokenName(token) ?? token })),
      ...(space.markers || []).map((marker) => t("{marker} marker", { marker: markerName(marker) ?? marker }))];
    rows.push(el("li", { class: "board-space", text: stuff.length
      ? t("{space}: {things}", { space: cap(spaceWords(space.id)), things: stuff.join(", ") })
      : t("{space}: empty", { space: cap(spaceWords(space.id)) }) }));
  }
  for (const item of state.inventions || []) {
    const later = after && (after.inventions || []).find((i) => i.name === item.name);
    const flipped = item.built && later && !later.built;
    const name = said(item.name);
    const text = !item.built ? t("{item}: Invention", { item: name })
      : flipped ? t("{item}: built Item → flipped back", { item: name }) : t("{item}: built Item", { item: name });
    rows.push(el("li", { class: "item", text }));
  }
  const kept = [
    ...(state.discovery_tokens || []).map((token) => t("Discovery token: {token}", { token: said(token) })),
    ...(state.equipment || []).map((e) => t("Starting Equipment: {name}", { name: said(e.name) })),
    ...(state.treasures || []).map((treasure) => t("Treasure: {treasure}", { treasure: said(treasure) })),
  ];
  for (const text of kept) rows.push(el("li", { class: "kept", text }));
  const switches = Object.entries(state.house_rules || {}).filter(([, on]) => on).map(([k]) => k);
  for (const s of switches) rows.push(el("li", { class: "house-rule", text: t("House rule on: {rule}", { rule: switchWords(s) }) }));
  return rows.length ? el("ul", { class: "extras" }, rows) : null;
}

// The table of a request; with its ruling, what the ruling changes is marked on the pieces
// (./change.js): the same drawing as the board's.
export function renderBoard(state, ruling = null) {
  const change = changeOf(ruling);
  const after = change ? change.after : null;
  const moment = [t("Round {n}", { n: state.round || 1 }), phaseWords(state.phase || "event")];
  if ((state.scenario || 1) !== 1) moment.push(t("Scenario {n}", { n: state.scenario }));
  if (state.lost) moment.push(t("game lost: {reason}", { reason: state.lost.reason }));
  return el("div", { class: "board", role: "group", "data-testid": "board", "aria-label": t("The table") },
    el("p", { class: "moment", text: moment.join(" · ") }),
    change && change.lost && !state.lost ? lostMark(change.lost) : null,
    figures(state, change),
    piles(state, after),
    camp(state, after),
    extras(state, after));
}

// ------------------------------------------------------------------ the ruling

// A house-rule switch in words, in quotes, as Settings names it (“Reducing Roof/Palisade
// without a Shelter is ignored”), never its key in the table's data.
export function switchWords(key) {
  const words = HOUSE_RULES[key] ? t(HOUSE_RULES[key][1]) : cap(key); // core-facts.js: the core's English msgid
  return t("“{words}”", { words: words.replace(/“/g, "‘").replace(/”/g, "’") }); // quotes inside quotes: single ones
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
  return words ? t("{code}: {title}", { code: id, title: words }) : id;
}

// What the ruling comes to, as the core words it: each figure's Wounds with how sure it is
// ("Explorer: 3 Wounds — rules"), each of our rulings that changes nothing here on a line of
// its own, what is gained, what follows.
export function verdictText(ruling) {
  const w = ruling.words;
  const sured = w.outcome ? w.outcome.slice(w.paid.length) : w.wounds; // (a ruling worded before these lines)
  return [...(sured.length ? sured : [t("No Wounds.")]), ...w.gains.map((gain) => t("Gained: {gain}.", { gain })),
    ...w.follows.filter((line) => line !== w.not_spent)];
}

// A step's rule code, and its words beside it (the rule's title); with `clauseHref`, the code
// is a link to the rule's FAQ entry, named with those words too.
function clauseCode(code, clauses, options) {
  const clause = clauses[code];
  const words = codeTitle(code, clauses);
  // A rule code ("C6") is a name, not a word of the catalogue: shown as it is, marked
  // `data-typed` as the players' own text is (the pseudo-locale check passes it over).
  const chip = el("span", { class: "clause", "data-typed": "", title: clause ? clause.text : null, text: code });
  const title = words ? el("span", { class: "clause-title", text: words }) : null;
  if (!options.clauseHref) return [chip, title];
  const away = Boolean(options.clauseTarget);
  const link = el("a", { class: "clause-link", href: options.clauseHref(code), target: options.clauseTarget,
    rel: away ? "noopener" : null },
  chip, el("span", { class: "visually-hidden", text: ` ${linkWords(words, away)}` }));
  return [link, title];
}

// What a rule code's link says to a screen reader: the rule's title and where it opens.
function linkWords(words, away) {
  if (words) {
    return away ? t("{title} (read this rule in the FAQ, in a new tab)", { title: words })
      : t("{title} (read this rule on this page)", { title: words });
  }
  return away ? t("(read this rule in the FAQ, in a new tab)") : t("(read this rule on this page)");
}

// options: `headingLevel` of "The ruling" (3 by default), `clauseHref(code)` and
// `clauseTarget` to link each step's rule code to its FAQ entry.
export function renderRuling(request, ruling, clauses = {}, options = {}) {
  const words = ruling.words;
  const verdict = el("ul", { class: "verdict", "data-testid": "verdict" },
    verdictText(ruling).map((text) => el("li", { text })));
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
    el("strong", { class: "sure-label", text: t("{label}.", { label: sure.label }) + " " }), sure.text);
  const parts = [el(heading, { class: "ruling-title", text: t("The ruling") }), verdict, certainty, steps];
  // What was chosen, as the core names it: mostly the players' own things (an Item, a token),
  // so shown as their text is (`data-typed`).
  const choices = words.choices.filter((c) => c.options.length);
  if (choices.length) {
    parts.push(el("ul", { class: "decisions", "aria-label": t("The players' choices") }, choices.map((c) => el("li", {},
      `${c.question} `, el("strong", { "data-typed": "", text: c.chosen }), " " + (c.suggested ? t("(default)") : t("(the players' choice)"))))));
  }
  if (words.not_spent) parts.push(el("p", { class: "not-spent", text: words.not_spent }));
  return el("section", { class: "ruling", "data-testid": "ruling" }, parts);
}

// The whole situation: the board before (with the ruling's changes marked), the demand, the ruling.
export function renderSituation(request, ruling, clauses, options = {}) {
  return el("div", { class: "situation" },
    renderBoard(request.state, ruling),
    renderDemands(request, ruling),
    ruling ? renderRuling(request, ruling, clauses, options) : null);
}
