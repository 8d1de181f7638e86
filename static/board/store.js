// @ts-check
// Autosave in localStorage, written so that a crash, a full disk, a damaged save or a second
// tab never costs a table:
//
//   a versioned document: a head (the table as it stands, the game's first table, the newest
//   log entries, the cursor) and, for the rest of the log, chunks of CHUNK entries stored
//   once under a name made from their content. A move rewrites the head only (a few KB,
//   however long the game), never the whole history.
//   write-then-swap: each head goes under a new name; only once that write succeeded does
//   the pointer switch to it. The pointer also names the save before (kept for one more
//   save), so a torn or refused save leaves the one before.
//   checked before drawn: a save must pass ./savecheck.js (the models' schema) before the
//   board draws any of it.
//   set aside, never deleted: a save that cannot be read, that the rules refuse, or that a
//   new game replaces, is listed as set aside where it lies (no copy: kept at any size) until
//   the player downloads or discards it.
//   another tab: the pointer is read back before each save; if another tab moved it, nothing
//   is written and the caller is told ("conflict").
//   no storage: quota exceeded or storage unavailable (private mode, blocked): the app keeps
//   working in memory and says that the table is not being saved.

import { entryProblem, tableProblem } from "../shared/savecheck.js";
import { t } from "../shared/i18n.js";

