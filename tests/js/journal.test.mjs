// @ts-check
// static/board/journal.js against a stand-in for the rules' session (pyapp/session.py): the
// same commands and answers, on a table that is one number and entries that add to it. The
// page keeps the whole game while the session only ever holds a window of it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Journal, STRIDE } from "../../static/board/journal.js";

/** pyapp.session.Session, in small: a history is replayed in full on every load. */
function fakeSession() {
  const session = { history: { initial: { n: 0 }, entries: [], cursor: 0 }, tables: [{ n: 0 }], largest: 0, replayed: 0 };
  const play = (table, entry) => {
    if (entry.kind !== "edit" || typeof entry.add !== "number") throw Object.assign(new Error("refused"), { type: "validation_error" });
    return { n: table.n + entry.add };
  };
  const set = (history) => {
    const tables = [history.initial];
    for (const e of history.entries) tables.push(play(tables.at(-1), e));
    session.replayed += history.entries.length;
    if (history.cursor > history.entries.length) throw new Error("cursor past the end");
    session.history = { initial: history.initial, entries: [...history.entries], cursor: history.cursor ?? 0 };
    session.tables = tables;
  };
  const snapshot = () => {
    const h = session.history;
    session.largest = Math.max(session.largest, h.entries.length);
    return { snapshot: { state: session.tables[h.cursor], history: structuredClone(h), log: [], can_undo: h.cursor > 0, can_redo: h.cursor < h.entries.length } };
  };
  // reply "changes": the table and what changed in the log (Session.lean_snapshot, .changes).
  const changes = (before, how) => {
    const h = session.history;
    const dropped = how === "append" ? before.cursor + 1 - h.entries.length : 0;
    const keep = how === "append" ? before.cursor - dropped : h.entries.length;
    const added = structuredClone(h.entries.slice(keep));
    session.carried = Math.max(session.carried, added.length);
    return { snapshot: { state: session.tables[h.cursor], can_undo: h.cursor > 0, can_redo: h.cursor < h.entries.length, cursor: h.cursor, length: h.entries.length },
      changes: { dropped, keep, cursor: h.cursor, length: h.entries.length, entries: added, log: [] } };
  };
  session.carried = 0;
  session.send = async (command) => {
    const h = session.history;
    if (command.cmd === "new") set({ initial: command.state, entries: [], cursor: 0 });
    else if (command.cmd === "load") set(command.history);
    else if (command.cmd === "edit") {
      const table = play(session.tables[h.cursor], { kind: "edit", add: command.add });
      session.history = { ...h, entries: [...h.entries.slice(0, h.cursor), { kind: "edit", add: command.add, summary: "" }], cursor: h.cursor + 1 };
      session.tables = [...session.tables.slice(0, h.cursor + 1), table];
    } else if (command.cmd === "undo") session.history = { ...h, cursor: Math.max(0, h.cursor - 1) };
    else if (command.cmd === "redo") session.history = { ...h, cursor: Math.min(h.entries.length, h.cursor + 1) };
    if (command.reply === "changes") return changes(h, command.cmd === "edit" ? "append" : "moved");
    return snapshot();
  };
  return session;
}

async function played(moves) {
  const session = fakeSession();
  const journal = new Journal(session.send);
  await journal.run({ cmd: "new", state: { n: 0 } });
  for (let i = 1; i <= moves; i += 1) {
    const env = await journal.run({ cmd: "edit", add: i });
    if (journal.needsRebase()) await journal.rebase();
    assert.equal(env.snapshot.state.n, (i * (i + 1)) / 2);
  }
  return { session, journal };
}

test("a long game keeps every entry on the page and only a short window in the session", async () => {
  const { session, journal } = await played(10 * STRIDE + 5);
  assert.equal(journal.entries.length, 10 * STRIDE + 5);
  assert.equal(journal.cursor, 10 * STRIDE + 5);
  assert.ok(session.largest <= 2 * STRIDE + 1, `the session held ${session.largest} entries`);
  assert.deepEqual(journal.entries.map((e) => e.add), Array.from({ length: 10 * STRIDE + 5 }, (_, i) => i + 1));
});

