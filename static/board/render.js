// @ts-check
// The table, drawn from a snapshot of the core's state. Regions are rebuilt only when the part
// of the state they show (or the piece in hand) changed, so a move redraws a few nodes.

import { actionIcon, cave, fish, tent, tree } from "./art.js";
import { clamp, few, hidden, moreText } from "./bounds.js";
import { addCharacters, characterCard, charactersRegion, fate, helpersRegion, later, lostSlot, pawn, placed } from "./cards.js";
import { h } from "./dom.js";
import { countChange, cubeRow } from "../shared/change.js";
import { SETUP } from "../shared/core-facts.js";
import { language, t, tn } from "../shared/i18n.js";
import { markerName, said, shownName, spaceName, tokenName } from "../shared/names.js";
import {
  ACTIONS, ACTION_NAMES, HOUSE_RULES, PHASES, RESOURCE_KINDS, RESOURCE_NAMES, TRACKS,
  PHASE_NAMES, TRACK_NAMES, actionTitle, figureName, placeName, title,
} from "../shared/labels.js";
import { withPending } from "./pending.js";
import { button, choice, dropZone, nameList, piece, region, squareTrack, stepper, textField, toggle, track } from "./widgets.js";

const cache = new Map(); // region id -> {key, node, parts: Map(part id -> {key, node})}

/** Draw `state` into the board's region containers. A region whose part of the state changed
 * is rebuilt; a region made of parts (the piles, the action spaces, the character cards)
 * keeps its frame and replaces only the parts that changed, so a move of one cube rebuilds
 * one pile and one action space, and the rest of the page keeps its style and layout. The
 * table drawn is the core's with each value set and not yet answered laid over it
 * (pending.js): every control shows a tap at once. */
export function renderBoard(ctl, roots) {
  const state = ctl.shared ? ctl.state : withPending(ctl.state, ctl.pending); // a shared table is as sent
  // A region is drawn again in another language too (Settings' language control).
  const held = JSON.stringify(ctl.holding) + String(ctl.readonly) + language();
  for (const [id, region] of Object.entries(REGIONS)) {
    const root = roots[id];
    if (!root) continue;
    const key = JSON.stringify(region.deps(state, ctl)) + held;
    const cached = cache.get(id);
    if (cached && cached.key === key && root.firstChild === cached.node) continue;
    const parts = region.parts ? region.parts(ctl, state) : null;
    if (parts && cached && cached.parts && root.firstChild === cached.node && samePartIds(cached.parts, parts)) {
      patchParts(cached.parts, parts, held);
      cached.key = key;
      continue;
    }
    const built = parts ? buildParts(parts, held) : null;
    const node = region.build(ctl, state, built ? [...built.values()].map((p) => p.node) : undefined);
    root.replaceChildren(node);
    cache.set(id, { key, node, parts: built });
  }
}

function samePartIds(cachedParts, parts) {
  return cachedParts.size === parts.length && parts.every(([pid]) => cachedParts.has(pid));
}

function buildParts(parts, held) {
  return new Map(parts.map(([pid, deps, make]) => [pid, { key: JSON.stringify(deps) + held, node: make() }]));
}

function patchParts(cachedParts, parts, held) {
  for (const [pid, deps, make] of parts) {
    const key = JSON.stringify(deps) + held;
    const old = cachedParts.get(pid);
    if (old.key === key) continue;
    const node = make();
    old.node.replaceWith(node);
    cachedParts.set(pid, { key, node });
  }
}

/** @typedef {import("../../types/core").TableState} TableState */
/** @typedef {import("./widgets.js").Controller} Controller */
/**
 * A region of the board: what of the state it shows (compared as JSON); if it is rebuilt part
 * by part, its parts, each [id, what it shows, () => its node]; and how to build it (given
 * its parts' nodes, in order).
 * @typedef {object} Region
 * @property {(s: TableState, ctl: Controller) => unknown[]} deps
 * @property {(ctl: Controller, s: TableState) => unknown[][]} [parts]
 * @property {(ctl: Controller, s: TableState, parts?: Node[]) => HTMLElement} build
 */