const V1 = "castaway-referee.v1.";
const PREFIX = "castaway-referee.v2.";
export const KEYS = Object.freeze({
  pointer: `${PREFIX}current`,
  aside: `${PREFIX}aside`,
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

/** What the autosave tells the player, by kind (said in the page's language when shown). */
export function saveMessage(kind) {
  switch (kind) {
    case "unavailable": return t("This browser is not letting the app save (private mode or storage blocked). The table works, but it will be gone when you close the tab: export it to keep it.");
    case "full": return t("The browser's storage is full, so the table is not being saved. The table works; export it to keep it.");
    case "corrupt": return t("Your saved table could not be read, so it was not opened. It has been kept aside: you can download it before starting again.");
    case "older": return t("The latest save could not be used, so the save before it was opened. The one that could not be used is kept aside for download.");
    case "refused": return t("Your saved table was not accepted by the rules, so it was not opened. It has been kept aside: you can download it.");
    case "new-game": return t("Your last game was kept aside when this one replaced it: download it to open it again with Import.");
    case "conflict": return t("This table was changed in another tab at the same time. The other tab's table is shown here now; your last change was kept aside for download.");
    default: return null;
  }
}

/** Why a save was set aside, in words. */
function whyWords(why) {
  switch (why) {
    case "unreadable": return t("a save that could not be read");
    case "refused": return t("a save the rules did not accept");
    case "new-game": return t("the game you had before a New game or an import");
    case "other-tab": return t("a change made at the same time as another tab's");
    default: return t("a save");
  }
}

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

function isQuota(error) {
  return Boolean(error) && (error.name === "QuotaExceededError" || error.code === 22 ||
    error.name === "NS_ERROR_DOM_QUOTA_REACHED");
}

/** A name for a chunk made from its text (two 32-bit FNV-1a hashes and the length). */
function digest(text) {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return `${a.toString(36)}${b.toString(36)}${text.length.toString(36)}`;
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
    if (!pointer.current) this.candidates.push(...this._strays());
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
        this.base = key;
        this.chunkKeys = doc.chunks;
        if (notices.length) notices[0] = "older";
        return { doc, notices };
      }
      this.setAside(key, "unreadable", problem);
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
      const text = typeof key === "string" && key.startsWith(KEYS.chunk) ? this._get(key) : null;
      let chunk = null;
      try {
        chunk = text === null ? null : JSON.parse(text);
      } catch {
        chunk = null;
      }
      if (!isObject(chunk) || chunk.format !== CHUNK_FORMAT || !Array.isArray(chunk.entries)) return t("part of the save's log is missing or damaged");
      for (const e of chunk.entries) entries.push(e);
    }
    for (const e of head.tail) entries.push(e);
    return { state: head.state, initial: head.initial, entries, cursor: head.cursor, chunks: head.chunks,
      demand: isDemand(head.demand) ? head.demand : null };
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
    // The log chunks both saves share (named by their content) hold the same entries.
    let shared = 0;
    while (shared < doc.chunks.length && doc.chunks[shared] === this.chunkKeys[shared]) shared += 1;
    doc.same = shared * CHUNK;
    this.pointerText = pointer.text;
    this.base = pointer.current;
    this.chunkKeys = doc.chunks;
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
      const head = this._head(journal, state, chunks, demand);
      const key = `${KEYS.head}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      this._write(key, head);
      const pointerText = JSON.stringify({ current: key, previous: this.base });
      this.storage.setItem(KEYS.pointer, pointerText); // the swap: only after the write succeeded
      const before = this._pointerKeys(this.pointerText);
      this.pointerText = pointerText;
      const sealed = chunks.length !== this.chunkKeys.length || chunks.some((k, i) => k !== this.chunkKeys[i]);
      this.chunkKeys = chunks;
      this._forgetOld(before, [key, this.base]);
      this.base = key;
      journal.saved();
      if (sealed) this._collectChunks();
      this.problem = null;
    } catch (error) {
      this.problem = isQuota(error) ? "full" : "unavailable";
    }
    return this.problem;
  }

  _writeChunks(journal) {
    const sealed = Math.floor(journal.entries.length / CHUNK);
    const kept = Math.min(sealed, Math.floor(journal.changedFrom / CHUNK), this.chunkKeys.length);
    const chunks = this.chunkKeys.slice(0, kept);
    for (let k = kept; k < sealed; k += 1) {
      const text = JSON.stringify({ format: CHUNK_FORMAT, entries: journal.entries.slice(k * CHUNK, (k + 1) * CHUNK) });
      const key = `${KEYS.chunk}${digest(text)}`;
      if (this._get(key) !== text) this._write(key, text);
      chunks.push(key);
    }
    return chunks;
  }

  _head(journal, state, chunks, demand = null) {
    return JSON.stringify({
      format: FORMAT, version: VERSION, saved_at: new Date().toISOString(), state,
      initial: journal.initial, chunks, tail: journal.entries.slice(chunks.length * CHUNK), cursor: journal.cursor,
      ...(isDemand(demand) ? { demand } : {}),
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

  /** Chunks that no kept head names are removed (after a chunk was sealed). */
  _collectChunks() {
    const heads = [...this._pointerKeys(this.pointerText), ...this.asides().map((a) => a.key)];
    const named = new Set();
    for (const key of heads) {
      const text = this._get(key) || this.inMemory.get(key) || "";
      for (const m of text.matchAll(/castaway-referee\.v2\.chunk\.[0-9a-z]+/g)) named.add(m[0]);
    }
    for (const key of this._keys()) if (key.startsWith(KEYS.chunk) && !named.has(key)) this._remove(key);
  }

  // ---------------------------------------------------------------- set aside

  /** The saves set aside: [{key, why, reason, at}], newest last. */
  asides() {
    const text = this._get(KEYS.aside);
    let list = [];
    try {
      list = text ? JSON.parse(text) : [];
    } catch {
      list = [];
    }
    const stored = Array.isArray(list) ? list.filter((a) => isObject(a) && typeof a.key === "string") : [];
    return [...stored, ...(this.memoryList || [])];
  }

  /** List the save under `key` as set aside, where it lies: nothing is copied. */
  setAside(key, why, reason = "") {
    const entry = { key, why, reason, at: new Date().toISOString() };
    const list = this.asides().filter((a) => a.key !== key && !this.inMemory.has(a.key));
    try {
      this.storage.setItem(KEYS.aside, JSON.stringify([...list, entry]));
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
      this.memoryList = [...(this.memoryList || []), { key, why, reason: "", at: new Date().toISOString() }];
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
    if (!doc) return { name: "castaway-unreadable-save.txt", type: "application/octet-stream", text: raw };
    const history = { initial: doc.initial, entries: doc.entries, cursor: doc.cursor };
    return { name: "castaway-table-kept-aside.json", type: "application/json", text: JSON.stringify(history, null, 2) };
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
    const list = this.asides().filter((a) => a.key !== key);
    try {
      this.storage.setItem(KEYS.aside, JSON.stringify(list));
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

/** Null if a saved game can be drawn and handed to the rules, else what is wrong. */
export function docProblem(doc) {
  if (!isObject(doc.state)) return t("the save has no table in it");
  if (!isObject(doc.initial)) return t("the save has no first table in it");
  if (!Array.isArray(doc.entries)) return t("the game's log is not a list");
  if (!Number.isInteger(doc.cursor) || doc.cursor < 0 || doc.cursor > doc.entries.length) return t("the game's log has a damaged position");
  const problem = tableProblem(doc.state) || tableProblem(doc.initial);
  if (problem) return problem;
  for (const entry of doc.entries) {
    const bad = entryProblem(entry);
    if (bad) return bad;
  }
  return null;
}
