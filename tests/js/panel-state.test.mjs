// @ts-check
// static/board/panel/state.js: the demand panel's own state, without a browser. Each status
// the panel can be in, each action it can take: the status that follows.
import { test } from "node:test";
import assert from "node:assert/strict";
import { ACTIONS, initialPanel, isUnpicked, panelState } from "../../static/board/panel/state.js";

const WOOD = { label: "Composed demand", demands: [{ kind: "discard", wood: 2 }] };
const UNPICKED = { label: "Composed demand", demands: [{ kind: "discard" }] };
const TIGER = { id: "tiger", name: "The Tiger", event_combat: true, effect: { demands: [{ kind: "combat", strength: 6 }] } };
const RULING = { words: { headline: "Each character suffers 1 Wound." } };
const AS_APPLIED = { words: { headline: "As applied." } };

/** The panel in each status, with what that status comes with. */
const STATES = /** @type {Record<string, import("../../static/board/panel/state.js").PanelState>} */ ({
  none: initialPanel(),
  unpicked: { ...initialPanel(), status: "unpicked", effect: UNPICKED },
  ask: { ...initialPanel(), status: "ask", effect: WOOD, error: "Who resolves?" },
  pending: { ...initialPanel(), status: "pending", effect: WOOD, asked: 4 },
  preview: { ...initialPanel(), status: "preview", effect: WOOD, ruling: RULING, asked: 3 },
  applying: { ...initialPanel(), status: "applying", effect: WOOD, ruling: RULING, asked: 3 },
  applied: { ...initialPanel(), status: "applied", effect: WOOD, ruling: AS_APPLIED, appliedRuling: AS_APPLIED, tiedAt: 4, asked: 3 },
  stale: { ...initialPanel(), status: "stale", effect: WOOD, ruling: AS_APPLIED, appliedRuling: AS_APPLIED, tiedAt: 4, asked: 3 },
  error: { ...initialPanel(), status: "error", effect: WOOD, error: "No.", asked: 3 },
});

/** One action of each kind, as the panel dispatches it (the answers to the question asked 4th). */
const DO = {
  picked: { type: "picked", card: TIGER },
  composed: { type: "composed", effect: WOOD },
  nothingPicked: { type: "nothingPicked", record: { name: "Food Crates", nothing: "Nothing.", reason: "" } },
  contextSet: { type: "contextSet", context: { event_combat: true } },
  resolverSet: { type: "resolverSet", who: "cook", action: "roof" },
  choiceMade: { type: "choiceMade", id: "use", value: ["shovel"] },
  asked: { type: "asked" },
  ruled: { type: "ruled", seq: 4, ruling: RULING, ruled: { at: null, applied: false, stale: false } },
  refused: { type: "refused", seq: 4, error: "Who resolves this Action?", asks: true },
  worded: { type: "worded", effect: WOOD, words: {} },
  confirmAsked: { type: "confirmAsked" },
  confirmCancelled: { type: "confirmCancelled" },
  applying: { type: "applying" },
  applied: { type: "applied", ruling: RULING, ruled: { at: 5, applied: true, stale: false }, tableBefore: { round: 1 } },
  failed: { type: "failed", error: "Refused." },
  tableChanged: { type: "tableChanged", phase: "action", figures: ["cook"], still: false },
  momentCame: { type: "momentCame", moment: { early: "" } },
  loaded: { type: "loaded", card: null, effect: WOOD, context: { resolver: null, event_combat: false }, choices: {}, ruling: RULING, status: "preview" },
  restored: { type: "restored", card: null, cardId: null, effect: WOOD, context: { resolver: null, event_combat: false }, choices: {}, resolving: null, waiting: null },
  cleared: { type: "cleared" },
  catalogueCame: { type: "catalogueCame", cards: [TIGER] },
  searched: { type: "searched", query: "tiger" },
  deckToggled: { type: "deckToggled", deck: "event" },
  searchEnded: { type: "searchEnded" },
  shared: { type: "shared", url: "https://x/#r=1" },
  shareFailed: { type: "shareFailed", error: "Too long." },
};

// The status after each action, from each status; "=" keeps the status it was in. The
// answers (ruled, refused) come for the question asked 4th: only a pending panel asked it
// (the others asked 3 times; their answers are dropped), except the applied and stale panels,
// which keep their application on show while the session is asked again.
const SAME = "=";
const NEXT = {
  asked: { none: "none", unpicked: "unpicked", ask: "pending", pending: "pending", preview: "pending", applying: "pending",
    applied: "applied", stale: "stale", error: "pending" },
  ruled: { pending: "preview" },
  refused: { pending: "ask" },
  confirmAsked: {},
  applying: { preview: "applying" },
  applied: Object.fromEntries(Object.keys(STATES).map((s) => [s, "applied"])),
  failed: Object.fromEntries(Object.keys(STATES).map((s) => [s, "error"])),
  loaded: Object.fromEntries(Object.keys(STATES).map((s) => [s, "preview"])),
};