/** @type {Record<string, Region>} */
const REGIONS = {
  game: {
    deps: (s) => [s.round, s.phase, s.scenario, s.house_rules, s.lost],
    build: gameRegion,
  },
  camp: {
    deps: (s, ctl) => [s.morale, s.shelter, s.roof, s.palisade, s.weapon, later(ctl, (a) => [a.morale, a.roof, a.palisade, a.weapon])],
    build: campRegion,
  },
  resources: {
    deps: (s, ctl) => [s.available, s.future, later(ctl, (a) => [a.available, a.future])],
    parts: (ctl, s) => ["available", "future"].map((place) => [place, [s[place], later(ctl, (a) => a[place])], () => pile(ctl, s, place)]),
    build: resourcesRegion,
  },
  actions: {
    deps: (s, ctl) => [s.planned_actions, s.characters.map((c) => [c.role, c.name]), s.friday !== null, ctl.resolving, actionsOver(s)],
    parts: (ctl, s) => {
      const names = [s.characters.map((c) => [c.role, c.name]), s.friday !== null, actionsOver(s)];
      const open = actionsOver(s) ? s.planned_actions.filter((a) => !a.resolved).length : 0;
      return [["over", [open, s.phase], () => overNote(s, open)],
        ...ACTIONS.map((kind) => [kind,
          [names, ctl.resolving, s.planned_actions.map((a, i) => (a.action === kind ? [i, a, assignedAfter(ctl, a)] : null))],
          () => actionSpace(ctl, s, kind)])];
    },
    build: actionsRegion,
  },
  characters: {
    deps: (s, ctl) => [s.characters, s.first_player, s.planned_actions.map((a) => a.pawns), later(ctl, () => ctl.preview.lost)],
    parts: (ctl, s) => [
      ["lost", [s.lost, later(ctl, () => ctl.preview.lost)], () => lostSlot(ctl, s)],
      ...s.characters.map((c, i) => [c.role, [c, i, s.first_player === c.role, s.characters.length > 1, placed(s, c.role), fate(ctl, c.role)],
        () => characterCard(ctl, s, c, i)]),
      ["add", [s.characters.map((c) => c.role)], () => addCharacters(ctl, s)],
    ],
    build: charactersRegion,
  },
  helpers: {
    deps: (s, ctl) => [s.friday, s.dog, s.jenny, s.scenario, s.planned_actions.map((a) => a.pawns), fate(ctl, "friday"), fate(ctl, "jenny")],
    build: helpersRegion,
  },
  island: {
    deps: (s) => [s.tiles],
    build: islandRegion,
  },
  spaces: {
    deps: (s) => [s.spaces],
    build: spacesRegion,
  },
  finds: {
    deps: (s) => [s.discovery_tokens, s.equipment, s.inventions, s.treasures].flatMap((list) => [few(list), list.length]),
    build: findsRegion,
  },
};

// ------------------------------------------------------------------ a ruling on show, on the pieces

// While a ruling is previewed (ctl.preview, static/shared/change.js: the core's table after,
// who dies, the lost game), each piece shows what it would become, in place: "3 → 1", new
// Wounds hatched, a death on its card. Nothing is worked out here: it is the core's table.

/** What a planned Action holds in the previewed table, or null. */
function assignedAfter(ctl, action) {
  const after = ctl.preview ? (ctl.preview.after.planned_actions || []).find((a) => a.id === action.id) : null;
  return after ? after.assigned : null;
}

// ------------------------------------------------------------------ game, phase, switches

/** The rounds of the round track, first to last: the core's (SETUP, from the table's model). */
const ROUNDS = Array.from({ length: SETUP.rounds[1] - SETUP.rounds[0] + 1 }, (_, i) => SETUP.rounds[0] + i);

