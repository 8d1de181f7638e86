// @ts-check
// Autosave in localStorage, written so that a crash, a full disk, a damaged save or a second
// tab never costs a table:
//
//   a versioned document: a head (the table as it stands, the game's first table, the newest
//   log entries, the cursor, the saves it goes on from) and, for the rest of the log, chunks
//   of CHUNK entries stored once under a name made from their content. A move rewrites the
//   head only (a few KB, however long the game), never the whole history.
//   one fault costs one save, never two: the chunks of a save and of the save before it lie
//   in two slots ("a" and "b", one copy each), so a chunk lost or damaged in one leaves the
//   other openable. A chunk is read only if its text still gives its name (its content
//   hash): one that does not is damaged, and never drawn.
//   write-then-swap: each head goes under a new name; only once that write succeeded does
//   the pointer switch to it. The pointer also names the save before (kept for one more
//   save), so a torn or refused save leaves the one before.
//   checked before drawn: a save must pass ./savecheck.js (the models' schema) before the
//   board draws any of it.
//   set aside, never deleted: a save that cannot be read, that the rules refuse, or that a
//   new game replaces, is listed as set aside where it lies (no copy: kept at any size) until
//   the player downloads or discards it. Each is listed under a key of its own, so that two
//   tabs listing saves at once never drop each other's.
//   another tab: the pointer is read back before each save (under a Web Lock where the
//   browser has them: ./save.js); if another tab moved it, nothing is written and the caller
//   is told ("conflict"). Saves written at the same moment by two tabs are found afterwards
//   (forks(): neither goes on from the other) and the one the pointer lost is kept aside.
//   no storage: quota exceeded or storage unavailable (private mode, blocked): the app keeps
//   working in memory and says that the table is not being saved.

import { t } from "../shared/i18n.js";
import { asideTime, digest, docProblem, logLength, nameHash, slotOf, whyWords } from "./save-words.js";

export { docProblem, saveMessage } from "./save-words.js";

const V1 = "castaway-referee.v1.";
const PREFIX = "castaway-referee.v2.";
export const KEYS = Object.freeze({
  pointer: `${PREFIX}current`,
  // A key per save set aside (its key after this prefix): two tabs cannot undo each other's,
  // as with the one list (`asideList`, still read) that earlier versions read and wrote back.
  aside: `${PREFIX}aside.`,
  asideList: `${PREFIX}aside`,
  head: `${PREFIX}head.`,
  chunk: `${PREFIX}chunk.`,
  v1: { pointer: `${V1}current`, a: `${V1}save.a`, b: `${V1}save.b`, corrupt: `${V1}corrupt` },
  // A preference, not a save: "Hide" on the line of earlier tables (static/board/save.js).
  asidesHidden: "castaway-referee.earlier-tables-hidden",
});
export const FORMAT = "castaway-referee/autosave";
export const VERSION = 2;
export const CHUNK = 64;
const CHUNK_FORMAT = "castaway-referee/log-chunk";
export const KEEP_GAMES = 3;
const LOG_DAMAGED = () => t("part of the save's log is missing or damaged");
const LINE = 16; // how many saves back a head names the saves it goes on from

function openStorage() {
  try {
    const storage = window.localStorage;
    const probe = `${PREFIX}probe`;
    storage.setItem(probe, "1");
    storage.removeItem(probe);
    return { storage, problem: null };
  } catch (error) {
    if (isQuota(error)) {
      try {
        return { storage: window.localStorage, problem: "full" };
      } catch {
        /* fall through */
      }
    }
    return { storage: null, problem: "unavailable" };
  }
}

