// The board: boots from the autosave before Python is ready, sends every change to the core
// through the session (queued while the rules load), redraws from the core's snapshot, and
// keeps the autosave, the history log, share links and import/export.

import { createDemandPanel } from "./demand.js";
import { h } from "./dom.js";
import { installMoves } from "./dnd.js";
import { FRESH_TABLE, ROLES, plainError, title } from "./labels.js";
import { movesFor, pieceName } from "./moves.js";
import { renderBoard } from "./render.js";
import { MESSAGES, Store } from "./store.js";

const $ = (id) => document.getElementById(id);
const html = document.documentElement;
const referee = window.referee;

const store = new Store();
let rulesReady = false;
let tail = Promise.resolve();
const waiting = [];
let rev = 0;
let busy = 0;
let cardsKnown = false; // the log names cards once the catalogue is here

const ctl = {
  snapshot: null, // the last snapshot of our own table (from the save, then from the core)
  state: FRESH_TABLE, // what the board shows: our table, or a shared one
  readonly: false,
  shared: null, // {request} while a shared table is shown
  holding: null,
  resolving: null, // the planned Action whose lead pawn resolves the demand ("Resolve")

  set(path, value, summary) {
    return this.edit([{ op: "set", path, value }], summary);
  },

  /** Send edits to the core; true if it accepted them. */
  async edit(edits, summary, t0 = performance.now()) {
    if (this.readonly) return false;
    try {
      const env = await this.command({ cmd: "edit", edits, summary }, summary);
      this.accept(env.snapshot, t0);
      this.say(`${summary}.`);
      clearMessage("refused");
      return true;
    } catch (error) {
      this.refuse(error, summary);
      return false;
    }
  },

  /** Run one session command after those before it; queued until the rules are ready. */
  command(command, label) {
    const queued = !rulesReady && label !== null;
    if (queued) waiting.push(label);
    busy += 1;
    html.dataset.busy = String(busy);
    showPending();
    const job = tail.then(async () => {
      if (!(await referee.ready)) throw new referee.RefereeError("rules_unavailable", "The rules could not be loaded, so the table cannot change.");
      return referee.session(command);
    });
    tail = job.catch(() => {}).then(() => {
      if (queued) waiting.shift();
      showPending();
      // After the caller's own continuation (accept or refuse) has drawn the board.
      setTimeout(() => {
        busy -= 1;
        html.dataset.busy = String(busy);
      }, 0);
    });
    return job;
  },

  /** A new snapshot from the core: draw it, save it, log it. */
  accept(snapshot, t0) {
    this.snapshot = snapshot;
    if (!this.shared) this.state = snapshot.state;
    saveSoon();
    this.holding = null;
    draw();
    if (t0 !== undefined) {
      // From pointer-up (or the key press, or the tap) to the board showing the core's answer:
      // "board-move" when the DOM is updated, "board-move-frame" at the next frame.
      performance.measure("board-move", { start: t0, end: performance.now() });
      requestAnimationFrame(() => performance.measure("board-move-frame", { start: t0, end: performance.now() }));
    }
    demand.tableChanged();
  },

  refuse(error, summary) {
    const reason = plainReason(error);
    showMessage(`Not done: ${reason}`, "refused", lastTap);
    this.say(`Not done: ${reason}`);
    this.holding = null;
    draw();
  },

  say(text) {
    const live = $("board-live");
    live.textContent = "";
    live.textContent = text; // a change of text is announced even when it repeats
  },

  pick(piece, el) {
    if (this.readonly) return;
    if (this.holding && JSON.stringify(this.holding) === JSON.stringify(piece)) {
      this.drop();
      return;
    }
    this.holding = piece;
    this.heldFrom = el && el.dataset.key;
    draw();
    const first = document.querySelector("#board [data-put]");
    this.say(`Holding ${pieceName(this.state, piece)}. ${first ? "Choose where it goes: Tab or arrow keys to a “Put here” button, Enter to put it, Escape to cancel." : "It has nowhere to go."}`);
    if (first) first.focus();
    html.dataset.holding = "true";
  },

  drop() {
    this.holding = null;
    html.dataset.holding = "false";
    draw();
    this.say("Put back: nothing moved.");
    const from = this.heldFrom && document.querySelector(`#board [data-key="${CSS.escape(this.heldFrom)}"]`);
    if (from) from.focus();
  },

  place(place, key) {
    const piece = this.holding;
    this.holding = null;
    html.dataset.holding = "false";
    return this.commit(piece, place, { via: "tap", key });
  },

  commit(piece, place, { t0 = performance.now(), key, via } = {}) {
    const move = movesFor(this.state, piece, place);
    // A keyboard or tap move puts the focus on the place the piece went; a pointer drag
    // leaves it alone (focusing forces a layout in the middle of the redraw, for nobody).
    this.focusAfter = key && via !== "drag" ? key.replace(/^put-/, "") : null;
    this.dragged = via === "drag";
    if (!move) {
      draw();
      this.say("Nothing to move there.");
      return Promise.resolve(false);
    }
    return this.edit(move.edits, move.summary, t0);
  },

  download(name, data) {
    const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
    const a = h("a", { href: URL.createObjectURL(blob), download: name, class: "visually-hidden" });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  },

  ruleShared(request) {
    return referee.rule(request);
  },

  /** "Resolve" on a planned Action: its lead pawn's figure resolves the demand. */
  resolve(action) {
    demand.resolve(action);
  },

  redrawBoard() {
    draw();
  },

  /** The card's demand changed: saved with the table (soon, once, whatever else changed). */
  demandChanged() {
    if (!this.shared) saveSoon();
  },
};

