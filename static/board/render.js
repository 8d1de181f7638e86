// @ts-check
// The table, drawn from a snapshot of the core's state. Regions are rebuilt only when the part
// of the state they show (or the piece in hand) changed, so a move redraws a few nodes.

import { actionIcon, arrow, cave, dog, fish, roleMark, skull, tent, tree } from "./art.js";
import { clamp, few, hidden, moreText } from "./bounds.js";
import { h } from "./dom.js";
import {
  ACTIONS, ACTION_NAMES, HOUSE_RULES, PHASES, RESOURCE_KINDS, RESOURCE_NAMES, ROLES, TRACKS,
  actionTitle, figureName, title,
} from "../shared/labels.js";
import { button, choice, dropZone, nameList, piece, stepper, textField, toggle, track } from "./widgets.js";

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

const cache = new Map(); // region id -> {key, node, parts: Map(part id -> {key, node})}

/** Draw `state` into the board's region containers. A region whose part of the state changed
 * is rebuilt; a region made of parts (the piles, the action spaces, the character cards)
 * keeps its frame and replaces only the parts that changed, so a move of one cube rebuilds
 * one pile and one action space, and the rest of the page keeps its style and layout. */
export function renderBoard(ctl, roots) {
  const state = ctl.state;
  const held = JSON.stringify(ctl.holding) + String(ctl.readonly);
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
    deps: (s) => [s.morale, s.shelter, s.roof, s.palisade, s.weapon],
    build: campRegion,
  },
  resources: {
    deps: (s) => [s.available, s.future],
    parts: (ctl, s) => [["available", "Available"], ["future", "Future"]]
      .map(([place, name]) => [place, [s[place]], () => pile(ctl, s, place, name)]),
    build: resourcesRegion,
  },
  actions: {
    deps: (s, ctl) => [s.planned_actions, s.characters.map((c) => [c.role, c.name]), s.friday !== null, ctl.resolving, actionsOver(s)],
    parts: (ctl, s) => {
      const names = [s.characters.map((c) => [c.role, c.name]), s.friday !== null, actionsOver(s)];
      const open = actionsOver(s) ? s.planned_actions.filter((a) => !a.resolved).length : 0;
      return [["over", [open, s.phase], () => overNote(s, open)],
        ...ACTIONS.map((kind) => [kind,
          [names, ctl.resolving, s.planned_actions.map((a, i) => (a.action === kind ? [i, a] : null))],
          () => actionSpace(ctl, s, kind)])];
    },
    build: actionsRegion,
  },
  characters: {
    deps: (s) => [s.characters, s.first_player, s.planned_actions.map((a) => a.pawns)],
    parts: (ctl, s) => [
      ...s.characters.map((c, i) => [c.role, [c, i, s.first_player === c.role, s.characters.length > 1, placed(s, c.role)],
        () => characterCard(ctl, s, c, i)]),
      ["add", [s.characters.map((c) => c.role)], () => addCharacters(ctl, s)],
    ],
    build: charactersRegion,
  },
  helpers: {
    deps: (s) => [s.friday, s.dog, s.jenny, s.scenario, s.planned_actions.map((a) => a.pawns)],
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

function region(title_, id, ...children) {
  return h("section", { class: ["region", `region-${id}`], "aria-labelledby": `rg-${id}`, data: { testid: `region-${id}` } },
    h("h2", { class: "region-title", id: `rg-${id}`, text: title_ }), ...children);
}

// ------------------------------------------------------------------ game, phase, switches

function gameRegion(ctl, s) {
  return region("The game", "game",
    s.lost ? h("p", { class: "lost", role: "status", data: { testid: "lost" } },
      h("strong", { text: "The game is lost. " }), h("span", { text: s.lost.reason })) : null,
    h("div", { class: "game-row" },
      stepper(ctl, { label: "Round", value: s.round, path: "round", min: 1, max: 12, key: "round" }),
      h("span", { class: "row-label", id: "phase-label", text: "Phase" }),
      choice(ctl, { label: "Phase", options: PHASES, value: s.phase, path: "phase", key: "phase",
        names: Object.fromEntries(PHASES.map((p) => [p, title(p)])) }),
      h("details", { class: "house-rules" },
        h("summary", { text: "Settings" }),
        stepper(ctl, { label: "Scenario", value: s.scenario, path: "scenario", min: 1, max: 7, key: "scenario" }),
        h("p", { class: "hint", text: "Where the rules are silent, the app rules by default as stated in its rulings; each switch takes the other reading." }),
        // The words first; the ruling's code after them, a small link to its FAQ entry.
        Object.entries(HOUSE_RULES).map(([key, [rid, text, faq]]) => h("div", { class: "house-rule", data: { testid: `house-row-${key}` } },
          toggle(ctl, { label: text, checked: Boolean(s.house_rules[key]), path: `house_rules/${key}`, key: `house-${key}` }),
          h("a", { class: "rule-code-link", href: `./faq.html#${faq}`, "aria-haspopup": "dialog", data: { clause: rid },
            "aria-label": `${rid}: our ruling behind this switch (shown beside the table)`, text: rid }))))));
}

// The history's words for an "In camp" box: "Explorer: outside the camp".
const inCampSaid = (who) => (on) => `${who}: ${on ? "in the camp" : "outside the camp"}`;

// ------------------------------------------------------------------ camp: Morale and tracks

function campRegion(ctl, s) {
  const upto = (v, n) => Array.from({ length: Math.max(n, clamp(v, 0, 99) + 2) }, (_, i) => i);
  return region("The camp", "camp",
    h("div", { class: "camp-grid" },
      h("div", { class: "camp-row" },
        h("span", { class: "row-label", text: "Morale" }),
        track(ctl, { label: "Morale", levels: [-3, -2, -1, 0, 1, 2, 3], value: s.morale, path: "morale",
          key: "morale", cls: "morale", describe: (v) => (v > 0 ? `+${v}` : String(v)) })),
      h("div", { class: "camp-row" },
        h("span", { class: "row-label", text: "Shelter" }),
        choice(ctl, { label: "Shelter", options: ["none", "built", "natural"], value: s.shelter, path: "shelter",
          key: "shelter", names: { none: "None", built: "Built", natural: "Natural" } })),
      TRACKS.map((t) => h("div", { class: "camp-row" },
        h("span", { class: "row-label", text: title(t) }),
        track(ctl, { label: title(t), levels: upto(s[t], 6), value: s[t], path: t,
          key: `track-${t}`, cls: `track-${t}` })))));
}

// ------------------------------------------------------------------ resources

export function cubes(kind, count, max = 6) {
  const shown = clamp(count, 0, max);
  return h("span", { class: "cubes", "aria-hidden": "true" },
    Array.from({ length: shown }, () => h("span", { class: `cube cube-${kind}` })),
    count > max ? h("span", { class: "more", data: { more: `+${count - max}` } }) : null);
}

const KIND_SHORT = { food: "Food", nonperishable_food: "N-p food", wood: "Wood", fur: "Fur" };

function pile(ctl, s, place, name) {
  const res = s[place];
  const full = `${name} resources`;
  const zone = h("div", { class: "pile", data: { testid: `pile-${place}` } },
    h("h3", { class: "pile-title", text: name }),
    h("ul", { class: "pile-kinds" }, RESOURCE_KINDS.map((kind) => h("li", { class: ["pile-kind", `kind-${kind}`] },
      h("span", { class: "stack-wrap" },
        h("span", { class: "kind-name", "aria-hidden": "true", text: KIND_SHORT[kind] }),
        res[kind] > 0
          ? piece(ctl, { t: "res", kind, from: place }, {
            label: `${res[kind]} ${RESOURCE_NAMES[kind]} in ${full}: pick up one`,
            visual: cubes(kind, res[kind]), key: `res-${place}-${kind}`, cls: "stack",
          })
          : h("span", { class: "stack stack-empty", "aria-hidden": "true" }, h("span", { class: `spot spot-${kind}` }))),
      stepper(ctl, { label: title(RESOURCE_NAMES[kind]), what: `${full}, ${RESOURCE_NAMES[kind]}`,
        value: res[kind], path: `${place}/${kind}`, key: `${place}-${kind}` })))));
  return dropZone(ctl, zone, { t: "pile", place }, `pile-${place}`);
}

function resourcesRegion(ctl, s, piles) {
  return region("Resources", "resources", h("div", { class: "piles" }, piles));
}

// ------------------------------------------------------------------ action spaces

export function pawn(figure) {
  return h("span", { class: `pawn pawn-${figure}`, "aria-hidden": "true" },
    h("span", { class: "pawn-head" }), h("span", { class: "pawn-body" }), roleMark(figure));
}

// After the Action Phase (Weather, Night), a planned Action still open would keep its
// resources tied up (the Night's food among them): the board asks how it ended.
const actionsOver = (s) => (s.phase === "weather" || s.phase === "night") && s.planned_actions.some((a) => !a.resolved);

function outcome(ctl, a, name, result) {
  const ok = result === "success";
  return button(ctl, { class: ["quiet", "outcome", `outcome-${result}`], data: { key: `${result}-${a.id}` },
    "aria-label": `${name} ${ok ? "succeeded: its resources are spent" : "failed: its resources come back to Available"}`,
    onclick: () => ctl.edit([{ op: "resolve_action", id: a.id, outcome: result }],
      `${name} ${ok ? "succeeded: its resources are spent" : "failed: its resources return to Available"}`),
  }, ok ? "Succeeded" : "Failed");
}

function plannedAction(ctl, s, a, index) {
  const name = actionTitle(a);
  const over = actionsOver(s) && !a.resolved;
  const resolving = ctl.resolving === a.id;
  const head = h("header", { class: "planned-head" }, h("h4", { text: name }),
    button(ctl, {
      class: "quiet cancel", data: { key: `cancel-${a.id}` }, "aria-label": `Cancel ${name}`,
      onclick: () => ctl.edit(a.pawns.map((f) => ({ op: "move_pawn", figure: f, source: a.id, target: null })),
        `Cancelled ${name}`),
    }, "×"));
  const card = h("article", { class: ["planned", a.resolved && "is-resolved", resolving && "is-resolving"], "aria-label": `Planned Action: ${name}`,
    data: { testid: `action-${a.id}` } }, head,
    h("div", { class: "planned-pawns", "aria-label": "Pawns (the first resolves it)" },
      a.pawns.map((f, i) => piece(ctl, { t: "pawn", figure: f, from: a.id }, {
        label: `${figureName(s, f)}'s pawn on ${name}${i === 0 ? ", leads (resolves it)" : ""}: pick up`,
        visual: [pawn(f), i === 0 ? h("span", { class: "leads", text: "leads" }) : null],
        key: `pawn-${a.id}-${f}-${i}`, cls: "pawn-piece",
      })),
      RESOURCE_KINDS.filter((k) => a.assigned[k] > 0).map((kind) => piece(ctl, { t: "res", kind, from: a.id }, {
        label: `${a.assigned[kind]} ${RESOURCE_NAMES[kind]} on ${name}: pick up one`,
        visual: [cubes(kind, a.assigned[kind], 4), h("span", { class: "piece-count", text: a.assigned[kind] })],
        key: `res-${a.id}-${kind}`, cls: "stack",
      }))),
    over ? h("div", { class: "planned-foot planned-over", role: "group", "aria-label": `How ${name} ended` },
      h("span", { class: "over-q", text: "How did it end?" }), outcome(ctl, a, name, "success"), outcome(ctl, a, name, "failure"))
      : h("div", { class: "planned-foot" },
      a.pawns.length ? button(ctl, {
        class: ["resolve", resolving && "is-current"], "aria-pressed": String(resolving), data: { key: `resolve-${a.id}` },
        "aria-label": `Resolve ${name}: ${figureName(s, a.pawns[0])} resolves the demand`,
        onclick: () => ctl.resolve(a),
      }, resolving ? "Resolving" : "Resolve") : null,
      toggle(ctl, { label: "Done", checked: a.resolved, path: `planned_actions/${index}/resolved`, key: `resolved-${a.id}` })));
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
    text: `The Action Phase is over, and ${plural(open, "planned Action")} ${open === 1 ? "is" : "are"} still open: say how each ended, so that what it tied up is spent or comes back before the ${title(s.phase)} Phase is ruled.` });
}