function parsedOrNull(text) {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function isQuota(error) {
  return Boolean(error) && (error.name === "QuotaExceededError" || error.code === 22 ||
    error.name === "NS_ERROR_DOM_QUOTA_REACHED");
}

const isObject = (v) => Boolean(v) && typeof v === "object" && !Array.isArray(v);

// The card's demand saved beside the table (what the demand panel restores): its card,
// effect, context and choices. Anything else is ignored, never drawn.
const isDemand = (v) => isObject(v) && isObject(v.effect) && Array.isArray(v.effect.demands);

export class Store {
  constructor() {
    const { storage, problem } = openStorage();
    this.storage = storage;
    this.problem = problem; // null | "unavailable" | "full"
    this.pointerText = null; // the pointer as this tab last read or wrote it
    this.base = null; // the key of the save this tab's table comes from
    this.chunkKeys = []; // the chunks of the last head written or read
    this.line = []; // the saves this tab's save goes on from, newest first
    this.mine = false; // whether this tab wrote the save it comes from (`base`)
    this.verified = new Set(); // chunks this tab wrote or found whole (not read again at each save)
    this.recovery = null; // what a fall-back to an earlier save lost: {lost, kept} (moves)
    this.candidates = [];
    this.inMemory = new Map(); // set-aside data storage could not hold: key -> text
  }

  _get(key) {
    try {
      return this.storage ? this.storage.getItem(key) : null;
    } catch {
      return null;
    }
  }

  _remove(key) {
    try {
      if (this.storage) this.storage.removeItem(key);
    } catch {
      /* nothing to do */
    }
  }

  _pointer() {
    const text = this._get(KEYS.pointer);
    if (text !== null) {
      try {
        const p = JSON.parse(text);
        if (isObject(p) && typeof p.current === "string") return { text, current: p.current, previous: typeof p.previous === "string" ? p.previous : null };
      } catch {
        /* an unreadable pointer: the saves it named are found below as strays */
      }
    }
    const v1 = this._get(KEYS.v1.pointer);
    if (v1 === "a" || v1 === "b") {
      return { text, current: KEYS.v1[v1], previous: KEYS.v1[v1 === "a" ? "b" : "a"] };
    }
    return { text, current: null, previous: null };
  }

  // ---------------------------------------------------------------- reading

  /** The saved game, checked, and what went wrong on the way: {doc, notices}. `doc` is
   * {state, initial, entries, cursor}; every save that failed is set aside, never dropped. */
  load() {
    const notices = [];
    if (!this.storage) return { doc: null, notices };
    const pointer = this._pointer();
    this.pointerText = pointer.text;
    const legacy = this._get(KEYS.v1.corrupt);
    if (legacy !== null && !this.asides().some((a) => a.key === KEYS.v1.corrupt)) this.setAside(KEYS.v1.corrupt, "unreadable");
    this.candidates = [pointer.current, pointer.previous].filter(Boolean);
    // Last, the newest other save whose log is whole (a tab closed mid-save, a lost pointer).
    this.candidates.push(...this._strays().filter((k) => !this.candidates.includes(k)));
    this.failed = null;
    this.repaired = false;
    return this.next(notices);
  }

  /** The next save to try (after one could not be read, or the rules refused one). */
  next(notices = []) {
    while (this.candidates.length) {
      const key = this.candidates.shift();
      if (this.asides().some((a) => a.key === key)) continue;
      const raw = this._get(key);
      if (raw === null) continue;
      const { doc, problem } = this.read(raw);
      if (doc) {
        this._adopt(key, doc, false);
        if (notices.length && this.failed && this.failed.count !== null) {
          this.recovery = { lost: Math.max(0, this.failed.count - doc.entries.length), kept: doc.entries.length };
          notices[0] = "recovered";
        } else if (notices.length) notices[0] = "older";
        if (this.repaired) notices.push("repaired");
        return { doc, notices };
      }
      this.setAside(key, "unreadable", problem);
      if (!this.failed && problem === LOG_DAMAGED()) this.failed = { key, count: logLength(raw, CHUNK) };
      if (!notices.length) notices.push("corrupt");
    }
    this.base = null;
    return { doc: null, notices };
  }

  /** The rules refused the save this tab opened: set it aside; the next one, if any. */
  refused(reason) {
    if (this.base) this.setAside(this.base, "refused", reason);
    this.base = null;
    const found = this.next([]);
    return found.doc ? { doc: found.doc, notices: ["older"] } : { doc: null, notices: ["refused"] };
  }

  /** {doc, problem}: a save's text, checked (the models' schema) before anything is drawn. */
  read(raw) {
    let value;
    try {
      value = JSON.parse(raw);
    } catch {
      return { doc: null, problem: t("the save is not complete (it was cut short or damaged)") };
    }
    if (!isObject(value) || value.format !== FORMAT) return { doc: null, problem: t("the save is not a Castaway Referee table") };
    let doc;
    if (value.version === VERSION) {
      doc = this._fromHead(value);
      if (typeof doc === "string") return { doc: null, problem: doc };
    } else {
      const snap = value.snapshot;
      if (!isObject(snap) || !isObject(snap.history)) return { doc: null, problem: t("the save has no game in it") };
      const h = snap.history;
      doc = { state: snap.state, initial: h.initial, entries: h.entries === undefined ? [] : h.entries, cursor: h.cursor ?? 0, chunks: [],
        demand: isDemand(value.demand) ? value.demand : null };
    }
    const problem = docProblem(doc);
    return problem ? { doc: null, problem } : { doc, problem: null };
  }

  _fromHead(head) {
    if (!Array.isArray(head.chunks) || !Array.isArray(head.tail)) return t("the save's log is damaged");
    const entries = [];
    for (const key of head.chunks) {
      const chunk = this._chunk(key);
      if (!chunk) return LOG_DAMAGED();
      for (const e of chunk) entries.push(e);
    }
    for (const e of head.tail) entries.push(e);
    return { state: head.state, initial: head.initial, entries, cursor: head.cursor, chunks: head.chunks,
      line: Array.isArray(head.line) ? head.line.filter((k) => typeof k === "string") : [],
      demand: isDemand(head.demand) ? head.demand : null };
  }

  /** A chunk's entries, or null if it is missing or damaged and its copy in the other slot
   * (the same content hash) is too. A chunk read from its copy is written back whole. */
  _chunk(key) {
    const found = this._chunkExact(key);
    if (found || typeof key !== "string" || !key.startsWith(KEYS.chunk)) return found;
    for (const twin of ["a", "b"].map((slot) => `${KEYS.chunk}${slot}.${nameHash(key)}`)) {
      const entries = twin === key ? null : this._chunkExact(twin);
      if (!entries) continue;
      this.repaired = true;
      try {
        this.storage.setItem(key, this._get(twin));
      } catch {
        /* read from the copy all the same */
      }
      return entries;
    }
    return null;
  }

  /** The entries of the chunk under `key` exactly, or null if it is missing or damaged: its
   * text must give its name (the hash of its content), be JSON and hold a list of entries. */
  _chunkExact(key) {
    const text = typeof key === "string" && key.startsWith(KEYS.chunk) ? this._get(key) : null;
    if (text === null || (!this.verified.has(key) && digest(text) !== nameHash(key))) return null;
    let chunk = null;
    try {
      chunk = JSON.parse(text);
    } catch {
      return null;
    }
    if (!isObject(chunk) || chunk.format !== CHUNK_FORMAT || !Array.isArray(chunk.entries)) return null;
    this.verified.add(key);
    return chunk.entries;
  }

  /** This tab's table now comes from the save under `key` (`mine`: this tab wrote it). */
  _adopt(key, doc, mine) {
    this.base = key;
    this.chunkKeys = doc.chunks;
    this.line = doc.line || [];
    this.mine = mine;
  }

  /** The save the pointer names now, checked; null if none or bad. Only looks: this tab
   * still goes by the save it last read or wrote. */
  peek() {
    const pointer = this._pointer();
    const raw = pointer.current && this._get(pointer.current);
    return raw ? this.read(raw).doc : null;
  }

  /** The save another tab has just written (to follow it), checked; null if none or bad. */
  latest() {
    const pointer = this._pointer();
    const raw = pointer.current && this._get(pointer.current);
    if (!raw) return null;
    const { doc } = this.read(raw);
    if (!doc) return null;
    // Log chunks of the same content (named by it, in either slot) hold the same entries.
    let shared = 0;
    while (shared < doc.chunks.length && shared < this.chunkKeys.length
      && nameHash(doc.chunks[shared]) === nameHash(this.chunkKeys[shared])) shared += 1;
    doc.same = shared * CHUNK;
    this.pointerText = pointer.text;
    this._adopt(pointer.current, doc, false);
    return doc;
  }

  /** Another tab's save cannot be read: it is set aside, and this tab's table saves over the
   * pointer (the save it came from is kept as the one before). */
  takeOver() {
    const pointer = this._pointer();
    if (pointer.current && pointer.current !== this.base && !this.asides().some((a) => a.key === pointer.current)) {
      this.setAside(pointer.current, "unreadable");
    }
    this.pointerText = pointer.text;
  }

  /** The saves goes on from (newest first), read from its head; null if it names none. */
  _lineOf(key) {
    try {
      const head = JSON.parse(this._get(key) || "null");
      return isObject(head) && Array.isArray(head.line) ? head.line : null;
    } catch {
      return null;
    }
  }

  /** After another tab saved: saves written at the same moment as the one the pointer names,
   * where neither goes on from the other (a head in storage that the current save does not go
   * on from, and that does not go on from it), would be lost: each is kept aside
   * ("other-tab"). Returns their keys (this tab's own last save among them if it was lost). */
  forks() {
    if (!this.storage) return [];
    const current = this._pointer().current;
    const line = current ? this._lineOf(current) : null;
    if (!line) return []; // a save from before lines were kept: nothing to compare
    const kept = new Set(this.asides().map((a) => a.key));
    const lost = this._keys().filter((k) => k.startsWith(KEYS.head) && k !== current && !kept.has(k) && !line.includes(k))
      .filter((k) => {
        const theirs = this._lineOf(k); // (none: a copy kept aside, or a head from before lines)
        return theirs !== null && !theirs.includes(current) && theirs.some((a) => line.includes(a));
      });
    for (const k of lost) this.setAside(k, "other-tab");
    return lost;
  }

  /** Whether another tab has saved since this one last read or wrote the pointer. */
  changedElsewhere() {
    return Boolean(this.storage) && this._get(KEYS.pointer) !== this.pointerText;
  }

  // ---------------------------------------------------------------- writing

  /** Save the game, with the card's demand on the table if there is one (`demand`: the
   * panel's card, effect, context and choices); returns null when saved, else
   * "unavailable" | "full" | "conflict". */
  save(journal, state, demand = null) {
    if (!this.storage) return (this.problem = "unavailable");
    if (this.changedElsewhere()) return "conflict";
    try {
      const chunks = this._writeChunks(journal);
      const line = [this.base, ...this.line].filter(Boolean).slice(0, LINE);
      const head = this._head(journal, state, chunks, demand, line);
      const key = `${KEYS.head}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      this._write(key, head);
      const pointerText = JSON.stringify({ current: key, previous: this.base });
      this.storage.setItem(KEYS.pointer, pointerText); // the swap: only after the write succeeded
      const before = this._pointerKeys(this.pointerText);
      this.pointerText = pointerText;
      const sealed = chunks.length !== this.chunkKeys.length || this.wroteChunk;
      this._forgetOld(before, [key, this.base]);
      this.line = line;
      this.base = key;
      this.chunkKeys = chunks;
      this.mine = true;
      journal.saved();
      if (sealed) this._collectChunks();
      this.problem = null;
    } catch (error) {
      this.problem = isQuota(error) ? "full" : "unavailable";
    }
    return this.problem;
  }

  /** The chunks of the save being written, in the slot the save it goes on from does not
   * use: each is written there once (then known whole to this tab), so the save before keeps
   * a copy of its own. */
  _writeChunks(journal) {
    const slot = slotOf(this.chunkKeys) === "a" ? "b" : "a";
    const sealed = Math.floor(journal.entries.length / CHUNK);
    const kept = Math.min(sealed, Math.floor(journal.changedFrom / CHUNK), this.chunkKeys.length);
    const chunks = [];
    this.wroteChunk = false;
    for (let k = 0; k < sealed; k += 1) {
      // The same entries as the base's chunk k: the same name in this slot, if found whole.
      const known = k < kept ? `${KEYS.chunk}${slot}.${nameHash(this.chunkKeys[k])}` : null;
      if (known && (this.verified.has(known) || this._chunkExact(known))) {
        chunks.push(known);
        continue;
      }
      const text = JSON.stringify({ format: CHUNK_FORMAT, entries: journal.entries.slice(k * CHUNK, (k + 1) * CHUNK) });
      const key = `${KEYS.chunk}${slot}.${digest(text)}`;
      if (this._get(key) !== text) {
        this._write(key, text);
        this.wroteChunk = true;
      }
      this.verified.add(key);
      chunks.push(key);
    }
    return chunks;
  }

  _head(journal, state, chunks, demand = null, line = []) {
    return JSON.stringify({
      format: FORMAT, version: VERSION, saved_at: new Date().toISOString(), state,
      initial: journal.initial, chunks, tail: journal.entries.slice(chunks.length * CHUNK), cursor: journal.cursor,
      line, ...(isDemand(demand) ? { demand } : {}),
    });
  }

  _write(key, text) {
    try {
      this.storage.setItem(key, text);
    } catch (error) {
      if (!isQuota(error)) throw error;
      // Make room with what nobody needs: saves older than the one this table comes from.
      const keep = new Set([this.base, ...this.asides().map((a) => a.key)]);
      for (const old of this._pointerKeys(this.pointerText)) if (!keep.has(old)) this._remove(old);
      this.storage.setItem(key, text);
    }
  }

  _pointerKeys(text) {
    try {
      const p = JSON.parse(text);
      return [p.current, p.previous].filter((k) => typeof k === "string");
    } catch {
      return [];
    }
  }

  /** Saves the pointer no longer names are removed, unless set aside. */
  _forgetOld(before, now) {
    const keep = new Set([...now, ...this.asides().map((a) => a.key)]);
    for (const key of before) if (!keep.has(key)) this._remove(key);
    if (this._get(KEYS.v1.pointer) !== null) {
      this._remove(KEYS.v1.pointer);
      for (const key of [KEYS.v1.a, KEYS.v1.b]) if (!keep.has(key)) this._remove(key);
    }
  }

  /** Every key this store may hold, for the sweeps below. */
  _keys() {
    const found = [];
    try {
      for (let i = 0; i < this.storage.length; i += 1) found.push(this.storage.key(i));
    } catch {
      /* nothing to sweep */
    }
    return found.filter((k) => typeof k === "string" && k.startsWith(PREFIX));
  }

  /** Heads no pointer names (a tab closed mid-save): tried when the pointer is lost. */
  _strays() {
    return this._keys().filter((k) => k.startsWith(KEYS.head)).sort().reverse();
  }

  /** Chunks that no head in storage names are removed (after a chunk was written). Every
   * head counts, named by a pointer or not: one written at the same moment by another tab
   * is kept whole until it is kept aside (forks()). */
  _collectChunks() {
    const heads = new Set([...this._pointerKeys(this.pointerText), ...this.asides().map((a) => a.key),
      ...this._keys().filter((k) => k.startsWith(KEYS.head))]);
    const named = new Set();
    for (const key of heads) {
      const text = this._get(key) || this.inMemory.get(key) || "";
      for (const m of text.matchAll(/castaway-referee\.v2\.chunk\.[0-9a-z.]+/g)) named.add(m[0]);
    }
    for (const key of this._keys()) {
      if (key.startsWith(KEYS.chunk) && !named.has(key)) {
        this._remove(key);
        this.verified.delete(key);
      }
    }
  }

  // ---------------------------------------------------------------- set aside

  /** The saves set aside: [{key, why, reason, at}], oldest first. */
  asides() {
    const byKey = new Map();
    const list = parsedOrNull(this._get(KEYS.asideList)); // as earlier versions kept them
    for (const a of Array.isArray(list) ? list : []) if (isObject(a) && typeof a.key === "string") byKey.set(a.key, a);
    for (const k of this._keys().filter((k) => k.startsWith(KEYS.aside))) {
      const entry = parsedOrNull(this._get(k));
      if (isObject(entry) && entry.key === k.slice(KEYS.aside.length)) byKey.set(entry.key, entry);
    }
    const stored = [...byKey.values()].sort((a, b) => String(a.at ?? "").localeCompare(String(b.at ?? "")));
    return [...stored, ...(this.memoryList || []).filter((a) => !byKey.has(a.key))];
  }

  /** List the save under `key` as set aside, where it lies: nothing is copied. */
  setAside(key, why, reason = "") {
    const entry = { key, why, reason, at: asideTime(this.asides()) };
    try {
      this.storage.setItem(KEYS.aside + key, JSON.stringify(entry));
    } catch {
      // Not even the list fits: the save is still where it was; keep its text for download.
      this.memoryList = [...(this.memoryList || []), entry];
      const text = this._get(key);
      if (text !== null) this.inMemory.set(key, text);
    }
    return entry;
  }

  /** Keep a game that exists only in this tab (a change made at the same time as another
   * tab's) aside: in storage if it fits, else in memory, offered for download. */
  setAsideGame(journal, state, why) {
    const key = `${KEYS.head}aside-${Date.now().toString(36)}`;
    const text = JSON.stringify({ format: FORMAT, version: VERSION, saved_at: new Date().toISOString(), state,
      initial: journal.initial, chunks: [], tail: journal.entries, cursor: journal.cursor });
    try {
      this.storage.setItem(key, text);
    } catch {
      this.inMemory.set(key, text);
      this.memoryList = [...(this.memoryList || []), { key, why, reason: "", at: asideTime(this.asides()) }];
      return key;
    }
    this.setAside(key, why);
    return key;
  }

  /** What a set-aside save is, in words. */
  describe(entry) {
    return whyWords(entry.why);
  }

  /** A set-aside save as a file: the game's history (importable) if it can be read, else
   * its text as it was found. */
  asideFile(key) {
    const raw = this.inMemory.get(key) ?? this._get(key);
    if (raw === null) return null;
    const { doc } = this.read(raw);
    if (doc) {
      const history = { initial: doc.initial, entries: doc.entries, cursor: doc.cursor };
      return { name: "castaway-table-kept-aside.json", type: "application/json", text: JSON.stringify(history, null, 2) };
    }
    // A head whose log is not whole: one file with the table as it stood and what of its log
    // could be read (each chunk's entries, or null where it was missing or damaged), which
    // Import opens (./transfer.js).
    let head = null;
    try {
      head = JSON.parse(raw);
    } catch {
      head = null;
    }
    if (isObject(head) && head.format === FORMAT && head.version === VERSION && Array.isArray(head.chunks)) {
      const whole = { ...head, chunks: head.chunks.map((k) => this._chunk(k)) };
      delete whole.line;
      return { name: "castaway-table-kept-aside.json", type: "application/json", text: JSON.stringify(whole, null, 2) };
    }
    return { name: "castaway-unreadable-save.txt", type: "application/octet-stream", text: raw };
  }

  /** Whether the player hid the line of earlier tables on this device. */
  asidesHidden() {
    return this._get(KEYS.asidesHidden) === "1";
  }

  /** Hide (or show again) that line; where nothing can be stored, for this visit only. */
  hideAsides(on) {
    if (!on) return this._remove(KEYS.asidesHidden);
    try {
      if (this.storage) this.storage.setItem(KEYS.asidesHidden, "1");
    } catch {
      /* the caller keeps it hidden for this visit */
    }
  }

  /** The player is done with a set-aside save: it goes. */
  forget(key) {
    this.inMemory.delete(key);
    this.memoryList = (this.memoryList || []).filter((a) => a.key !== key);
    try {
      this.storage.removeItem(KEYS.aside + key);
      const list = parsedOrNull(this.storage.getItem(KEYS.asideList));
      if (Array.isArray(list) && list.some((a) => isObject(a) && a.key === key)) {
        const left = list.filter((a) => !(isObject(a) && a.key === key));
        if (left.length) this.storage.setItem(KEYS.asideList, JSON.stringify(left));
        else this.storage.removeItem(KEYS.asideList);
      }
    } catch {
      return;
    }
    if (!this._pointerKeys(this.pointerText).includes(key)) this._remove(key);
    this._collectChunks();
  }

  /** A new game: the save this table comes from is set aside (the player can get it back). */
  newGame() {
    if (!this.base || this.asides().some((a) => a.key === this.base)) return;
    this.setAside(this.base, "new-game");
    // The last KEEP_GAMES replaced games are kept; older ones go (unreadable saves never do).
    const games = this.asides().filter((a) => a.why === "new-game");
    for (const old of games.slice(0, Math.max(0, games.length - KEEP_GAMES))) this.forget(old.key);
  }
}
