// @ts-check
// The game's whole history, kept here on the page, with only a short window of it in the
// rules' session (a move must cost the same with 3,000 entries as with 3).
//
// The session answers every command with its whole history; so the session is given only a
// window of it: the table at a checkpoint (the table after a multiple of STRIDE entries, as
// the rules computed it) and the entries after that. The page keeps the rest: the first
// table, every entry, the cursor, and the checkpoints. A move then costs the window's size,
// never the game's length. When the window grows past two strides, it is moved on to the
// newest checkpoint (one `load` of at most two strides, after the move is drawn); undo or
// redo past either end of the window loads the window around the cursor first.
//
// Every table in a window is the rules' own: checkpoints are tables the session answered,
// and a long history (a reload, an import) is replayed through the rules window by window.

export const STRIDE = 32;
const LEAN = new Set(["edit", "apply", "undo", "redo", "preview"]);

export class Journal {
  /** `send(command)` runs one session command and resolves with its envelope. */
  constructor(send) {
    this.send = send;
    this.initial = null;
    this.entries = [];
    this.cursor = 0;
    this.offset = 0; // the window's first entry; the session's initial table is the table here
    this.checkpoints = new Map(); // entry count -> the table after that many entries
    this.changedFrom = 0; // the first entry changed since the last save (for the autosave)
    this.revision = 0; // bumped whenever entries before the end are replaced
    this.windowSize = 0;
  }

  /** Run a session command; the envelope's snapshot is made the whole game's. */
  async run(command) {
    if (command.cmd === "load") return this.load(command.history, command.same);
    if (command.cmd === "undo" && this.cursor > 0 && this.cursor === this.offset) {
      return this.absorb(await this.send(this.windowAt(this.cursor - 1)));
    }
    if (command.cmd === "redo" && this.cursor < this.entries.length && this.cursor === this.offset + this.windowSize) {
      return this.absorb(await this.send(this.windowAt(this.cursor + 1)));
    }
    // Moves within the window are answered with what changed only (the session's `reply:
    // "changes"`): the rules neither list nor write out the window's entries at each move.
    const env = await this.send(LEAN.has(command.cmd) ? { ...command, reply: "changes" } : command);
    if (command.cmd === "new") {
      this.reset();
      return this.absorb(env, "all");
    }
    return this.absorb(env, command.cmd === "edit" || command.cmd === "apply" ? "appended" : null);
  }

  reset() {
    this.live = false;
    this.initial = null;
    this.entries = [];
    this.cursor = 0;
    this.offset = 0;
    this.checkpoints = new Map();
    this.changedFrom = 0;
    this.revision += 1;
    this.windowSize = 0;
  }

  /** A saved game, shown before the rules are ready (the rules get it with `load`). */
  adopt(doc) {
    this.reset();
    this.initial = doc.initial;
    this.entries = doc.entries;
    this.cursor = doc.cursor;
    this.windowSize = doc.entries.length;
    return this.snapshot(doc.state);
  }

  /** A whole history: replayed by the rules a stride at a time (each stride checked there),
   * keeping the table after every stride as a checkpoint. */
  async load(history, same = 0) {
    const entries = history && Array.isArray(history.entries) ? history.entries : null;
    const cursor = history && history.cursor !== undefined ? history.cursor : 0;
    if (!entries || entries.length <= 2 * STRIDE || !Number.isInteger(cursor) || cursor < 0 || cursor > entries.length) {
      const env = await this.send({ cmd: "load", history }); // short, or the rules say what is wrong
      this.reset();
      return this.absorb(env, "all");
    }
    try {
      return await this.replay(history, entries, cursor, this.sharedStart(history, same));
    } catch (error) {
      await this.restore(); // the session holds part of the refused history: back to ours
      throw error;
    }
  }

  /** Where a replay of `history` can start: its first `same` entries are known to be this
   * journal's (another tab's save that goes on from ours), so from our checkpoint there. */
  sharedStart(history, same) {
    if (!same || !this.live || JSON.stringify(history.initial) !== JSON.stringify(this.initial)) return 0;
    let at = Math.floor(Math.min(same, this.entries.length) / STRIDE) * STRIDE;
    while (at > 0 && !this.checkpoints.has(at)) at -= STRIDE;
    return at;
  }