function actionsRegion(ctl, s, [over, ...spaces]) {
  return region("Action spaces", "actions", over,
    h("div", { class: "spaces-grid" }, spaces),
    hidden(s.planned_actions) ? h("p", { class: "hint", text: moreText(hidden(s.planned_actions), "more planned Actions") }) : null,
    h("p", { class: "visually-hidden", text: "Drop a pawn on a space to plan an Action; drop cubes on a planned Action to tie them up." }));
}

// ------------------------------------------------------------------ characters

function placed(s, figure) {
  return s.planned_actions.reduce((n, a) => n + a.pawns.filter((p) => p === figure).length, 0);
}

function freePawns(ctl, s, figure, owned) {
  const free = clamp(owned - placed(s, figure), 0, 2);
  return h("div", { class: "free-pawns", "aria-label": `${figureName(s, figure)}'s pawns on the card` },
    Array.from({ length: free }, (_, i) => piece(ctl, { t: "pawn", figure, from: null }, {
      label: `${figureName(s, figure)}'s Action pawn: pick up`, visual: pawn(figure),
      key: `pawn-card-${figure}-${i}`, cls: "pawn-piece",
    })),
    free ? null : h("span", { class: "hint", text: "Pawns all out" }));
}

/** The wound track as pips, with its Morale arrows and skull, and − / + to change it. */
export function woundTrack(ctl, { label, figure, wounds, path, key }) {
  const death = clamp(figure.track.death_at, 1, 30); // drawn within the models' range
  const arrows = new Set(figure.track.morale_arrows);
  const describe = (v) => (v >= death ? `${v} Wounds, death` : `${v} Wound${v === 1 ? "" : "s"}${arrows.has(v) ? ", on a Morale arrow" : ""}`);
  const pip = (at) => h("span", { class: ["pip", at <= wounds && "is-hit", arrows.has(at) && "has-arrow", at === death && "is-death"] },
    at === death ? skull() : arrows.has(at) ? arrow() : null);
  // Two rows of pips big enough to read across the table, in the height of the − / + buttons.
  const half = Math.ceil(death / 2);
  const pips = h("span", { class: "pips", "aria-hidden": "true" },
    h("span", { class: "pip-row" }, Array.from({ length: half }, (_, i) => pip(i + 1))),
    h("span", { class: "pip-row" }, Array.from({ length: death - half }, (_, i) => pip(half + i + 1))));
  return h("div", { class: "wound-row", role: "group", "aria-label": `${label}: ${describe(wounds)}`, data: { testid: key, value: wounds } },
    button(ctl, { class: "step", "aria-label": `${label}: one less (${describe(wounds)} now)`, data: { key: `${key}-minus` },
      disabled: wounds <= 0, onclick: () => ctl.set(path, wounds - 1, `${label}: ${describe(wounds - 1)}`) }, "−"),
    // Its name in words under the card's title, as on the game's card ("− 2 +" alone says nothing).
    h("span", { class: "row-mid" }, h("span", { class: "count-label", "aria-hidden": "true", text: "Wounds" }), pips),
    button(ctl, { class: "step", "aria-label": `${label}: one more (${describe(wounds)} now)`, data: { key: `${key}-plus` },
      disabled: wounds >= death, onclick: () => ctl.set(path, wounds + 1, `${label}: ${describe(wounds + 1)}`) }, "+"));
}