const roots = Object.fromEntries(["game", "camp", "resources", "actions", "characters", "helpers", "island", "spaces", "finds"]
  .map((id) => [id, $(`board-${id}`)]));
// The card's panel, built in boot() once the page has painted (it is a good part of the page).
let demand = null;

// ------------------------------------------------------------------ drawing

function draw() {
  const active = document.activeElement;
  const key = active && active.closest && active.closest("#board") && !ctl.dragged ? active.dataset.key : null;
  ctl.dragged = false;
  renderBoard(ctl, roots);
  drawLog();
  drawToolbar();
  $("board").dataset.readonly = String(ctl.readonly);
  rev += 1;
  html.dataset.boardRev = String(rev);
  restoreFocus(key);
}

function restoreFocus(key) {
  const want = ctl.focusAfter || key;
  ctl.focusAfter = null;
  if (!want || (document.activeElement && document.activeElement !== document.body && document.contains(document.activeElement))) return;
  const el = document.querySelector(`#board [data-key="${CSS.escape(want)}"]`);
  if (el) el.focus();
}

// The history, newest first. Entries are only ever added at the end of the log or flip
// between applied and undone (a new change after an Undo drops the undone tail), so the list
// is patched: a move adds one item instead of redrawing the whole history.
let logShown = { cards: null, sigs: [] }; // what the list shows: one signature per entry
function drawLog() {
  const list = $("log-list");
  const log = ctl.snapshot ? ctl.snapshot.log : [];
  const { sigs } = logShown;
  const stale = logShown.cards !== cardsKnown || sigs.length > log.length || sigs.some((sig, i) => sig !== entrySig(log[i]));
  if (!log.length) {
    if (sigs.length || !list.firstChild) list.replaceChildren(h("li", { class: "hint", text: "Nothing yet: changes and rulings appear here, newest first." }));
    logShown = { cards: cardsKnown, sigs: [] };
    return;
  }
  if (stale || !sigs.length) {
    list.replaceChildren();
    logShown = { cards: cardsKnown, sigs: [] };
  }
  for (let i = logShown.sigs.length; i < log.length; i += 1) {
    list.prepend(logEntry(log[i], i));
    logShown.sigs.push(entrySig(log[i]));
  }
}

