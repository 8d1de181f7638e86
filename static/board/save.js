// @ts-check
// The autosave's side of the board: saving after each move, telling the player about saves
// set aside (with Download and Discard), and following another tab on the same table.
//
// Two tabs: a tab hears that another one saved (a `storage` event on the pointer,
// and a BroadcastChannel message where there is one). When it is idle it follows: it opens
// the other tab's save, so its next change goes on top of the other tab's. If both changed
// the table at the same moment, this tab's save finds the pointer moved and writes nothing:
// its own game is set aside (offered for download) and the other tab's is opened (unless
// the other tab's save is the very same game: then nothing is set aside). Either way, a save
// never silently drops the other tab's edits.
//
// Moving at the same moment: each save reads the pointer and writes under a Web Lock (where
// the browser has them), so two tabs never save at once. A save that cannot wait for the
// lock (the page is being closed), or a browser without locks, can still write beside
// another tab's save: every head names the saves it goes on from, so whenever a tab hears of
// a save (the `storage` event's new value, the channel's message) it checks for two saves
// where neither goes on from the other (store.forks), keeps the one the pointer lost aside,
// and says so above the table ("fork"), with a Download.

import { createSaveNotices } from "./asides.js";
import { t } from "../shared/i18n.js";
import { h } from "./dom.js";
import { KEYS } from "./store.js";

const CHANNEL = "castaway-referee.table";
const LOCK = "castaway-referee.save"; // the Web Lock every save is written under
const locks = typeof navigator !== "undefined" && navigator.locks && typeof navigator.locks.request === "function" ? navigator.locks : null;
const SAVE_WITHIN = 500; // ms: the longest a save waits for the browser to be idle
const whenIdle = typeof requestIdleCallback === "function"
  ? (fn) => requestIdleCallback(() => fn(), { timeout: SAVE_WITHIN })
  : (fn) => setTimeout(fn, 20);
const cancelIdle = typeof cancelIdleCallback === "function" ? cancelIdleCallback : clearTimeout;

/** Whether two values are the same JSON (objects compared key by key, in any order). */
function sameJson(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]));
}

/** Whether a saved game is this tab's game: the same first table, log, position and table
 * (what a copy kept aside would hold). */
function sameGame(doc, journal, state) {
  return doc.cursor === journal.cursor && doc.entries.length === journal.entries.length
    && sameJson(doc.state, state) && sameJson(doc.initial, journal.initial) && sameJson(doc.entries, journal.entries);
}

/** Run `fn` under the save lock, then `done` (always, once); a lock refused (a document
 * without locks) runs it all the same. */
function underLock(fn, done) {
  let ran = false;
  const run = () => {
    if (ran) return;
    ran = true;
    try {
      fn();
    } finally {
      done();
    }
  };
  locks.request(LOCK, run).catch(run);
}

/** A look (`look`) for saves lost to another tab's, made at idle time, once for any number of
 * news heard meanwhile. While it waits it counts as work in progress (`saving`), so "settled"
 * means that this tab has looked since the last news it heard: until then a save lost to
 * another tab's is in storage, but nothing points to it. `now()`: look at once, if waiting. */
function idleLook(look, saving) {
  let waiting = null;
  const now = () => {
    if (waiting === null) return;
    cancelIdle(waiting);
    waiting = null;
    try {
      look();
    } finally {
      saving(false);
    }
  };
  const soon = () => {
    if (waiting !== null) return;
    saving(true);
    waiting = whenIdle(now);
  };
  return { soon, now };
}

/** What another tab's write to storage is news of: "saved" (the pointer moved), "head" (a
 * save's head: its pointer write may have lost to ours, and then no other news of it comes;
 * or its channel message came before it), "aside" (the list of saves kept aside), or null. */
function storageNews({ key, newValue }) {
  if (key === KEYS.pointer) return "saved";
  if (typeof key === "string" && (key === KEYS.asideList || key.startsWith(KEYS.aside))) return "aside";
  return typeof key === "string" && key.startsWith(KEYS.head) && newValue !== null ? "head" : null;
}

/** The line saying that the table is open in `count` other tabs too (none: no line). */
function sayElsewhere(count, clearNotice) {
  const html = document.documentElement;
  html.dataset.otherTabs = String(count);
  clearNotice("elsewhere");
  if (!count) return;
  const box = document.getElementById("board-notices");
  // While this tab shows a shared table, the one in the other tab is the player's own.
  const text = html.dataset.link === "shared" || html.dataset.link === "checking"
    ? t("Your own table is open in another tab (this one shows a shared table). It is kept as it is there; nothing is lost.")
    : t("This table is also open in another tab. Changes made in either tab show in both; nothing is lost.");
  box.append(h("p", { class: "notice", data: { notice: "elsewhere", testid: "notice-elsewhere" } }, h("span", { text })));
}