/** Determination as tokens, with − / +. */
function determination(ctl, { who, value, path, key }) {
  return h("div", { class: "det-row", role: "group", "aria-label": `${who}'s Determination: ${value}`, data: { testid: key, value } },
    button(ctl, { class: "step", "aria-label": `${who}'s Determination: one less`, data: { key: `${key}-minus` }, disabled: value <= 0,
      onclick: () => ctl.set(path, value - 1, `${who}'s Determination: ${value - 1}`) }, "−"),
    h("span", { class: "row-mid" },
      // Its name in one word, never broken ("Deter-mination" read badly at the table).
      h("span", { class: "count-label", "aria-hidden": "true", text: "Determination" }),
      h("span", { class: "tokens", "aria-hidden": "true" }, value ? Array.from({ length: Math.min(value, 6) }, () => h("span", { class: "det-token" })) : h("span", { class: "det-none" }),
        value > 6 ? h("span", { class: "more", data: { more: `+${value - 6}` } }) : null)),
    button(ctl, { class: "step", "aria-label": `${who}'s Determination: one more`, data: { key: `${key}-plus` }, disabled: value >= 99,
      onclick: () => ctl.set(path, value + 1, `${who}'s Determination: ${value + 1}`) }, "+"));
}

function characterCard(ctl, s, c, i) {
  const isFirst = s.first_player === c.role;
  const who = title(c.role);
  const card = h("article", { class: ["char-card", `char-${c.role}`, c.wounds >= c.track.death_at && "is-dead", !c.in_camp && "is-away"],
    "aria-labelledby": `ch-${c.role}`, data: { testid: `char-${c.role}` } },
    h("header", { class: "char-head" },
      pawn(c.role),
      // "Carpenter (Ben)": the player's name a span of its own, under the figure on a narrow card.
      h("h3", { id: `ch-${c.role}` }, h("span", { text: title(c.role) }),
        c.name ? h("span", { class: "char-player", text: ` (${c.name})` }) : null),
      isFirst ? piece(ctl, { t: "fp" }, { label: "First Player token: pick it up to give it to another character",
        visual: h("span", { class: "fp-token", "aria-hidden": "true" }), key: "fp-token", cls: "fp-piece" }) : null),
    woundTrack(ctl, { label: `${who}'s Wounds`, figure: c, wounds: c.wounds, path: `characters/${i}/wounds`, key: `wounds-${c.role}` }),
    determination(ctl, { who, value: c.determination, path: `characters/${i}/determination`, key: `det-${c.role}` }),
    // The foot: the pawns still on the card, In camp, and "More" (the setup) at the end, so
    // that Determination has its row to itself and its name in one word.
    h("div", { class: "char-row char-foot" },
      freePawns(ctl, s, c.role, c.pawns),
      toggle(ctl, { label: "In camp", checked: c.in_camp, path: `characters/${i}/in_camp`, key: `camp-${c.role}`, said: inCampSaid(figureName(s, c.role)), cls: "is-stacked" }),
      h("details", { class: "char-more" },
      h("summary", { "aria-label": `More about the ${who}`, text: "More" }),
      h("div", { class: "char-row" },
        textField(ctl, { label: "Player's name", value: c.name, path: `characters/${i}/name`, key: `name-${c.role}`, placeholder: "Name" }),
        stepper(ctl, { label: "Food on sheet", what: `${who}'s food on sheet`, value: c.sheet_food,
          path: `characters/${i}/sheet_food`, key: `sheetfood-${c.role}` }),
        stepper(ctl, { label: "Action pawns", what: `${who}'s Action pawns`, value: c.pawns, min: 1, max: 2,
          path: `characters/${i}/pawns`, key: `pawns-${c.role}` })),
      h("div", { class: "char-row" },
        isFirst ? h("span", { class: "badge", text: "First Player" }) : button(ctl, {
          class: "quiet", data: { key: `make-fp-${c.role}` },
          onclick: () => ctl.set("first_player", c.role, `First Player: ${who}`),
        }, "Make First Player"),
        s.characters.length > 1 ? button(ctl, {
          class: "quiet", data: { key: `rm-char-${c.role}` },
          onclick: () => ctl.edit([{ op: "remove", path: `characters/${i}` }], `${who} leaves the table`),
        }, "Remove from the table") : null))));
  return dropZone(ctl, card, { t: "card", figure: c.role, role: true }, `card-${c.role}`);
}