  async replay(history, entries, cursor, start = 0) {
    const checkpoints = new Map([...this.checkpoints].filter(([k]) => k <= start));
    const checked = this.entries.slice(0, start);
    let table = start ? this.checkpoints.get(start) : history.initial;
    let first = start ? this.initial : null;
    for (let at = start; at < entries.length; at += STRIDE) {
      const part = entries.slice(at, at + STRIDE);
      const env = await this.send({ cmd: "load", history: { initial: table, entries: part, cursor: part.length } });
      const h = env.snapshot.history;
      if (first === null) first = h.initial;
      checked.push(...h.entries);
      table = env.snapshot.state;
      if (part.length === STRIDE) checkpoints.set(at + STRIDE, table);
    }
    this.reset();
    this.initial = first;
    this.entries = checked;
    this.checkpoints = checkpoints;
    this.cursor = cursor;
    return this.absorb(await this.send(this.windowAt(cursor)));
  }

  /** The `load` that puts the window around `target` (from the checkpoint at or before it). */
  windowAt(target) {
    let at = Math.floor(target / STRIDE) * STRIDE;
    while (at > 0 && !this.checkpoints.has(at)) at -= STRIDE;
    const initial = at === 0 ? this.initial : this.checkpoints.get(at);
    this.pendingOffset = at;
    const end = Math.min(this.entries.length, Math.max(target, at) + STRIDE);
    return { cmd: "load", history: { initial, entries: this.entries.slice(at, end), cursor: target - at } };
  }

  /** Take the session's answer into the whole game, and make its snapshot the game's.
   * `changed`: "appended" (an edit or a ruling: one new entry at the cursor, what was undone
   * dropped), "all" (a new history), or null (the same entries: undo, redo, a window moved). */
  absorb(env, changed = null) {
    const snap = env && env.snapshot;
    if (!snap || !(snap.history || env.changes)) return env;
    if (this.pendingOffset !== undefined) {
      this.offset = this.pendingOffset;
      this.pendingOffset = undefined;
    }
    this.live = true;
    const c = env.changes;
    if (c) {
      // The window's first `keep` entries stay, `entries` follow them (an edit or a ruling:
      // the new one, what was undone dropped). A window is far below the session's longest
      // log (History.MAX_ENTRIES), so nothing is ever folded into its first table.
      if (c.entries.length || changed === "appended") this.replaceFrom(this.offset + c.keep, c.entries);
    } else {
      const h = snap.history;
      if (this.offset === 0) this.initial = h.initial;
      if (changed === "all") this.replaceFrom(0, h.entries);
      else if (changed === "appended") this.replaceFrom(this.offset + h.cursor - 1, [h.entries[h.cursor - 1]]);
    }
    this.cursor = this.offset + (c ? c.cursor : snap.history.cursor);
    this.windowSize = c ? c.length : snap.history.entries.length;
    if (this.cursor % STRIDE === 0 && this.cursor > 0) this.checkpoints.set(this.cursor, snap.state);
    env.snapshot = this.snapshot(snap.state);
    return env;
  }

  /** Entries from `from` on are `fresh` (what was after them is dropped: it was undone). */
  replaceFrom(from, fresh) {
    if (from < this.entries.length) this.revision += 1;
    this.entries.length = from;
    for (const e of fresh) this.entries.push(e);
    this.changedFrom = Math.min(this.changedFrom, from);
    for (const k of [...this.checkpoints.keys()]) if (k > from) this.checkpoints.delete(k);
  }

  /** Put the session back on this journal's window (after a load that failed part-way). */
  async restore() {
    if (!this.live) return; // nothing of this journal was in the session yet

    try {
      this.absorb(await this.send(this.windowAt(this.cursor)));
    } catch {
      this.pendingOffset = undefined;
    }
  }

  /** Whether the window should move on to a newer checkpoint (after the move is drawn). */
  needsRebase() {
    return this.windowSize > 2 * STRIDE && this.cursor - this.offset > STRIDE
      && this.checkpoints.has(Math.floor(this.cursor / STRIDE) * STRIDE);
  }

  async rebase() {
    return this.absorb(await this.send(this.windowAt(this.cursor)));
  }

  /** What the board draws and saves: the table, and the whole game's history. */
  snapshot(state) {
    const journal = this;
    return {
      state,
      can_undo: this.cursor > 0,
      can_redo: this.cursor < this.entries.length,
      history: { initial: this.initial, entries: this.entries, cursor: this.cursor },
      get log() {
        return journal.entries.map((e, i) => ({ kind: e.kind, summary: e.summary || "", card: e.card ?? null, applied: i < journal.cursor }));
      },
    };
  }

  saved() {
    this.changedFrom = this.entries.length;
  }
}