const entrySig = (e) => `${e.applied ? 1 : 0}${e.kind}:${e.card || ""}:${e.summary || ""}`;

function logEntry(e, i) {
  return h("li", { class: ["log-entry", `log-${e.kind}`, !e.applied && "is-undone"], data: { testid: `log-${i}` } },
    h("span", { class: "log-kind", text: e.kind === "ruling" ? "Ruling" : "Table" }),
    h("span", { class: "log-text", text: `${e.card ? `${demand.cardName(e.card)}: ` : ""}${e.summary || "(no summary)"}` }),
    e.applied ? null : h("span", { class: "log-undone", text: " (undone)" }));
}

function drawToolbar() {
  const own = !ctl.shared;
  $("undo").disabled = !own || !ctl.snapshot || !ctl.snapshot.can_undo;
  $("redo").disabled = !own || !ctl.snapshot || !ctl.snapshot.can_redo;
  for (const id of ["new-game", "import-button"]) $(id).disabled = !own;
}

function showPending() {
  const box = $("board-pending");
  html.dataset.pending = String(waiting.length);
  box.hidden = waiting.length === 0;
  box.replaceChildren(
    h("span", { class: "dot", "aria-hidden": "true" }),
    h("span", { text: `Waiting for the rules… ${waiting.length} change${waiting.length === 1 ? "" : "s"} queued: ` }),
    h("span", { class: "pending-list", text: waiting.join("; ") }));
}