/** The buttons that bring a missing character to the table (an empty part when all four are). */
function addCharacters(ctl, s) {
  const missing = ROLES.filter((r) => !s.characters.some((c) => c.role === r));
  return h("div", { class: "add-row", hidden: !(missing.length && s.characters.length < 4) },
    missing.map((role) => button(ctl, { class: "quiet add-char", data: { key: `add-char-${role}` },
      onclick: () => ctl.edit([{ op: "insert", path: "characters", value: { role } }], `${title(role)} joins the table`),
    }, pawn(role), h("span", { text: `Add the ${title(role)}` }))));
}

function charactersRegion(ctl, s, cards) {
  return region("Characters", "characters", h("div", { class: "char-grid" }, cards));
}

// ------------------------------------------------------------------ Friday, the Dog, Jenny

function helpersRegion(ctl, s) {
  const friday = s.friday ? dropZone(ctl, h("article", { class: "char-card helper-card char-friday", "aria-labelledby": "ch-friday", data: { testid: "char-friday" } },
    h("header", { class: "char-head" }, pawn("friday"), h("h3", { id: "ch-friday", text: "Friday" })),
    woundTrack(ctl, { label: "Friday's Wounds", figure: s.friday, wounds: s.friday.wounds, path: "friday/wounds", key: "wounds-friday" }),
    determination(ctl, { who: "Friday", value: s.friday.determination, path: "friday/determination", key: "det-friday" }),
    h("div", { class: "char-row char-foot" },
      freePawns(ctl, s, "friday", 1),
      toggle(ctl, { label: "In camp", checked: s.friday.in_camp, path: "friday/in_camp", key: "camp-friday", said: inCampSaid("Friday"), cls: "is-stacked" }),
      button(ctl, { class: "quiet", data: { key: "rm-friday" }, "aria-label": "Remove Friday from the table",
        onclick: () => ctl.set("friday", null, "Friday leaves the table") }, "Remove"))),
  { t: "card", figure: "friday", role: false }, "card-friday")
    : button(ctl, { class: "quiet add-char", data: { key: "add-friday" }, onclick: () => ctl.set("friday", {}, "Friday joins the table") }, pawn("friday"), h("span", { text: "Add Friday" }));
  const jenny = s.scenario !== 3 ? null : s.jenny
    ? h("article", { class: "char-card helper-card char-jenny", "aria-labelledby": "ch-jenny", data: { testid: "char-jenny" } },
      h("header", { class: "char-head" }, pawn("jenny"), h("h3", { id: "ch-jenny", text: "Jenny" }),
        toggle(ctl, { label: "In camp", checked: s.jenny.in_camp, path: "jenny/in_camp", key: "camp-jenny", said: inCampSaid("Jenny") })),
      woundTrack(ctl, { label: "Jenny's Wounds", figure: s.jenny, wounds: s.jenny.wounds, path: "jenny/wounds", key: "wounds-jenny" }),
      h("div", { class: "char-row" },
        toggle(ctl, { label: "Rescued", checked: s.jenny.rescued, path: "jenny/rescued", key: "jenny-rescued" }),
        button(ctl, { class: "quiet", data: { key: "rm-jenny" }, "aria-label": "Remove Jenny from the table",
          onclick: () => ctl.set("jenny", null, "Jenny leaves the table") }, "Remove")))
    : button(ctl, { class: "quiet", data: { key: "add-jenny" }, onclick: () => ctl.set("jenny", {}, "Jenny is on the island") }, "Add Jenny (scenario 3)");
  return region("Friday, the Dog and Jenny", "helpers",
    h("div", { class: "helpers" }, friday,
      h("div", { class: "dog" }, dog(),
        toggle(ctl, { label: "The Dog is with the castaways", checked: s.dog, path: "dog", key: "dog" })),
      jenny));
}

