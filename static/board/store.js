// Autosave in localStorage, written so that a crash or a full disk never costs the saved table:
//
//   write-then-swap: each save goes to the slot that is NOT current, and only once that write
//   succeeded does the pointer switch to it. A torn or failed write leaves the last good save.
//   corrupt data: a save that cannot be read is kept aside (never deleted) for export, reported,
//   and the other slot (the save before it) is tried.
//   no storage: quota exceeded or storage unavailable (private mode, blocked): the app keeps
//   working in memory and says that the table is not being saved.

const PREFIX = "castaway-referee.v1.";
export const KEYS = Object.freeze({
  pointer: `${PREFIX}current`,
  a: `${PREFIX}save.a`,
  b: `${PREFIX}save.b`,
  corrupt: `${PREFIX}corrupt`,
});
const FORMAT = "castaway-referee/autosave";

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

function isSnapshot(value) {
  return Boolean(value) && typeof value === "object" && value.format === FORMAT &&
    value.snapshot && typeof value.snapshot === "object" &&
    value.snapshot.state && typeof value.snapshot.state === "object" &&
    Array.isArray(value.snapshot.state.characters) &&
    value.snapshot.history && typeof value.snapshot.history === "object" &&
    value.snapshot.history.initial && typeof value.snapshot.history.initial === "object";
}

// The demand saved beside the table (what the panel restores); anything else is ignored.
function isDemand(value) {
  return Boolean(value) && typeof value === "object" && value.effect && typeof value.effect === "object" &&
    Array.isArray(value.effect.demands);
}

export const MESSAGES = {
  unavailable: "This browser is not letting the app save (private mode or storage blocked). " +
    "The table works, but it will be gone when you close the tab: export it to keep it.",
  full: "The browser's storage is full, so the table is not being saved. " +
    "The table works; export it to keep it.",
  corrupt: "Your saved table could not be read. It has been kept aside: you can download it " +
    "(“Download the unreadable save”) before starting again.",
  older: "The latest save could not be read, so the save before it was restored. " +
    "The unreadable one is kept aside for download.",
  refused: "Your saved table was not accepted by the rules. It has been kept aside: you can " +
    "download it (“Download the unreadable save”).",
};

export class Store {
  constructor() {
    const { storage, problem } = openStorage();
    this.storage = storage;
    this.problem = problem; // null | "unavailable" | "full"
    this.asideInMemory = null; // unreadable data we could not even store aside
  }

  _get(key) {
    try {
      return this.storage ? this.storage.getItem(key) : null;
    } catch {
      return null;
    }
  }

  _current() {
    const pointer = this._get(KEYS.pointer);
    return pointer === "a" || pointer === "b" ? pointer : null;
  }

  /** The saved snapshot, and what went wrong reading it ({snapshot, notices}). */
  load() {
    const notices = [];
    if (!this.storage) return { snapshot: null, notices };
    const current = this._current();
    const order = current === "b" ? ["b", "a"] : ["a", "b"];
    if (!current) order.length = 0;
    for (const slot of order) {
      const raw = this._get(KEYS[slot]);
      if (raw === null) continue;
      let parsed = null;
      try {
        parsed = JSON.parse(raw);
      } catch {
        parsed = null;
      }
      if (isSnapshot(parsed)) {
        if (notices.length) notices[0] = "older";
        this._point(slot);
        return { snapshot: parsed.snapshot, notices, demand: isDemand(parsed.demand) ? parsed.demand : null };
      }
      this.setAside(raw);
      this._remove(KEYS[slot]);
      if (!notices.length) notices.push("corrupt");
    }
    return { snapshot: null, notices };
  }

  _point(slot) {
    try {
      this.storage.setItem(KEYS.pointer, slot);
    } catch {
      /* the pointer already says so, or storage is read-only: nothing is lost */
    }
  }

  _remove(key) {
    try {
      this.storage.removeItem(key);
    } catch {
      /* nothing to do */
    }
  }

  /** Save a snapshot, with the card's demand on the table if there is one (`demand`: the
   * panel's card, effect, context and choices); returns null when saved, else the problem
   * ("unavailable" | "full"). */
  save(snapshot, demand = null) {
    if (!this.storage) return (this.problem = "unavailable");
    const text = JSON.stringify({ format: FORMAT, saved_at: new Date().toISOString(), snapshot, ...(demand ? { demand } : {}) });
    const next = this._current() === "a" ? "b" : "a";
    try {
      this._write(KEYS[next], text);
      this.storage.setItem(KEYS.pointer, next); // the swap: only after the write succeeded
      this.problem = null;
    } catch (error) {
      this.problem = isQuota(error) ? "full" : "unavailable";
    }
    return this.problem;
  }

  _write(key, text) {
    try {
      this.storage.setItem(key, text);
    } catch (error) {
      if (!isQuota(error)) throw error;
      this.storage.removeItem(key); // the older of the two saves makes room, then one retry
      this.storage.setItem(key, text);
    }
  }

  /** Keep unreadable data for the player to download; never silently dropped. */
  setAside(raw) {
    this.asideInMemory = raw;
    try {
      if (this.storage) this.storage.setItem(KEYS.corrupt, raw);
    } catch {
      /* kept in memory for this visit */
    }
  }

  aside() {
    return this.asideInMemory ?? this._get(KEYS.corrupt);
  }

  forgetAside() {
    this.asideInMemory = null;
    if (this.storage) this._remove(KEYS.corrupt);
  }

  /** The saved history (for "the rules refused it": set the current save aside). */
  rawCurrent() {
    const slot = this._current();
    return slot ? this._get(KEYS[slot]) : null;
  }

  dropCurrent() {
    const slot = this._current();
    if (!slot) return;
    this._remove(KEYS[slot]);
    this._remove(KEYS.pointer);
  }
}