/** The core's reason in a player's words: no internal values ("(shelter is 'none')"). */
function plainReason(error) {
  const text = plainError(error).replace(/\s*\([^()]*['"][^()]*\)/g, "").trim();
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

// Where the player last tapped (or clicked, or pressed Enter; or let go of a dragged piece):
// a refusal is shown there, next to the control, not in a corner of the screen.
let lastTap = null;
document.addEventListener("pointerup", (e) => { lastTap = { x: e.clientX, y: e.clientY }; }, true);
document.addEventListener("click", (e) => {
  const el = e.target.closest && e.target.closest("[data-key], [data-testid]");
  lastTap = el ? { key: el.dataset.key, testid: el.dataset.testid, x: e.clientX, y: e.clientY } : null;
}, true);

function anchorRect(anchor) {
  if (!anchor) return null;
  const el = (anchor.key && document.querySelector(`[data-key="${CSS.escape(anchor.key)}"]`))
    || (anchor.testid && document.querySelector(`[data-testid="${CSS.escape(anchor.testid)}"]`));
  if (el && el.getClientRects().length) return el.getBoundingClientRect();
  return anchor.x || anchor.y ? { left: anchor.x, top: anchor.y, bottom: anchor.y } : null;
}

/** Put the message just below the control (above it if there is no room), inside the screen. */
function placeMessage(box, anchor) {
  const r = anchorRect(anchor);
  box.classList.toggle("is-anchored", Boolean(r));
  if (!r) {
    box.style.left = "";
    box.style.top = "";
    return;
  }
  const m = 8;
  const { offsetWidth: w, offsetHeight: hgt } = box;
  let top = r.bottom + m;
  if (top + hgt > innerHeight - m) top = r.top - hgt - m;
  top = Math.max(m, Math.min(top, innerHeight - hgt - m));
  const left = Math.max(m, Math.min(r.left, innerWidth - w - m));
  box.style.left = `${Math.round(left)}px`; // CSSOM: allowed by the CSP
  box.style.top = `${Math.round(top)}px`;
}

// A toast that stays on screen until the player dismisses it (or their next change goes through).
function showMessage(text, kind = "info", anchor = null) {
  const box = $("board-message");
  const back = document.activeElement;
  box.dataset.kind = kind;
  box.replaceChildren(h("span", { text }), h("button", { type: "button", class: "secondary small", data: { testid: "message-ok" },
    onclick: () => {
      box.replaceChildren();
      box.dataset.kind = "";
      box.classList.remove("is-anchored");
      if (back && document.contains(back) && back !== document.body) back.focus();
    } }, "OK"));
  placeMessage(box, anchor);
}

function clearMessage(kind) {
  const box = $("board-message");
  if (box.dataset.kind !== kind) return;
  box.replaceChildren();
  box.dataset.kind = "";
  box.classList.remove("is-anchored");
}

function notice(kind, extra) {
  const box = $("board-notices");
  box.querySelector(`[data-notice="${kind}"]`)?.remove();
  box.append(h("p", { class: "notice", data: { notice: kind, testid: `notice-${kind}` } }, h("span", { text: MESSAGES[kind] || kind }), extra || null));
}

function clearNotice(kind) {
  $("board-notices").querySelector(`[data-notice="${kind}"]`)?.remove();
}

// Saved right after the board is drawn (not before: the player sees the move first), and
// at once if the page is being hidden or closed.
let saveTimer = null;
function saveSoon() {
  if (saveTimer === null) saveTimer = setTimeout(saveNow, 0);
}
addEventListener("pagehide", () => saveTimer !== null && saveNow());
document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && saveTimer !== null && saveNow());

function saveNow() {
  clearTimeout(saveTimer);
  saveTimer = null;
  if (!ctl.snapshot) return;
  const problem = store.save(ctl.snapshot, demand ? demand.saved() : null);
  for (const kind of ["full", "unavailable"]) if (kind !== problem) clearNotice(kind);
  if (problem) notice(problem);
  html.dataset.saved = problem ? "no" : "yes";
}

function asideButton() {
  return h("button", { type: "button", class: "secondary small", data: { testid: "download-aside" }, onclick: () => {
    const blob = new Blob([store.aside() || ""], { type: "application/octet-stream" });
    const a = h("a", { href: URL.createObjectURL(blob), download: "castaway-unreadable-save.txt" });
    document.body.append(a);
    a.click();
    a.remove();
  } }, "Download the unreadable save");
}

// ------------------------------------------------------------------ toolbar

/** The log entry Undo (or Redo) would take back (or bring back), in the log's words. */
function entryFor(cmd) {
  const log = ctl.snapshot ? ctl.snapshot.log : [];
  const cursor = log.filter((e) => e.applied).length;
  const e = log[cmd === "undo" ? cursor - 1 : cursor];
  return e ? `${e.card ? `${demand.cardName(e.card)}: ` : ""}${e.summary || (e.kind === "ruling" ? "a ruling" : "a change")}` : "";
}

// What Undo or Redo did, shown for a few seconds at the toolbar (and said to screen readers).
let toastTimer = null;
function undoToast(text) {
  const box = $("undo-toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, 4000);
}

async function undoRedo(cmd) {
  const what = entryFor(cmd);
  try {
    const env = await ctl.command({ cmd }, title(cmd));
    ctl.accept(env.snapshot);
    const text = `${cmd === "undo" ? "Undone" : "Redone"}${what ? `: ${what}` : ""}.`;
    undoToast(text); // a role="status": screen readers hear it too
  } catch (error) {
    ctl.refuse(error, title(cmd));
  }
}

function confirmDialog(titleText, text, okText) {
  const dialog = $("confirm-dialog");
  $("confirm-title").textContent = titleText;
  $("confirm-text").textContent = text;
  $("confirm-ok").textContent = okText;
  dialog.returnValue = "";
  dialog.showModal();
  return new Promise((resolve) => dialog.addEventListener("close", () => resolve(dialog.returnValue === "ok"), { once: true }));
}

async function replaceTable(command, label) {
  try {
    const env = await ctl.command(command, label);
    leaveShared();
    ctl.accept(env.snapshot);
    ctl.say(`${label}: done.`);
    return true;
  } catch (error) {
    showMessage(`${label}: ${plainError(error)}`, "refused");
    return false;
  }
}

function wireToolbar() {
  $("undo").addEventListener("click", () => undoRedo("undo"));
  $("redo").addEventListener("click", () => undoRedo("redo"));
  $("export").addEventListener("click", () => ctl.snapshot && ctl.download("castaway-table.json", ctl.snapshot.history));
  $("import-button").addEventListener("click", () => $("import-file").click());
  $("import-file").addEventListener("change", importFile);
  $("new-game").addEventListener("click", () => $("new-dialog").showModal());
  $("new-form").addEventListener("submit", newGame);
  $("new-cancel").addEventListener("click", () => $("new-dialog").close());
  document.addEventListener("keydown", (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== "z" || e.target.closest("input, textarea, select")) return;
    e.preventDefault();
    undoRedo(e.shiftKey ? "redo" : "undo");
  });
}

async function newGame(e) {
  e.preventDefault();
  const form = e.target;
  const roles = ROLES.filter((r) => form.elements.namedItem(`new-${r}`).checked);
  const error = $("new-error");
  if (!roles.length) {
    error.textContent = "Choose at least one character.";
    return;
  }
  const scenario = Number(form.elements.namedItem("new-scenario").value);
  const state = { characters: roles.map((role) => ({ role })), first_player: roles[0], scenario,
    friday: form.elements.namedItem("new-friday").checked ? {} : null, dog: form.elements.namedItem("new-dog").checked };
  error.textContent = "";
  $("new-dialog").close();
  demand.clear(); // the last game's card is not this game's
  await replaceTable({ cmd: "new", state }, "New game");
}

// Import: a table exported by this app (its history), or a request (table + demand).
export async function importText(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    showMessage(`This file is not JSON, so it cannot be imported (${error.message}).`, "refused");
    return false;
  }
  const isRequest = data && data.format === "castaway-referee/request";
  const history = data && data.format === "castaway-referee/autosave" ? data.snapshot && data.snapshot.history : data;
  if (!isRequest && !(history && typeof history === "object" && history.initial)) {
    showMessage("This file is neither a table exported by Castaway Referee nor a request (format castaway-referee/request).", "refused");
    return false;
  }
  if (!(await confirmDialog("Replace your table?", "The imported table replaces the one on this device, with its history. Export yours first if you want to keep it.", "Replace my table"))) {
    ctl.say("Import cancelled: your table is unchanged.");
    return false;
  }
  const ok = await replaceTable(isRequest ? { cmd: "new", state: data.state } : { cmd: "load", history }, "Import");
  if (ok && isRequest && data.effect) demand.load({ card: data.card, effect: data.effect, context: data.context || {}, choices: data.choices || {} });
  return ok;
}

async function importFile(e) {
  const file = e.target.files && e.target.files[0];
  e.target.value = "";
  if (!file) return;
  if (file.size > 2_000_000) {
    showMessage("This file is too large to be a Castaway Referee table.", "refused");
    return;
  }
  await importText(await file.text());
}

// ------------------------------------------------------------------ share links

async function openLink() {
  const match = /^#r=(.*)$/.exec(location.hash);
  if (!match) return;
  if (!(await referee.ready)) return;
  let request;
  try {
    request = await referee.links.decode(decodeURIComponent(match[1]));
  } catch (error) {
    html.dataset.link = "error";
    showMessage(`This share link cannot be opened: ${plainError(error)} Your own table is unchanged.`, "link-error");
    return;
  }
  let ruling = null;
  let ruleError = null;
  try {
    ruling = await referee.rule(request);
  } catch (error) {
    ruleError = plainError(error);
  }
  ctl.shared = { request };
  ctl.readonly = true;
  ctl.holding = null;
  ctl.state = request.state;
  $("shared-banner").hidden = false;
  html.dataset.link = "shared";
  draw();
  demand.load(request, ruling);
  if (ruleError) demand.showError(ruleError);
  ctl.say("Showing a shared table and its ruling. Your own table is kept.");
  $("shared-title").focus();
}

function leaveShared() {
  if (!ctl.shared) return;
  ctl.shared = null;
  ctl.readonly = false;
  ctl.state = ctl.snapshot ? ctl.snapshot.state : FRESH_TABLE;
  $("shared-banner").hidden = true;
  html.dataset.link = "";
  if (location.hash.startsWith("#r=")) history.replaceState(null, "", location.pathname + location.search);
  draw();
  demand.redraw();
}

function wireShared() {
  $("shared-back").addEventListener("click", () => {
    leaveShared();
    demand.tableChanged();
    ctl.say("Back to your own table.");
  });
  $("shared-load").addEventListener("click", async () => {
    const { request } = ctl.shared;
    if (!(await confirmDialog("Play this shared table?", "It replaces the table on this device, with its history. Export yours first if you want to keep it.", "Replace my table"))) return;
    if (await replaceTable({ cmd: "new", state: request.state }, "Shared table loaded")) demand.load(request, null);
  });
  addEventListener("hashchange", () => { if (location.hash.startsWith("#r=")) openLink(); });
}

// ------------------------------------------------------------------ boot

/** Resolves once the page has painted its frame (header, empty table) or at once if it
 * already has or is hidden: drawing the board takes a while, and the first paint must not
 * wait for it (modules from the cache are otherwise run before anything is shown). */
function firstPaint() {
  if (document.visibilityState === "hidden" || performance.getEntriesByType("paint").length) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 200); // a frame that never comes (a background tab)
    requestAnimationFrame(() => setTimeout(() => { clearTimeout(timer); resolve(); }, 0));
  });
}