// ------------------------------------------------------------------ island tiles

// A source: a round token of its kind on the tile (fish for food, a tree for wood), under a
// black marker when it is covered. The place black markers are dropped on.
function sourceSpot(ctl, s, tile, t, src, j) {
  const name = `${src.kind} source on tile ${tile.id}`;
  const spot = h("div", { class: ["source", `source-${src.kind}`, src.exhausted && "is-exhausted"], data: { testid: `source-${tile.id}-${j}` } },
    h("span", { class: "source-token", "aria-hidden": "true" }, src.kind === "food" ? fish() : tree()),
    h("span", { class: "source-name", text: src.exhausted ? `${title(src.kind)}, covered` : title(src.kind) }),
    src.exhausted
      ? piece(ctl, { t: "black", from: { tile: t, source: j } }, {
        label: `Black marker on the ${name}: pick up`, visual: h("span", { class: "black-marker", "aria-hidden": "true" }),
        key: `black-${tile.id}-${j}`, cls: "marker-piece" })
      : null);
  return dropZone(ctl, spot, { t: "source", tile: t, source: j, kind: src.kind, tileId: tile.id, exhausted: src.exhausted },
    `source-${tile.id}-${j}`);
}

const TERRAINS = ["beach", "hills", "plains", "mountains", "river", "forest", "jungle", "lake", "volcano"];
const terrainOf = (tile) => TERRAINS.find((t) => (tile.terrain || "").toLowerCase().includes(t)) || "plain";