function gameRegion(ctl, s) {
  return region(t("The game"), "game",
    s.lost ? h("p", { class: "lost", role: "status", data: { testid: "lost" } },
      h("strong", { text: t("The game is lost.") }), " ", h("span", { text: s.lost.reason })) : null,
    h("div", { class: "game-row" },
      squareTrack(ctl, { label: t("Round"), options: ROUNDS, value: s.round, path: "round", key: "round",
        name: (n) => t("Round {n}", { n }) }),
      h("span", { class: "row-label", id: "phase-label", text: t("Phase") }),
      choice(ctl, { label: t("Phase"), options: PHASES, value: s.phase, path: "phase", key: "phase",
        names: Object.fromEntries(PHASES.map((p) => [p, PHASE_NAMES[p]])) }),
      h("details", { class: "house-rules", open: ctl.settingsOpen, ontoggle: (/** @type {Event} */ e) => {
        ctl.settingsOpen = /** @type {HTMLDetailsElement} */ (e.currentTarget).open;
        if (ctl.settingsOpen) ctl.languages.load();
      } },
        h("summary", { text: t("Settings") }),
        ctl.languages.row(),
        stepper(ctl, { label: t("Scenario"), value: s.scenario, path: "scenario", min: 1, max: 7, key: "scenario" }),
        h("p", { class: "hint", text: t("Where the rules are silent, the app rules by default as stated in its rulings; each switch takes the other reading.") }),
        // The words first; the ruling's code after them, a small link to its FAQ entry.
        Object.entries(HOUSE_RULES).map(([key, [rid, text, faq]]) => h("div", { class: "house-rule", data: { testid: `house-row-${key}` } },
          toggle(ctl, { label: t(text), checked: Boolean(s.house_rules[key]), path: `house_rules/${key}`, key: `house-${key}` }),
          h("a", { class: "rule-code-link", href: `./faq.html#${faq}`, "aria-haspopup": "dialog", data: { clause: rid },
            "aria-label": t("{code}: our ruling behind this switch (shown beside the table)", { code: rid }), text: rid }))))));
}

// ------------------------------------------------------------------ camp: Morale and tracks

function campRegion(ctl, s) {
  const upto = (v, n) => Array.from({ length: Math.max(n, clamp(v, 0, 99) + 2) }, (_, i) => i);
  return region(t("The camp"), "camp",
    h("div", { class: "camp-grid" },
      h("div", { class: "camp-row" },
        rowLabel(t("Morale"), s.morale, later(ctl, (a) => a.morale), signed),
        track(ctl, { label: t("Morale"), levels: [-3, -2, -1, 0, 1, 2, 3], value: s.morale, path: "morale",
          key: "morale", cls: "morale", describe: signed, mark: afterMark(s.morale, later(ctl, (a) => a.morale)) })),
      h("div", { class: "camp-row" },
        h("span", { class: "row-label", text: t("Shelter") }),
        choice(ctl, { label: t("Shelter"), options: ["none", "built", "natural"], value: s.shelter, path: "shelter",
          key: "shelter", names: { none: t("None"), built: t("Built"), natural: t("Natural") } })),
      TRACKS.map((tr) => h("div", { class: "camp-row" },
        rowLabel(TRACK_NAMES[tr], s[tr], later(ctl, (a) => a[tr])),
        track(ctl, { label: TRACK_NAMES[tr], levels: upto(s[tr], 6), value: s[tr], path: tr,
          key: `track-${tr}`, cls: `track-${tr}`, mark: afterMark(s[tr], later(ctl, (a) => a[tr])) })))));
}

const signed = (v) => (v > 0 ? `+${v}` : String(v));

/**
 * A track's name, and under a ruling on show what it does to the track ("−1 → −3").
 * @param {string} name @param {number} value @param {number | null} after @param {(n: number) => string} [show]
 */
function rowLabel(name, value, after, show = (n) => String(n)) {
  return h("span", { class: "row-label" }, h("span", { text: name }),
    after !== null && after !== value ? [" ", countChange(value, after, show)] : null);
}

/** Under a ruling on show, the level it leaves the track on: a dashed ring on that level. */
function afterMark(value, after) {
  return after === null || after === value ? undefined
    : (level) => (level === after ? h("span", { class: "level-after", "aria-hidden": "true", data: { testid: "level-after" } }) : null);
}

// ------------------------------------------------------------------ resources

/** A heap of `count` cubes (at most `max` drawn); under a ruling on show, those it spends struck
 * through and those it adds outlined (`after`). */
export function cubes(kind, count, max = 6, after = count) {
  const { cells, more } = cubeRow(kind, clamp(count, 0, 999), clamp(after, 0, 999), max);
  return h("span", { class: "cubes", "aria-hidden": "true" }, cells,
    more > 0 ? h("span", { class: "more", data: { more: `+${more}` } }) : null);
}