async function boot() {
  const { snapshot, notices, demand: savedDemand } = store.load();
  if (store.problem) notice(store.problem);
  for (const kind of notices) notice(kind, asideButton());
  if (snapshot) {
    ctl.snapshot = snapshot;
    ctl.state = snapshot.state;
  }
  await firstPaint();
  demand = createDemandPanel(ctl, $("demand"), $("verdict-bar"));
  installMoves($("board"), ctl);
  wireToolbar();
  wireShared();
  html.dataset.board = snapshot ? "saved" : "fresh";
  draw();
  performance.mark("board-drawn");
  // Drawn and wired: moves made from here are queued until the rules are ready (issue 6).
  performance.mark("board-interactive");

  // First in the queue, ahead of any change made while the rules load: the saved table.
  const first = snapshot ? ctl.command({ cmd: "load", history: snapshot.history }, null) : ctl.command({ cmd: "snapshot" }, null);
  if (snapshot && savedDemand && !location.hash.startsWith("#r=")) demand.restore(savedDemand); // ruled once the table is loaded
  let env;
  try {
    env = await first;
  } catch (error) {
    if (error.type === "rules_unavailable") {
      showMessage("The rules could not be loaded. The table is shown as saved but cannot change; reload to try again.", "refused");
      ctl.readonly = true;
      draw();
      return;
    }
    store.setAside(store.rawCurrent());
    store.dropCurrent();
    notice("refused", asideButton());
    env = await ctl.command({ cmd: "snapshot" }, null);
  }
  rulesReady = true;
  ctl.accept(env.snapshot);
  html.dataset.board = "live";
  referee.catalogue().then((c) => { demand.setCatalogue(c.cards); cardsKnown = true; drawLog(); }, (error) => showMessage(`The card list could not be loaded: ${plainError(error)}`));
  Promise.all([referee.call("faq", ""), referee.call("clauses", "")])
    .then(([f, c]) => demand.setFaq(f.faq.entries, c.clauses), () => {}); // the codes then link to the FAQ's start
  await openLink();
}

boot();

// For the end-to-end tests and the benchmark: the same doors the buttons use.
export const board = Object.freeze({
  command: (command) => ctl.command(command, "Test").then((env) => { ctl.accept(env.snapshot); return env; }),
  edit: (edits, summary = "Test edit") => ctl.edit(edits, summary),
  state: () => ctl.state,
  importText,
  store,
});