/** Where a tile lies, in words: the camp, next to it, or how far. */
function distanceWords(tile) {
  if (tile.camp) return "The camp is here";
  if (tile.distance === 1) return "Next to the camp";
  return tile.distance ? `${tile.distance} tiles from the camp` : "Distance not set";
}

// An island tile as on the table: a hex of its terrain, its number, the camp's tent or a
// natural shelter, its sources as tokens. What changes a tile is folded away under "Change".
function tileCard(ctl, s, tile, t) {
  return h("article", { class: ["tile", `terrain-${terrainOf(tile)}`, tile.camp && "is-camp"], "aria-labelledby": `tile-${tile.id}`, data: { testid: `tile-${tile.id}` } },
    h("header", { class: "tile-head" },
      h("span", { class: "tile-num", "aria-hidden": "true", text: tile.id }),
      h("h3", { id: `tile-${tile.id}`, text: `Tile ${tile.id}${tile.terrain ? ` · ${tile.terrain}` : ""}` }),
      tile.camp ? h("span", { class: "tile-badge badge-camp" }, tent(), h("span", { text: "Camp" })) : null,
      tile.natural_shelter ? h("span", { class: "tile-badge badge-shelter" }, cave(), h("span", { text: "Natural shelter" })) : null),
    h("p", { class: "tile-where", text: distanceWords(tile) }),
    h("div", { class: "tile-sources" }, tile.sources.length ? few(tile.sources, 12).map((src, j) => sourceSpot(ctl, s, tile, t, src, j))
      : h("span", { class: "hint", text: "No sources" }),
      hidden(tile.sources, 12) ? h("span", { class: "hint", text: moreText(hidden(tile.sources, 12), "more sources") }) : null),
    h("details", { class: "edit-more tile-edit" },
      h("summary", { "aria-label": `Change tile ${tile.id}`, text: "Change" }),
      h("div", { class: "tile-row" },
        button(ctl, { class: "quiet small", data: { key: `add-food-${tile.id}` },
          onclick: () => ctl.edit([{ op: "insert", path: `tiles/${t}/sources`, value: { kind: "food" } }], `Tile ${tile.id}: a food source`) }, "+ food source"),
        button(ctl, { class: "quiet small", data: { key: `add-wood-${tile.id}` },
          onclick: () => ctl.edit([{ op: "insert", path: `tiles/${t}/sources`, value: { kind: "wood" } }], `Tile ${tile.id}: a wood source`) }, "+ wood source"),
        few(tile.sources, 12).map((src, j) => button(ctl, { class: "quiet small", "aria-label": `Remove the ${src.kind} source on tile ${tile.id}`,
          data: { key: `rm-src-${tile.id}-${j}` },
          onclick: () => ctl.edit([{ op: "remove", path: `tiles/${t}/sources/${j}` }], `Removed the ${src.kind} source on tile ${tile.id}`) },
        `× ${src.kind} source`))),
      stepper(ctl, { label: "Distance", what: `Tile ${tile.id} distance from the camp`, value: tile.distance, max: 20, path: `tiles/${t}/distance`, key: `dist-${tile.id}` }),
      h("div", { class: "tile-row" },
        toggle(ctl, { label: "Camp", checked: tile.camp, path: `tiles/${t}/camp`, key: `tcamp-${tile.id}` }),
        toggle(ctl, { label: "Natural shelter", checked: tile.natural_shelter, path: `tiles/${t}/natural_shelter`, key: `tshelter-${tile.id}` })),
      textField(ctl, { label: "Terrain", value: tile.terrain, path: `tiles/${t}/terrain`, key: `terrain-${tile.id}` }),
      button(ctl, { class: "quiet small", data: { key: `rm-tile-${tile.id}` },
        onclick: () => ctl.edit([{ op: "remove", path: `tiles/${t}` }], `Removed tile ${tile.id}`) }, "Remove tile")));
}