/** A resource's short name on a pile (under its heap). */
function kindShort(kind) {
  switch (kind) {
    case "food": return t("Food");
    case "nonperishable_food": return t("N-p food");
    case "wood": return t("Wood");
    default: return t("Fur");
  }
}

function pile(ctl, s, place) {
  const res = s[place];
  const after = later(ctl, (a) => a[place]);
  const then = (kind) => (after ? after[kind] : res[kind]);
  const name = place === "available" ? t("Available") : t("Future");
  const full = placeName(s, place);
  const zone = h("div", { class: "pile", data: { testid: `pile-${place}` } },
    h("h3", { class: "pile-title", text: name }),
    h("ul", { class: "pile-kinds" }, RESOURCE_KINDS.map((kind) => h("li", { class: ["pile-kind", `kind-${kind}`] },
      h("span", { class: "stack-wrap" },
        h("span", { class: "kind-name", "aria-hidden": "true", text: kindShort(kind) }),
        res[kind] > 0
          ? piece(ctl, { t: "res", kind, from: place }, {
            label: tn("{n} {resource} in {pile}: pick up one", "{n} {resource} in {pile}: pick up one", res[kind], { resource: RESOURCE_NAMES[kind], pile: full }),
            visual: cubes(kind, res[kind], 6, then(kind)), key: `res-${place}-${kind}`, cls: "stack",
          })
          : h("span", { class: "stack stack-empty", "aria-hidden": "true" }, then(kind) > 0 ? cubes(kind, 0, 6, then(kind)) : h("span", { class: `spot spot-${kind}` })),
        then(kind) !== res[kind] ? pileChange(res[kind], then(kind), full, kind) : null),
      stepper(ctl, { label: title(RESOURCE_NAMES[kind]), what: t("{pile}, {resource}", { pile: full, resource: RESOURCE_NAMES[kind] }),
        value: res[kind], path: `${place}/${kind}`, key: `${place}-${kind}` })))));
  return dropZone(ctl, zone, { t: "pile", place }, `pile-${place}`);
}

/** What a ruling on show does to a pile's resource, over its heap: "3 → 1", said in full. */
function pileChange(before, after, pile, kind) {
  const change = countChange(before, after);
  change.setAttribute("role", "note");
  change.setAttribute("aria-label", t("{pile}, {resource}: {before} → {after} if applied", { pile, resource: RESOURCE_NAMES[kind], before, after }));
  change.dataset.testid = `change-${kind}`;
  return change;
}

function resourcesRegion(ctl, s, piles) {
  return region(t("Resources"), "resources", h("div", { class: "piles" }, piles));
}

// ------------------------------------------------------------------ action spaces

// After the Action Phase (Weather, Night), a planned Action still open would keep its
// resources tied up (the Night's food among them): the board asks how it ended.
const actionsOver = (s) => (s.phase === "weather" || s.phase === "night") && s.planned_actions.some((a) => !a.resolved);

function outcome(ctl, a, name, result) {
  const ok = result === "success";
  return button(ctl, { class: ["quiet", "outcome", `outcome-${result}`], data: { key: `${result}-${a.id}` },
    "aria-label": ok ? t("{name} succeeded: its resources are spent", { name }) : t("{name} failed: its resources come back to Available", { name }),
    onclick: () => ctl.edit([{ op: "resolve_action", id: a.id, outcome: result }],
      ok ? t("{name} succeeded: its resources are spent", { name }) : t("{name} failed: its resources return to Available", { name })),
  }, ok ? t("Succeeded") : t("Failed"));
}