test("a move is answered with what it changed, never with the window's entries", async () => {
  const { session, journal } = await played(3 * STRIDE);
  for (let i = 0; i < STRIDE + 2; i += 1) await journal.run({ cmd: "undo" });
  await journal.run({ cmd: "redo" });
  const env = await journal.run({ cmd: "edit", add: 7 });
  assert.equal(session.carried, 1, "an answer carried more than the one new entry");
  const kept = 2 * STRIDE - 1; // the moves left after the undos and the redo
  assert.equal(journal.entries.length, kept + 1);
  assert.equal(journal.entries.at(-1).add, 7);
  assert.equal(env.snapshot.state.n, (kept * (kept + 1)) / 2 + 7);
  assert.equal(env.snapshot.can_redo, false);
});

test("undo all the way back, through every window, then redo all the way forward", async () => {
  const moves = 3 * STRIDE + 7;
  const { session, journal } = await played(moves);
  for (let i = moves - 1; i >= 0; i -= 1) {
    const env = await journal.run({ cmd: "undo" });
    assert.equal(env.snapshot.state.n, (i * (i + 1)) / 2, `undo to ${i}`);
    assert.equal(journal.cursor, i);
  }
  assert.equal(journal.entries.length, moves, "undo keeps what can be redone");
  for (let i = 1; i <= moves; i += 1) {
    const env = await journal.run({ cmd: "redo" });
    assert.equal(env.snapshot.state.n, (i * (i + 1)) / 2, `redo to ${i}`);
  }
  assert.ok(session.largest <= 2 * STRIDE + 1);
});

test("a change after undoing drops what was undone, across windows", async () => {
  const { journal } = await played(3 * STRIDE);
  for (let i = 0; i < 2 * STRIDE + 3; i += 1) await journal.run({ cmd: "undo" });
  const cursor = journal.cursor;
  const env = await journal.run({ cmd: "edit", add: 1000 });
  assert.equal(journal.entries.length, cursor + 1);
  assert.equal(env.snapshot.state.n, (cursor * (cursor + 1)) / 2 + 1000);
  assert.equal(env.snapshot.can_redo, false);
  assert.ok(journal.changedFrom <= cursor);
  assert.ok([...journal.checkpoints.keys()].every((k) => k <= cursor));
});

test("a long history loads stride by stride, with the same tables as one replay", async () => {
  const session = fakeSession();
  const journal = new Journal(session.send);
  const entries = Array.from({ length: 5 * STRIDE + 3 }, () => ({ kind: "edit", add: 1, summary: "" }));
  const env = await journal.run({ cmd: "load", history: { initial: { n: 10 }, entries, cursor: 2 * STRIDE + 1 } });
  assert.equal(env.snapshot.state.n, 10 + 2 * STRIDE + 1);
  assert.equal(journal.entries.length, entries.length);
  assert.ok(session.largest <= 2 * STRIDE + 1);
  for (let i = 2 * STRIDE + 1; i < entries.length; i += 1) await journal.run({ cmd: "redo" });
  assert.equal(env.snapshot.can_redo, true);
  assert.equal(journal.cursor, entries.length);
});

test("a refused entry deep in a loaded history leaves the journal and the session as they were", async () => {
  const { session, journal } = await played(5);
  /** @type {{ kind: string, add: number | string }[]} */
  const entries = Array.from({ length: 4 * STRIDE }, () => ({ kind: "edit", add: 1 }));
  entries[3 * STRIDE + 2] = { kind: "edit", add: "x" };
  await assert.rejects(journal.run({ cmd: "load", history: { initial: { n: 0 }, entries, cursor: 4 * STRIDE } }));
  assert.equal(journal.entries.length, 5);
  assert.equal(session.tables[session.history.cursor].n, 15);
  const env = await journal.run({ cmd: "edit", add: 1 });
  assert.equal(env.snapshot.state.n, 16);
});

test("another tab's save that goes on from ours replays only what is new", async () => {
  const { session, journal } = await played(6 * STRIDE + 3);
  const theirs = { initial: journal.initial, entries: [...journal.entries, { kind: "edit", add: 1, summary: "" }], cursor: 6 * STRIDE + 4 };
  session.replayed = 0;
  const env = await journal.run({ cmd: "load", history: theirs, same: 6 * STRIDE });
  assert.ok(session.replayed <= 2 * STRIDE + 8, `replayed ${session.replayed}`);
  const n = 6 * STRIDE + 3;
  assert.equal(env.snapshot.state.n, (n * (n + 1)) / 2 + 1);
  assert.equal(journal.entries.length, n + 1);
  for (let i = 0; i < 3 * STRIDE; i += 1) await journal.run({ cmd: "undo" });
  assert.equal(journal.cursor, n + 1 - 3 * STRIDE);
});