function islandRegion(ctl, s) {
  const nextId = s.tiles.reduce((m, t) => Math.max(m, t.id), 0) + 1;
  const supply = dropZone(ctl, h("div", { class: "black-supply", data: { testid: "black-supply" } },
    piece(ctl, { t: "black", from: null }, { label: "A black marker from the supply: pick up to cover a source",
      visual: h("span", { class: "black-marker", "aria-hidden": "true" }), key: "black-supply-piece", cls: "marker-piece" }),
    h("span", { class: "supply-label", text: "Black markers: drag one onto a source to cover it" })),
  { t: "supply" }, "black-supply");
  return region("The island", "island",
    h("div", { class: "tiles" }, s.tiles.map((tile, t) => tileCard(ctl, s, tile, t)),
      nextId <= 99 ? button(ctl, { class: "quiet add-tile", data: { key: "add-tile" },
        onclick: () => ctl.edit([{ op: "insert", path: "tiles", value: { id: nextId, camp: s.tiles.length === 0 } }], `Tile ${nextId} placed`) }, "+ Place a tile") : null),
    supply);
}

// ------------------------------------------------------------------ spaces: tokens and markers

// A space of the board (a tile, a deck, an Action space) with its tokens as round discs and
// its markers as wooden blocks; adding and removing folded under "Change".
function spacesRegion(ctl, s) {
  return region("Tokens and markers on spaces", "spaces",
    hidden(s.spaces) ? h("p", { class: "hint", text: moreText(hidden(s.spaces), "more spaces") }) : null,
    h("div", { class: "board-spaces" }, few(s.spaces).map((sp, i) => h("article", { class: "board-space", "aria-label": `Space ${sp.id}`, data: { testid: `bspace-${sp.id}` } },
      h("h3", { class: "space-name", text: sp.id }),
      h("div", { class: "space-pieces" },
        nameList(ctl, { label: `Tokens on ${sp.id}`, items: sp.tokens, path: `spaces/${i}/tokens`, key: `tok-${i}`, look: "token", folded: true, addLabel: "+ token" }),
        nameList(ctl, { label: `Markers on ${sp.id}`, items: sp.markers, path: `spaces/${i}/markers`, key: `mark-${i}`, look: "marker", folded: true, addLabel: "+ marker" })),
      h("details", { class: "edit-more" }, h("summary", { "aria-label": `Change space ${sp.id}`, text: "Change" }),
        button(ctl, { class: "quiet small", data: { key: `rm-space-${i}` },
          onclick: () => ctl.edit([{ op: "remove", path: `spaces/${i}` }], `Removed space ${sp.id}`) }, "Remove this space"))))),
    nameList(ctl, { label: "Spaces", items: [], path: "spaces", key: "spaces-add", makeItem: (id) => ({ id }), folded: true, addLabel: "+ A space with tokens or markers" }));
}