function plannedAction(ctl, s, a, index) {
  const name = actionTitle(a);
  const kept = assignedAfter(ctl, a) || a.assigned;
  const over = actionsOver(s) && !a.resolved;
  const resolving = ctl.resolving === a.id;
  const head = h("header", { class: "planned-head" }, h("h4", { text: name }),
    button(ctl, {
      class: "quiet cancel", data: { key: `cancel-${a.id}` }, "aria-label": t("Cancel {name}", { name }),
      onclick: () => ctl.edit(a.pawns.map((f) => ({ op: "move_pawn", figure: f, source: a.id, target: null })),
        t("Cancelled {name}", { name })),
    }, "×"));
  const card = h("article", { class: ["planned", a.resolved && "is-resolved", resolving && "is-resolving"], "aria-label": t("Planned Action: {name}", { name }),
    data: { testid: `action-${a.id}` } }, head,
    h("div", { class: "planned-pawns", "aria-label": t("Pawns (the first resolves it)") },
      a.pawns.map((f, i) => piece(ctl, { t: "pawn", figure: f, from: a.id }, {
        label: i === 0 ? t("{who}'s pawn on {name}, leads (resolves it): pick up", { who: figureName(s, f), name })
          : t("{who}'s pawn on {name}: pick up", { who: figureName(s, f), name }),
        visual: [pawn(f), i === 0 ? h("span", { class: "leads", text: t("leads") }) : null],
        key: `pawn-${a.id}-${f}-${i}`, cls: "pawn-piece",
      })),
      RESOURCE_KINDS.filter((k) => a.assigned[k] > 0).map((kind) => piece(ctl, { t: "res", kind, from: a.id }, {
        label: tn("{n} {resource} on {name}: pick up one", "{n} {resource} on {name}: pick up one", a.assigned[kind], { resource: RESOURCE_NAMES[kind], name }),
        visual: [cubes(kind, a.assigned[kind], 4, kept[kind]),
          kept[kind] === a.assigned[kind] ? h("span", { class: "piece-count", text: a.assigned[kind] }) : countChange(a.assigned[kind], kept[kind])],
        key: `res-${a.id}-${kind}`, cls: "stack",
      }))),
    over ? h("div", { class: "planned-foot planned-over", role: "group", "aria-label": t("How {name} ended", { name }) },
      h("span", { class: "over-q", text: t("How did it end?") }), outcome(ctl, a, name, "success"), outcome(ctl, a, name, "failure"))
      : h("div", { class: "planned-foot" },
      a.pawns.length ? button(ctl, {
        class: ["resolve", resolving && "is-current"], "aria-pressed": String(resolving), data: { key: `resolve-${a.id}` },
        "aria-label": t("Resolve {name}: {who} resolves the demand", { name, who: figureName(s, a.pawns[0]) }),
        onclick: () => ctl.resolve(a),
      }, resolving ? t("Resolving") : t("Resolve")) : null,
      toggle(ctl, { label: t("Done"), checked: a.resolved, path: `planned_actions/${index}/resolved`, key: `resolved-${a.id}` })));
  // "Put here" lies over the name (and says it), not over the pieces or the buttons below.
  return dropZone(ctl, card, { t: "action", id: a.id }, `action-${a.id}`, { over: head, name });
}

function actionSpace(ctl, s, kind) {
  const planned = s.planned_actions.filter((a) => a.action === kind);
  const zone = h("div", { class: ["action-space", `space-${kind}`, planned.length && "has-planned"], data: { testid: `space-${kind}` } },
    // The name's row takes taps (dnd.js answers them): a tap on it stays on it, not carried by
    // the browser's touch adjustment onto a "Put here" near it (board.css).
    h("h3", { class: "space-title", onclick: () => {} }, actionIcon(kind), h("span", { text: ACTION_NAMES[kind] })),
    few(s.planned_actions).map((a, i) => (a.action === kind ? plannedAction(ctl, s, a, i) : null)));
  return dropZone(ctl, zone, { t: "space", kind }, `space-${kind}`, { fresh: planned.length ? ACTION_NAMES[kind] : "" });
}

/** After the Action Phase, with Actions still open: what to do about them (else nothing shown). */
function overNote(s, open) {
  if (!open) return h("p", { class: "actions-over", hidden: true });
  return h("p", { class: "actions-over", role: "note", data: { testid: "actions-over" },
    text: tn("The Action Phase is over, and {n} planned Action is still open: say how each ended, so that what it tied up is spent or comes back before the {phase} Phase is ruled.",
      "The Action Phase is over, and {n} planned Actions are still open: say how each ended, so that what it tied up is spent or comes back before the {phase} Phase is ruled.",
      open, { phase: PHASE_NAMES[s.phase] }) });
}

function actionsRegion(ctl, s, [over, ...spaces]) {
  return region(t("Action spaces"), "actions", over,
    h("div", { class: "spaces-grid" }, spaces),
    hidden(s.planned_actions) ? h("p", { class: "hint", text: moreText(hidden(s.planned_actions), "actions") }) : null,
    h("p", { class: "visually-hidden", text: t("Drop a pawn on a space to plan an Action; drop cubes on a planned Action to tie them up.") }));
}