test("every action has a row in the table", () => {
  assert.deepEqual(Object.keys(DO).sort(), [...ACTIONS].sort());
});

for (const [name, action] of Object.entries(DO)) {
  for (const [status, state] of Object.entries(STATES)) {
    const expected = (NEXT[name] || {})[status] || SAME;
    test(`${status} × ${name} → ${expected === SAME ? status : expected}`, () => {
      const frozen = structuredClone(state);
      const next = panelState(state, action);
      assert.equal(next.status, expected === SAME ? status : expected);
      assert.deepEqual(state, frozen, "the state it was given is unchanged");
    });
  }
}

test("the demand changed: its choices and share link go; the card's fight is the Event's", () => {
  const s = { ...STATES.preview, choices: { use: ["x"] }, shareUrl: "u" };
  const next = panelState(s, DO.picked);
  assert.deepEqual(next.choices, {});
  assert.equal(next.shareUrl, null);
  assert.equal(next.effect, TIGER.effect);
  assert.equal(next.context.event_combat, true);
});

test("a card that asks for nothing puts the demand away, and is itself put away by the next pick", () => {
  let s = panelState(STATES.preview, DO.nothingPicked);
  assert.equal(s.effect, null);
  assert.equal(s.card, null);
  assert.equal(s.nothing.name, "Food Crates");
  s = panelState(s, { type: "asked" });
  assert.equal(s.status, "none");
  assert.equal(s.ruling, null);
  assert.equal(s.nothing.name, "Food Crates", "the bar still says what was picked");
  assert.equal(panelState(s, DO.picked).nothing, null);
  assert.equal(panelState(s, DO.cleared).nothing, null);
});

test("a discard with no resource tapped is not ruled on a guess", () => {
  const s = panelState(STATES.none, { type: "composed", effect: UNPICKED });
  assert.ok(isUnpicked(s));
  assert.equal(panelState(s, DO.asked).status, "unpicked");
});

test("the session's ruled block: applied once, then stale, then undone", () => {
  let s = panelState(STATES.pending, { type: "ruled", seq: 4, ruling: AS_APPLIED, ruled: { at: 2, applied: true, stale: false }, tableBefore: { round: 1 } });
  assert.equal(s.status, "applied");
  assert.equal(s.tiedAt, 2);
  assert.deepEqual(s.appliedTable, { round: 1 });
  s = panelState(s, DO.asked);
  assert.equal(s.status, "applied", "kept on show while the session is asked");
  s = panelState(s, { type: "ruled", seq: s.asked, ruling: RULING, ruled: { at: 2, applied: false, stale: true } });
  assert.equal(s.status, "stale");
  assert.equal(s.ruling, AS_APPLIED, "the ruling as applied, not one on the table since");
  s = panelState(s, DO.asked);
  s = panelState(s, { type: "ruled", seq: s.asked, ruling: RULING, ruled: { at: null, applied: false, stale: false } });
  assert.equal(s.status, "preview");
  assert.equal(s.tiedAt, null);
  assert.equal(s.ruling, RULING);
});

test("Rule again is a fresh preview, never tied to the Apply", () => {
  let s = panelState(STATES.stale, { type: "asked", afresh: true });
  assert.equal(s.status, "pending");
  s = panelState(s, { type: "ruled", seq: s.asked, ruling: RULING, ruled: { at: 4, applied: true, stale: false } });
  assert.equal(s.status, "preview");
});

test("an answer to an older question is dropped", () => {
  const s = panelState(STATES.pending, { ...DO.ruled, seq: 2 });
  assert.equal(s, STATES.pending);
});

test("the table changed: who Resolve chose goes with that Action, and after a phase change", () => {
  const s = { ...STATES.preview, context: { resolver: "cook", event_combat: false }, resolving: "roof", phase: "action" };
  assert.equal(panelState(s, { ...DO.tableChanged, still: true }).context.resolver, "cook");
  const gone = panelState(s, DO.tableChanged);
  assert.equal(gone.context.resolver, null);
  assert.equal(gone.resolving, null);
  const chosen = { ...s, resolving: null };
  assert.equal(panelState(chosen, { ...DO.tableChanged, phase: "event" }).context.resolver, null);
  assert.equal(panelState(chosen, { ...DO.tableChanged, figures: ["explorer"] }).context.resolver, null);
});

test("the card list brings the card a reload could only show as it was saved", () => {
  const s = { ...STATES.pending, cardId: "tiger", card: { id: "tiger", seen: true }, effect: TIGER.effect };
  assert.equal(panelState(s, DO.catalogueCame).card, TIGER);
});

test("an unknown action is refused", () => {
  assert.throws(() => panelState(STATES.none, { type: "nothing" }), /no action nothing/);
});

test("another resolver or combat box is another ruling: no longer tied to the Apply", () => {
  for (const action of [DO.resolverSet, DO.contextSet]) {
    const s = panelState(panelState(STATES.applied, action), DO.asked);
    assert.equal(s.tiedAt, null);
    assert.equal(s.status, "pending");
  }
});