// ------------------------------------------------------------------ discoveries and items

// What the players hold: Discovery tokens as round tokens, Starting Equipment, Inventions and
// Items, and Treasures as little cards. The referee lists them; it never spends them (C4).
function findsRegion(ctl, s) {
  return region("Discoveries, equipment, items, treasures", "finds",
    h("p", { class: "hint" }, "Never spent for you: the ruling lists what could avoid a loss. ",
      h("a", { class: "rule-code-link", href: "./faq.html#C4", "aria-haspopup": "dialog", data: { clause: "C4" },
        "aria-label": "C4: what the referee never spends for the players (shown beside the table)", text: "C4" })),
    h("div", { class: "finds" },
      h("div", {}, h("h3", { text: "Discovery tokens" }),
        nameList(ctl, { label: "Discovery tokens", items: s.discovery_tokens, path: "discovery_tokens", key: "discovery", look: "token", folded: true, addLabel: "+ Add a token" })),
      h("div", {}, h("h3", { text: "Starting Equipment" }),
        nameList(ctl, { label: "Starting Equipment", items: s.equipment, path: "equipment", key: "equipment", look: "card", folded: true, addLabel: "+ Add equipment",
          makeItem: (name) => ({ name }), itemLabel: (e) => `${e.name} (${e.uses_left} use${e.uses_left === 1 ? "" : "s"} left)`,
          extra: (e, i) => button(ctl, { class: "quiet small", "aria-label": `${e.name}: use once`, disabled: e.uses_left === 0,
            data: { key: `use-eq-${i}` }, onclick: () => ctl.set(`equipment/${i}/uses_left`, e.uses_left - 1, `${e.name}: used once`) }, "use") })),
      h("div", {}, h("h3", { text: "Inventions and Items" }),
        nameList(ctl, { label: "Inventions", items: s.inventions, path: "inventions", key: "inventions", look: "card", folded: true, addLabel: "+ Add an Invention or Item",
          makeItem: (name) => ({ name }), itemLabel: (x) => `${x.name}${x.built ? " (built Item)" : ""}`,
          extra: (x, i) => button(ctl, { class: "quiet small", "aria-pressed": String(x.built), data: { key: `built-${i}` },
            "aria-label": `${x.name}: ${x.built ? "built (press to flip it back)" : "build it"}`,
            onclick: () => ctl.set(`inventions/${i}/built`, !x.built, `${x.name}: ${x.built ? "not built" : "built"}`) }, x.built ? "built" : "build") })),
      h("div", {}, h("h3", { text: "Treasures" }),
        nameList(ctl, { label: "Treasures", items: s.treasures, path: "treasures", key: "treasures", look: "card treasure", folded: true, addLabel: "+ Add a Treasure" }))));
}