// ------------------------------------------------------------------ island tiles

// A source: a round token of its kind on the tile (fish for food, a tree for wood), under a
// black marker when it is covered. The place black markers are dropped on.
function sourceSpot(ctl, s, tile, at, src, j) {
  const kind = src.kind === "food" ? t("Food") : t("Wood");
  const spot = h("div", { class: ["source", `source-${src.kind}`, src.exhausted && "is-exhausted"], data: { testid: `source-${tile.id}-${j}` } },
    h("span", { class: "source-token", "aria-hidden": "true" }, src.kind === "food" ? fish() : tree()),
    h("span", { class: "source-name", text: src.exhausted ? t("{kind}, covered", { kind }) : kind }),
    src.exhausted
      ? piece(ctl, { t: "black", from: { tile: at, source: j } }, {
        label: src.kind === "food" ? t("Black marker on the food source on tile {tile}: pick up", { tile: tile.id })
          : t("Black marker on the wood source on tile {tile}: pick up", { tile: tile.id }), visual: h("span", { class: "black-marker", "aria-hidden": "true" }),
        key: `black-${tile.id}-${j}`, cls: "marker-piece" })
      : null);
  return dropZone(ctl, spot, { t: "source", tile: at, source: j, kind: src.kind, tileId: tile.id, exhausted: src.exhausted },
    `source-${tile.id}-${j}`);
}

const TERRAINS = ["beach", "hills", "plains", "mountains", "river", "forest", "jungle", "lake", "volcano"];
const terrainOf = (tile) => TERRAINS.find((name) => (tile.terrain || "").toLowerCase().includes(name)) || "plain";

/** Where a tile lies, in words: the camp, next to it, or how far. */
function distanceWords(tile) {
  if (tile.camp) return t("The camp is here");
  if (tile.distance === 1) return t("Next to the camp");
  return tile.distance ? tn("{n} tile from the camp", "{n} tiles from the camp", tile.distance) : t("Distance not set");
}

// An island tile as on the table: a hex of its terrain, its number, the camp's tent or a
// natural shelter, its sources as tokens. What changes a tile is folded away under "Change".
function tileCard(ctl, s, tile, at) {
  return h("article", { class: ["tile", `terrain-${terrainOf(tile)}`, tile.camp && "is-camp"], "aria-labelledby": `tile-${tile.id}`, data: { testid: `tile-${tile.id}` } },
    h("header", { class: "tile-head" },
      h("span", { class: "tile-num", "aria-hidden": "true", text: tile.id }),
      h("h3", { id: `tile-${tile.id}` }, t("Tile {id}", { id: tile.id }),
        tile.terrain ? [" · ", h("span", { "data-typed": "", text: tile.terrain })] : null),
      tile.camp ? h("span", { class: "tile-badge badge-camp" }, tent(), h("span", { text: t("Camp") })) : null,
      tile.natural_shelter ? h("span", { class: "tile-badge badge-shelter" }, cave(), h("span", { text: t("Natural shelter") })) : null),
    h("p", { class: "tile-where", text: distanceWords(tile) }),
    h("div", { class: "tile-sources" }, tile.sources.length ? few(tile.sources, 12).map((src, j) => sourceSpot(ctl, s, tile, at, src, j))
      : h("span", { class: "hint", text: t("No sources") }),
      hidden(tile.sources, 12) ? h("span", { class: "hint", text: moreText(hidden(tile.sources, 12), "sources") }) : null),
    h("details", { class: "edit-more tile-edit" },
      h("summary", { "aria-label": t("Change tile {id}", { id: tile.id }), text: t("Change") }),
      h("div", { class: "tile-row" },
        button(ctl, { class: "quiet small", data: { key: `add-food-${tile.id}` },
          onclick: () => ctl.edit([{ op: "insert", path: `tiles/${at}/sources`, value: { kind: "food" } }], t("Tile {id}: a food source", { id: tile.id })) }, t("+ food source")),
        button(ctl, { class: "quiet small", data: { key: `add-wood-${tile.id}` },
          onclick: () => ctl.edit([{ op: "insert", path: `tiles/${at}/sources`, value: { kind: "wood" } }], t("Tile {id}: a wood source", { id: tile.id })) }, t("+ wood source")),
        few(tile.sources, 12).map((src, j) => removeSource(ctl, tile, at, src, j))),
      stepper(ctl, { label: t("Distance"), what: t("Tile {id} distance from the camp", { id: tile.id }), value: tile.distance, max: 20, path: `tiles/${at}/distance`, key: `dist-${tile.id}` }),
      h("div", { class: "tile-row" },
        toggle(ctl, { label: t("Camp"), checked: tile.camp, path: `tiles/${at}/camp`, key: `tcamp-${tile.id}` }),
        toggle(ctl, { label: t("Natural shelter"), checked: tile.natural_shelter, path: `tiles/${at}/natural_shelter`, key: `tshelter-${tile.id}` })),
      textField(ctl, { label: t("Terrain"), value: tile.terrain, path: `tiles/${at}/terrain`, key: `terrain-${tile.id}` }),
      button(ctl, { class: "quiet small", data: { key: `rm-tile-${tile.id}` },
        onclick: () => ctl.edit([{ op: "remove", path: `tiles/${at}` }], t("Removed tile {id}", { id: tile.id })) }, t("Remove tile"))));
}