export function createAutosave({ store, journal, board }) {
  const html = document.documentElement;
  const tab = Math.random().toString(36).slice(2);
  let timer = null;
  let queued = false; // a save waiting for the lock
  const scan = idleLook(() => forked(), board.saving); // for saves lost to another tab's
  const told = new Set(store.asides().map((a) => a.key));
  let following = true;
  let channel = null;
  const others = new Set();
  const { notice, clearNotice, downloadButton, drawAsides } = createSaveNotices({ store, say: (text) => board.say(text) });

  // A move is saved once the board has shown it: in the browser's idle time after the frame
  // (within SAVE_WITHIN ms at most), so that writing it never delays the move on screen. A
  // page that is hidden or closed first saves at once (below). Meanwhile the board counts
  // the save as work in progress (board.saving), so "settled" still means "saved".
  function soon() {
    if (timer !== null) return;
    timer = whenIdle(now);
    board.saving(true);
  }

  /** Save now: under the lock, unless `urgent` (the page is being closed: no waiting). */
  function now(urgent = false) {
    if (timer !== null) {
      cancelIdle(timer);
      timer = null;
      board.saving(false);
    }
    if (!locks || urgent) return write();
    if (queued) return;
    queued = true;
    board.saving(true);
    underLock(() => queued && write(), () => board.saving(false)); // (not if closed meanwhile)
  }

  function write() {
    queued = false;
    const snapshot = board.snapshot();
    if (!snapshot || !journal.initial) return;
    const problem = store.save(journal, snapshot.state, board.demand ? board.demand() : null);
    if (problem === "conflict") {
      conflict();
      return;
    }
    for (const kind of ["full", "unavailable"]) if (kind !== problem) clearNotice(kind);
    if (problem) notice(problem);
    html.dataset.saved = problem ? "no" : "yes";
    if (!problem && channel) channel.postMessage({ type: "saved", tab });
  }

  // Another tab saved: follow it; a save lost to one written at the same moment is kept
  // aside, looked for at idle time (a pointer value a later write replaced is not the last word).
  function heard(follows = true) {
    scan.soon();
    if (follows) follow();
  }
  // Said in every tab, whichever tab kept it aside (`told`: those already said here).
  function forked() {
    const lost = store.forks();
    const fresh = store.asides().filter((a) => a.why === "other-tab" && !told.has(a.key)).map((a) => a.key);
    for (const key of fresh) told.add(key);
    if (!fresh.length) return;
    notice("fork", downloadButton(fresh.at(-1)));
    drawAsides();
    html.dataset.forks = String(Number(html.dataset.forks || 0) + fresh.length);
    if (lost.includes(store.base)) follow(true); // ours was the one lost: open the one kept
  }

  /** Our save found another tab's newer one: keep ours aside, open theirs. When theirs is
   * the very same game (both tabs saved the same table in the same moment), there is
   * nothing of ours to keep: theirs is opened, and nothing is set aside. */
  function conflict() {
    const state = board.snapshot().state;
    const theirs = store.peek();
    if (theirs && sameGame(theirs, journal, state)) {
      follow(true);
      return;
    }
    const key = store.setAsideGame(journal, state, "other-tab");
    told.add(key); // said here as a "conflict"
    notice("conflict", downloadButton(key));
    drawAsides();
    follow(true);
  }

  /** Open the save another tab wrote (when this tab is not in the middle of a change). */
  async function follow(force = false) {
    if (!following && !force) return;
    if (!store.changedElsewhere() && !force) return;
    if (board.busy()) {
      setTimeout(() => follow(force), 50);
      return;
    }
    const doc = store.latest();
    if (!doc) {
      store.takeOver(); // the other tab's save cannot be read: kept aside, ours is saved
      drawAsides();
      soon();
      return;
    }
    const ok = await board.open(doc);
    if (ok) {
      html.dataset.followed = String(Number(html.dataset.followed || 0) + 1);
      board.say(t("This table was changed in another tab: it now shows that tab's changes."));
    }
  }

  function listen() {
    addEventListener("storage", (e) => {
      const news = storageNews(e);
      if (news === "aside") drawAsides();
      if (news) heard(news === "saved");
    });
    if (typeof BroadcastChannel !== "function") return;
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = ({ data }) => {
      if (!data || data.tab === tab) return;
      if (data.type === "hello" || data.type === "here") {
        if (!others.has(data.tab)) others.add(data.tab);
        if (data.type === "hello") channel.postMessage({ type: "here", tab });
        elsewhere();
      } else if (data.type === "bye") {
        others.delete(data.tab);
        elsewhere();
      } else if (data.type === "saved") heard();
    };
    channel.postMessage({ type: "hello", tab });
    addEventListener("pagehide", () => channel.postMessage({ type: "bye", tab }));
  }

  /** Say plainly that the table is open in another tab too, and that changes follow. */
  function elsewhere() {
    sayElsewhere(others.size, clearNotice);
  }

  addEventListener("pagehide", () => {
    if (timer !== null || queued) now(true);
    scan.now(); // a tab that closes looks for a lost save at once: it will have no idle time
  });
  document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && timer !== null && now());

  return {
    notice, clearNotice, drawAsides, downloadButton, soon, now, listen, follow,
    /** The other-tab line again (its words depend on whether a shared table is shown). */
    drawTabs: elsewhere,
    /** For the tests: stop following (as if the other tab's news came late). */
    setFollowing(on) { following = on; },
  };
}