/** "× food source": takes a source off a tile. */
function removeSource(ctl, tile, at, src, j) {
  const food = src.kind === "food", id = tile.id;
  return button(ctl, { class: "quiet small",
    "aria-label": food ? t("Remove the food source on tile {id}", { id }) : t("Remove the wood source on tile {id}", { id }),
    data: { key: `rm-src-${id}-${j}` },
    onclick: () => ctl.edit([{ op: "remove", path: `tiles/${at}/sources/${j}` }],
      food ? t("Removed the food source on tile {id}", { id }) : t("Removed the wood source on tile {id}", { id })) },
  food ? t("× food source") : t("× wood source"));
}

function islandRegion(ctl, s) {
  const nextId = s.tiles.reduce((m, tile) => Math.max(m, tile.id), 0) + 1;
  const supply = dropZone(ctl, h("div", { class: "black-supply", data: { testid: "black-supply" } },
    piece(ctl, { t: "black", from: null }, { label: t("A black marker from the supply: pick up to cover a source"),
      visual: h("span", { class: "black-marker", "aria-hidden": "true" }), key: "black-supply-piece", cls: "marker-piece" }),
    h("span", { class: "supply-label", text: t("Black markers: drag one onto a source to cover it") })),
  { t: "supply" }, "black-supply");
  return region(t("The island"), "island",
    h("div", { class: "tiles" }, s.tiles.map((tile, at) => tileCard(ctl, s, tile, at)),
      nextId <= 99 ? button(ctl, { class: "quiet add-tile", data: { key: "add-tile" },
        onclick: () => ctl.edit([{ op: "insert", path: "tiles", value: { id: nextId, camp: s.tiles.length === 0 } }], t("Tile {id} placed", { id: nextId })) }, t("+ Place a tile")) : null),
    supply);
}

// ------------------------------------------------------------------ spaces: tokens and markers

// A space of the board (a tile, a deck, an Action space) with its tokens as round discs and
// its markers as wooden blocks; adding and removing folded under "Change".
function spacesRegion(ctl, s) {
  return region(t("Tokens and markers on spaces"), "spaces",
    hidden(s.spaces) ? h("p", { class: "hint", text: moreText(hidden(s.spaces), "spaces") }) : null,
    h("div", { class: "board-spaces" }, few(s.spaces).map((sp, i) => spaceArticle(ctl, sp, i))),
    nameList(ctl, { label: t("Spaces"), items: [], path: "spaces", key: "spaces-add", makeItem: (id) => ({ id }), folded: true, addLabel: t("+ A space with tokens or markers") }));
}

// One space: its name (the board's words for a space of the board, else the players' own),
// its tokens and markers (the game's by their words, the players' own as typed).
function spaceArticle(ctl, sp, i) {
  const name = shownName(sp.id, spaceName);
  const id = name.typed ? name.text : name.text.charAt(0).toUpperCase() + name.text.slice(1);
  return h("article", { class: "board-space", "aria-label": t("Space {id}", { id }), data: { testid: `bspace-${sp.id}` } },
    h("h3", { class: "space-name", "data-typed": name.typed ? "" : null, text: id }),
    h("div", { class: "space-pieces" },
      nameList(ctl, { label: t("Tokens on {id}", { id }), items: sp.tokens, path: `spaces/${i}/tokens`, key: `tok-${i}`, look: "token", folded: true, addLabel: t("+ token"), known: tokenName }),
      nameList(ctl, { label: t("Markers on {id}", { id }), items: sp.markers, path: `spaces/${i}/markers`, key: `mark-${i}`, look: "marker", folded: true, addLabel: t("+ marker"), known: markerName })),
    h("details", { class: "edit-more" }, h("summary", { "aria-label": t("Change space {id}", { id }), text: t("Change") }),
      button(ctl, { class: "quiet small", data: { key: `rm-space-${i}` },
        onclick: () => ctl.edit([{ op: "remove", path: `spaces/${i}` }], t("Removed space {id}", { id })) }, t("Remove this space"))));
}

// ------------------------------------------------------------------ discoveries and items

// What the players hold: Discovery tokens as round tokens, Starting Equipment, Inventions and
// Items, and Treasures as little cards. The referee lists them; it never spends them (C4).
function findsRegion(ctl, s) {
  return region(t("Discoveries, equipment, items, treasures"), "finds",
    h("p", { class: "hint" }, t("Never spent for you: the ruling lists what could avoid a loss."), " ",
      h("a", { class: "rule-code-link", href: "./faq.html#C4", "aria-haspopup": "dialog", data: { clause: "C4" }, translate: "no",
        "aria-label": t("{code}: what the referee never spends for the players (shown beside the table)", { code: "C4" }), text: "C4" })),
    h("div", { class: "finds" },
      h("div", {}, h("h3", { text: t("Discovery tokens") }),
        nameList(ctl, { label: t("Discovery tokens"), items: s.discovery_tokens, path: "discovery_tokens", key: "discovery", look: "token", folded: true, addLabel: t("+ Add a token") })),
      h("div", {}, h("h3", { text: t("Starting Equipment") }),
        nameList(ctl, { label: t("Starting Equipment"), items: s.equipment, path: "equipment", key: "equipment", look: "card", folded: true, addLabel: t("+ Add equipment"),
          makeItem: (name) => ({ name }), itemLabel: (e) => tn("{name} ({n} use left)", "{name} ({n} uses left)", e.uses_left, { name: said(e.name) }),
          itemName: (e) => e.name,
          extra: (e, i) => button(ctl, { class: "quiet small", "aria-label": t("{name}: use once", { name: said(e.name) }), disabled: e.uses_left === 0,
            data: { key: `use-eq-${i}` }, onclick: () => ctl.step(`equipment/${i}/uses_left`, e.uses_left, -1, 0, Infinity, () => t("{name}: used once", { name: said(e.name) })) }, t("use")) })),
      h("div", {}, h("h3", { text: t("Inventions and Items") }),
        nameList(ctl, { label: t("Inventions"), items: s.inventions, path: "inventions", key: "inventions", look: "card", folded: true, addLabel: t("+ Add an Invention or Item"),
          makeItem: (name) => ({ name }), itemLabel: (x) => (x.built ? t("{name} (built Item)", { name: said(x.name) }) : said(x.name)),
          itemName: (x) => x.name,
          extra: (x, i) => button(ctl, { class: "quiet small", "aria-pressed": String(x.built), data: { key: `built-${i}` },
            "aria-label": x.built ? t("{name}: built (press to flip it back)", { name: said(x.name) }) : t("{name}: build it", { name: said(x.name) }),
            onclick: () => ctl.set(`inventions/${i}/built`, !x.built, x.built ? t("{name}: not built", { name: said(x.name) }) : t("{name}: built", { name: said(x.name) })) },
          x.built ? t("built") : t("build")) })),
      h("div", {}, h("h3", { text: t("Treasures") }),
        nameList(ctl, { label: t("Treasures"), items: s.treasures, path: "treasures", key: "treasures", look: "card treasure", folded: true, addLabel: t("+ Add a Treasure") }))));
}
