// @ts-check
// The board: boots from the autosave before Python is ready, sends every change to the core
// through the session (queued while the rules load), redraws from the core's snapshot, and
// keeps the autosave, the history log, share links and import/export.

import { createHeldCaption } from "./caption.js";
import { createDemandPanel } from "./panel/panel.js";
import { h } from "./dom.js";
import { installMoves } from "./dnd.js";
import { Journal } from "./journal.js";
import { FRESH_TABLE, ROLES, plainError, title } from "../shared/labels.js";
import { movesFor, pieceName } from "./moves.js";
import { renderBoard } from "./render.js";
import { createAutosave } from "./save.js";
import { peekLink } from "../shared/linkpeek.js";
import { effectProblem } from "../shared/savecheck.js";
import { Store } from "./store.js";

/** @param {string} id */
const $ = (id) => document.getElementById(id);
/** @param {string} id */
const $button = (id) => /** @type {HTMLButtonElement} */ ($(id));
/** @param {string} id */
const $dialog = (id) => /** @type {HTMLDialogElement} */ ($(id));
const html = document.documentElement;
const referee = window.referee;

const store = new Store();
// The whole game's history stays here; the rules' session holds a window of it (journal.js).
const journal = new Journal((command) => referee.session(command));
let rulesReady = false;
let rulesDown = false; // the rules could not be loaded: the table is shown, and cannot change
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
  undo: () => undoRedo("undo"), // the verdict bar's Undo, once a ruling is applied

  set(path, value, summary) {
    return this.edit([{ op: "set", path, value }], summary);
  },

  /** Send edits to the core; true if it accepted them. */
  async edit(edits, summary, t0 = performance.now()) {
    if (this.readonly) return false;
    let env;
    try {
      env = await this.command({ cmd: "edit", edits, summary }, summary);
    } catch (error) {
      this.refuse(error);
      return false;
    }
    // Done by the core: said so, even if drawing it went wrong (accept never throws: a change
    // that was made is never reported "Not done").
    this.accept(env.snapshot, t0);
    this.say(`${summary}.`);
    clearMessage("refused");
    clearMessage("hint");
    return true;
  },

  /** Run one session command after those before it; queued until the rules are ready. */
  command(command, label) {
    const queued = !rulesReady && label !== null;
    if (queued) waiting.push(label);
    setBusy(1);
    showPending();
    const job = tail.then(async () => {
      if (!(await referee.ready)) throw new referee.RefereeError("rules_unavailable", "The rules could not be loaded, so the table cannot change.");
      return journal.run(command);
    });
    // The history window moves on after the move is drawn, not while the player waits for it.
    tail = job.catch(() => {}).then(() => (journal.needsRebase() ? journal.rebase().then((env) => { this.snapshot = env.snapshot; }, () => {}) : null)).then(() => {
      if (queued) waiting.shift();
      showPending();
      // After the caller's own continuation (accept or refuse) has drawn the board.
      setTimeout(() => setBusy(-1), 0);
    });
    return job;
  },

  /** A new snapshot from the core: draw it, save it, log it. */
  accept(snapshot, t0, save = true) {
    this.snapshot = snapshot;
    if (!this.shared) this.state = snapshot.state;
    if (save) autosave.soon();
    this.holding = null;
    try {
      draw();
    } catch {
      // The core's table is kept and saved; the page says it could not draw it.
      showMessage("The table changed and is saved, but the page could not show it. Reload the page to see it.", "draw-error");
    }
    if (t0 !== undefined) {
      // From pointer-up (or the key press, or the tap) to the board showing the core's answer:
      // "board-move" when the DOM is updated, "board-move-frame" at the next frame.
      performance.measure("board-move", { start: t0, end: performance.now() });
      requestAnimationFrame(() => performance.measure("board-move-frame", { start: t0, end: performance.now() }));
    }
    if (demand) try {
      demand.tableChanged();
    } catch {
      demand.clear(); // a demand the panel cannot show is put away, not kept failing each move
    }
  },

  refuse(error) {
    const reason = plainReason(error);
    showMessage(`Not done: ${reason}`, "refused", lastTap);
    this.say(`Not done: ${reason}`);
    this.holding = null;
    draw();
  },

  /** A word on what a tap could not do yet (not a refusal: nothing was tried), by the finger. */
  hint(text) {
    showMessage(text, "hint", lastTap);
    this.say(text);
  },

  say(text) {
    const live = $("board-live");
    live.textContent = "";
    live.textContent = text; // a change of text is announced even when it repeats
  },

  /** Pick up a piece; its first "Put here" gets the focus, scrolled to for the keyboard, not
   * under a finger that tapped (the page must not move under it). */
  pick(piece, el, byPointer = false) {
    if (this.readonly) return;
    if (this.holding && JSON.stringify(this.holding) === JSON.stringify(piece)) {
      this.drop();
      return;
    }
    this.holding = piece;
    this.heldFrom = el && el.dataset.key;
    this.heldBy = byPointer ? lastPointer : "key"; // the caption says how to put it back
    if (demand) demand.showTable();
    draw();
    const first = /** @type {HTMLElement | null} */ (document.querySelector("#board [data-put]"));
    // A cube picked up with no Action planned can only go to another pile: say how to tie
    // it to an Action, where the finger is (else a second tap finds nothing to take it).
    const noAction = piece.t === "res" && !this.state.planned_actions.some((a) => !a.resolved)
      ? "To tie it to an Action, first put a character's pawn on that Action's space." : "";
    if (noAction) {
      showMessage(noAction, "hint", lastTap);
      drawCaption(); // placed again, clear of the note
    }
    this.say(`Holding ${pieceName(this.state, piece)}. ${first ? "Choose where it goes: Tab or arrow keys to a “Put here” button, Enter to put it, Escape to cancel." : "It has nowhere to go."} ${noAction}`.trim());
    if (first) first.focus({ preventScroll: byPointer });
  },

  drop() {
    clearMessage("hint");
    this.holding = null;
    draw();
    this.say("Put back: nothing moved.");
    const from = this.heldFrom && /** @type {HTMLElement | null} */ (document.querySelector(`#board [data-key="${CSS.escape(this.heldFrom)}"]`));
    if (from) from.focus();
  },

  place(place, key) {
    const piece = this.holding;
    this.holding = null;
    return this.commit(piece, place, { via: "tap", key });
  },

  /**
   * Move the piece to the place: from the tap (or key) that put it, or a drag's drop.
   * @param {object} piece @param {object} place
   * @param {{ t0?: number, key?: string, via?: "tap" | "drag" }} [how]
   */
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

  /** The card's demand may have changed: saved with the table (soon, once, whatever else
   * changed) when what would be saved differs. A panel that only rules again (a new card
   * list, another tab's table followed) writes nothing, so it never races another tab. */
  demandChanged() {
    if (this.shared || !demand) return;
    const now = JSON.stringify(demand.saved());
    if (now === savedDemand) return;
    savedDemand = now;
    autosave.soon();
  },
};

const roots = Object.fromEntries(["game", "camp", "resources", "actions", "characters", "helpers", "island", "spaces", "finds"]
  .map((id) => [id, $(`board-${id}`)]));
// The card's panel, built in boot() once the page has painted (it is a good part of the page).
let demand = null;
let savedDemand = "null"; // the demand as last saved (JSON), see ctl.demandChanged
const autosave = createAutosave({ store, journal, board: {
  snapshot: () => ctl.snapshot,
  demand: () => (demand ? demand.saved() : null),
  say: (text) => ctl.say(text),
  busy: () => busy > 0 || !rulesReady || Boolean(ctl.holding),
  saving: (on) => setBusy(on ? 1 : -1),
  open: openSaved,
} });

/** Work in progress (commands, a save waiting for idle time): <html data-busy> is "0" when settled. */
function setBusy(delta) {
  busy += delta;
  html.dataset.busy = String(busy);
}

// ------------------------------------------------------------------ drawing

function draw() {
  const active = /** @type {HTMLElement | null} */ (document.activeElement);
  const key = active && active.closest && active.closest("#board") && !ctl.dragged ? active.dataset.key : null;
  ctl.dragged = false;
  renderBoard(ctl, roots);
  drawLog();
  drawToolbar();
  $("board").dataset.readonly = String(ctl.readonly);
  const holding = String(Boolean(ctl.holding)); // board.css puts a planned Action's × away
  if (html.dataset.holding !== holding) html.dataset.holding = holding;
  drawCaption();
  rev += 1;
  html.dataset.boardRev = String(rev);
  restoreFocus(key);
}

// How to put the piece in hand back, by the piece, in the words of what picked it up.
const caption = createHeldCaption($("held-caption"));
const PUT_BACK = { touch: "Tap it again to put it back", pen: "Tap it again to put it back",
  mouse: "Click it again to put it back", key: "Press Esc to put it back" };

function drawCaption() {
  if (!ctl.holding) caption.hide();
  else caption.show(document.querySelector("#board .piece.is-held"), PUT_BACK[ctl.heldBy] || PUT_BACK.touch);
}

function restoreFocus(key) {
  const want = ctl.focusAfter || key;
  ctl.focusAfter = null;
  if (!want || (document.activeElement && document.activeElement !== document.body && document.contains(document.activeElement))) return;
  const el = /** @type {HTMLElement | null} */ (document.querySelector(`#board [data-key="${CSS.escape(want)}"]`));
  if (el) el.focus();
}

// The newest entries of the log are drawn, the rest counted (a game of 3,000 changes does not
// build 3,000 list items at each move); Export gives the whole log.
const LOG_SHOWN = 100;

function drawLog() {
  const list = $("log-list");
  const { entries, cursor } = journal;
  const sig = `${entries.length}|${cursor}|${journal.revision}|${cardsKnown}|${journal.initial !== null}`;
  if (list.dataset.sig === sig) return;
  list.dataset.size = String(entries.length);
  list.dataset.sig = sig;
  if (logItems.cards !== cardsKnown) logItems.drawn.clear(); // card ids become card names
  logItems.cards = cardsKnown;
  const first = Math.max(0, entries.length - LOG_SHOWN);
  const drawn = new Map();
  for (let i = entries.length - 1; i >= first; i -= 1) drawn.set(`${i}|${i < cursor}`, logItem(entries[i], i, i < cursor));
  logItems.drawn = drawn;
  const items = [...drawn.values()].map((item) => item.node);
  if (first > 0) items.push(h("li", { class: "hint", data: { testid: "log-earlier" }, text: `…and ${first.toLocaleString("en")} earlier entries (Export keeps them all).` }));
  if (!items.length) items.push(h("li", { class: "hint", text: "Nothing yet: changes and rulings appear here, newest first." }));
  placeChildren(list, items);
}

// The log's items as last drawn, by position and whether applied: a move adds one item and
// the rest stay in the page as they are (no 100 items rebuilt, restyled and laid out again).
const logItems = { cards: false, drawn: new Map() }; // "index|applied" -> {entry, node}

function logItem(e, i, applied) {
  const old = logItems.drawn.get(`${i}|${applied}`);
  if (old && old.entry === e) return old;
  const node = h("li", { class: ["log-entry", `log-${e.kind}`, !applied && "is-undone"], data: { testid: `log-${i}` } },
    h("span", { class: "log-kind", text: e.kind === "ruling" ? "Ruling" : "Table" }),
    h("span", { class: "log-text", text: `${e.card ? `${demand.cardName(e.card)}: ` : ""}${e.summary || "(no summary)"}` }),
    applied ? null : h("span", { class: "log-undone", text: " (undone)" }));
  return { entry: e, node };
}

/** Make `nodes` the children of `parent`, in order, moving or removing only what differs. */
function placeChildren(parent, nodes) {
  let at = parent.firstChild;
  for (const node of nodes) {
    if (node === at) at = at.nextSibling;
    else parent.insertBefore(node, at);
  }
  while (at) {
    const next = at.nextSibling;
    at.remove();
    at = next;
  }
}

function drawToolbar() {
  const own = !ctl.shared;
  $button("undo").disabled = !own || !ctl.snapshot || !ctl.snapshot.can_undo;
  $button("redo").disabled = !own || !ctl.snapshot || !ctl.snapshot.can_redo;
  for (const id of ["new-game", "import-button", "export"]) $button(id).disabled = !own;
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
let lastPointer = "touch"; // what pressed last: a finger, a pen or a mouse
document.addEventListener("pointerup", (e) => { lastTap = { x: e.clientX, y: e.clientY }; lastPointer = e.pointerType || "touch"; }, true);
document.addEventListener("click", (e) => {
  const target = /** @type {Element} */ (e.target);
  const el = target.closest && /** @type {HTMLElement | null} */ (target.closest("[data-key], [data-testid]"));
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
  const back = /** @type {HTMLElement | null} */ (document.activeElement);
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

// ------------------------------------------------------------------ toolbar

/** The log entry Undo (or Redo) would take back (or bring back), in the log's words. */
function entryFor(cmd) {
  const e = journal.entries[cmd === "undo" ? journal.cursor - 1 : journal.cursor];
  return e ? `${e.card ? `${demand.cardName(e.card)}: ` : ""}${e.summary || (e.kind === "ruling" ? "a ruling" : "a change")}` : "";
}

// What Undo or Redo did, shown for a few seconds at the toolbar (and said to screen readers).
let toastTimer = null;
function undoToast(text) {
  const box = $("undo-toast");
  box.textContent = text;
  box.hidden = false;
  // Under Undo and Redo, but not over the ruling beside the table (where the player looks to
  // see what changed): a toast that would reach the side panel moves left, inside the screen.
  box.style.left = "";
  const bar = box.offsetParent && box.offsetParent.getBoundingClientRect();
  const mine = box.getBoundingClientRect();
  const side = $("panel").getBoundingClientRect();
  if (bar && side.left > mine.left && mine.right > side.left - 8 && side.top < mine.bottom && side.bottom > mine.top) {
    box.style.left = `${Math.round(Math.max(8, side.left - 8 - mine.width) - bar.left)}px`; // CSSOM: allowed by the CSP
  }
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
    ctl.refuse(error);
  }
}

function confirmDialog(titleText, text, okText) {
  const dialog = $dialog("confirm-dialog");
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
    store.newGame(); // the table replaced is kept aside (offered for download), not written over
    autosave.drawAsides();
    ctl.accept(env.snapshot);
    ctl.say(`${label}: done.`);
    return true;
  } catch (error) {
    showMessage(`${label}: ${plainError(error)}`, "refused");
    return false;
  }
}

/** The board's own rule codes (a switch's in Settings, the finds' C4) open their rule beside
 * the table, as the ruling's codes do; a modified click, or a tap before the rules have
 * said what the code is, follows the link to the rules FAQ. */
function wireRuleCodes() {
  $("board").addEventListener("click", (e) => {
    const target = /** @type {Element} */ (e.target);
    const link = target.closest && /** @type {HTMLAnchorElement | null} */ (target.closest("a.rule-code-link[data-clause]"));
    if (!link || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    if (demand.showRule(link.dataset.clause, link)) e.preventDefault();
  });
}

function wireToolbar() {
  $("undo").addEventListener("click", () => undoRedo("undo"));
  $("redo").addEventListener("click", () => undoRedo("redo"));
  $("export").addEventListener("click", () => ctl.snapshot && ctl.download("castaway-table.json", ctl.snapshot.history));
  $("import-button").addEventListener("click", () => $("import-file").click());
  $("import-file").addEventListener("change", importFile);
  $("new-game").addEventListener("click", () => $dialog("new-dialog").showModal());
  $("new-form").addEventListener("submit", newGame);
  $("new-cancel").addEventListener("click", () => $dialog("new-dialog").close());
  document.addEventListener("keydown", (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== "z" || /** @type {Element} */ (e.target).closest("input, textarea, select")) return;
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
  $dialog("new-dialog").close();
  demand.clear(); // the last game's card is not this game's
  $("panel-body").scrollTop = 0; // and the panel starts at its top, at the card search
  await replaceTable({ cmd: "new", state }, "New game");
}

// Import: a table exported by this app (its history), or a request (table + demand).
async function importText(text) {
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
    showMessage("This file is neither a table nor a request exported by Castaway Referee.", "refused");
    return false;
  }
  // Checked before anything changes: a demand the panel cannot hold is not half-imported.
  const effectBad = isRequest && data.effect !== undefined && data.effect !== null ? effectProblem(data.effect) : null;
  if (effectBad) {
    showMessage(`This request cannot be imported: ${effectBad}. Your table is unchanged.`, "refused");
    return false;
  }
  if (!(await confirmDialog("Replace your table?", "The imported table replaces the one on this device, with its history. Export yours first if you want to keep it.", "Replace my table"))) {
    ctl.say("Import cancelled: your table is unchanged.");
    return false;
  }
  const ok = await replaceTable(isRequest ? { cmd: "new", state: data.state } : { cmd: "load", history }, "Import");
  if (ok && isRequest && data.effect) {
    const context = data.context && typeof data.context === "object" ? data.context : {};
    const choices = data.choices && typeof data.choices === "object" ? data.choices : {};
    demand.load({ card: typeof data.card === "string" ? data.card : null, effect: data.effect, context, choices });
  }
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

/** While a share link opens, the board and the panel are hidden and inert under a placeholder
 * that says so (announced): a reader never sees another table as if it were the shared one. */
function showOpening(on) {
  $("layout").inert = on;
  // Always in the page (empty and not drawn when idle), so its words are announced.
  $("shared-opening").textContent = on ? "Opening the shared ruling…" : "";
  if (on) html.dataset.link = "opening";
  else if (html.dataset.link === "opening") html.dataset.link = "";
}

/** The link's table and demand, as the page read it alone (./linkpeek.js), shown at once while
 * the rules load: read-only, its ruling "being worked out", the banner's buttons off until the
 * rules have read the link too (openLinkNow then shows their reading in its place). */
function showPeeked(request) {
  showOpening(false);
  showShared(request, null, true);
  ctl.say("Showing a shared table and its demand. Its ruling is being worked out.");
  $("shared-title").focus();
}

/** A shared table on show, read-only, beside the player's own: as the page read it alone
 * (`checking`, its ruling to come), or as the rules read it, with their ruling. Says whether
 * the device holds a table of the player's own. */
function showShared(request, ruling, checking) {
  ctl.shared = checking ? { request, checking } : { request };
  ctl.readonly = true;
  ctl.holding = null;
  ctl.state = request.state;
  const own = drawSharedBanner();
  $("shared-banner").hidden = false;
  html.dataset.link = checking ? "checking" : "shared";
  autosave.drawTabs();
  draw();
  demand.load(request, ruling);
  return own;
}

/** The link turned out not to open: the player's own table again (the hash stays, and the
 * message says why). */
function dropPeeked() {
  if (!(ctl.shared && ctl.shared.checking)) return;
  showOwnTable();
  demand.clear();
}

async function openLink() {
  const match = /^#r=(.*)$/.exec(location.hash);
  if (!match) return;
  if (!(ctl.shared && ctl.shared.checking)) showOpening(true);
  try {
    await openLinkNow(match);
  } finally {
    showOpening(false);
  }
}

async function openLinkNow(match) {
  if (!(await referee.ready)) {
    dropPeeked();
    html.dataset.link = "error";
    showMessage("This share link cannot be opened: the rules could not be loaded. Reload the page to try again.", "link-error");
    return;
  }
  let request;
  try {
    let payload;
    try {
      payload = decodeURIComponent(match[1]);
    } catch {
      // "%E0%A4%A": the link was cut short or changed on its way (never the browser's "URI malformed").
      throw new Error("part of it was cut off or changed on its way.");
    }
    request = await referee.links.decode(payload);
  } catch (error) {
    dropPeeked();
    html.dataset.link = "error";
    showMessage(`This share link cannot be opened: ${plainError(error)} Your own table is unchanged.`, "link-error");
    return;
  }
  const peeked = Boolean(ctl.shared && ctl.shared.checking);
  let ruling = null;
  let ruleError = null;
  try {
    ruling = await referee.rule(request);
  } catch (error) {
    ruleError = plainError(error);
  }
  const own = showShared(request, ruling, false);
  if (ruleError) demand.showError(ruleError);
  ctl.say(`Showing a shared table and its ruling. ${own ? "Your own table is kept." : "You have no table of your own on this device yet."}`);
  if (!peeked || !document.activeElement || document.activeElement === document.body) $("shared-title").focus();
}

/** Does this device hold a table of the player's own (saved, or changed in this tab)? */
function hasOwnTable() {
  const hist = ctl.snapshot && ctl.snapshot.history;
  return Boolean(store.peek()) || Boolean(hist && hist.cursor > 0);
}

/** The shared banner's words and buttons, for a device with a table of its own or none yet
 * (then nothing is replaced: "Play this table" asks nothing; "Back" sets up a new one). */
function drawSharedBanner() {
  const own = hasOwnTable();
  const checking = Boolean(ctl.shared && ctl.shared.checking);
  ctl.sharedOwn = own;
  $("shared-what").textContent = checking ? "This is the table and demand someone shared with you. Its ruling is being worked out…"
    : "This is the table, demand and ruling someone shared with you.";
  $button("shared-load").disabled = checking;
  $button("shared-back").disabled = checking;
  $("shared-own").textContent = own ? "Your own table is saved and untouched." : "You have no table of your own on this device yet.";
  $("shared-load").textContent = own ? "Play this table instead of mine…" : "Play this table";
  $("shared-back").textContent = own ? "Back to my table" : "Set up my own table";
  // What each does, beside it, so that the two are told apart.
  $("shared-load-then").textContent = own
    ? "This table and its card become yours to play and change. Yours is kept on this device, under “Earlier tables”; you are asked first."
    : "This table and its card become yours to play and change.";
  $("shared-back-then").textContent = own
    ? "Your own table comes back as you left it. This shared one closes; the link still opens it."
    : "A fresh table, to set up as it is at yours. This shared one closes; the link still opens it.";
  return own;
}

function leaveShared() {
  if (!ctl.shared) return;
  showOwnTable();
  if (location.hash.startsWith("#r=")) history.replaceState(null, "", location.pathname + location.search);
  demand.redraw();
}

function showOwnTable() {
  ctl.shared = null;
  ctl.readonly = rulesDown;
  ctl.state = ctl.snapshot ? ctl.snapshot.state : FRESH_TABLE;
  $("shared-banner").hidden = true;
  html.dataset.link = "";
  autosave.drawTabs();
  draw();
}

function wireShared() {
  $("shared-back").addEventListener("click", () => {
    const own = ctl.sharedOwn !== false;
    leaveShared();
    demand.tableChanged();
    ctl.say(own ? "Back to your own table." : "Your own table: set it as it is at yours.");
  });
  $("shared-load").addEventListener("click", async () => {
    const { request } = ctl.shared;
    if (ctl.sharedOwn !== false && !(await confirmDialog("Play this shared table?", "It takes the place of your table on this device. Yours is kept aside, under “Earlier tables”, to download or discard.", "Replace my table"))) return;
    if (await replaceTable({ cmd: "new", state: request.state }, "Shared table loaded")) demand.load(request, null);
  });
  addEventListener("hashchange", () => { if (location.hash.startsWith("#r=")) openLink(); });
}

// ------------------------------------------------------------------ boot

/** The history a saved game hands to the rules. */
const historyOf = (doc) => ({ initial: doc.initial, entries: doc.entries, cursor: doc.cursor });

function showSaved(doc) {
  ctl.snapshot = doc ? journal.adopt(doc) : null;
  if (!ctl.shared) ctl.state = doc ? doc.state : FRESH_TABLE; // (a shared table stays on show)
  draw();
}

function saveNotices(notices) {
  const last = store.asides().at(-1);
  for (const kind of notices) autosave.notice(kind, autosave.downloadButton(last && last.key), kind === "corrupt" && last ? last.reason : "");
  autosave.drawAsides();
}

/** Open the save another tab wrote: the rules check it, and this tab does not save it again. */
async function openSaved(doc) {
  try {
    // Only what goes on from our own entries is replayed by the rules (journal.js).
    const same = Math.min(doc.same || 0, journal.changedFrom);
    const env = await ctl.command({ cmd: "load", history: historyOf(doc), same }, null);
    journal.saved(); // it is the save as stored: the next save writes only what changes after
    ctl.accept(env.snapshot, undefined, false);
    return true;
  } catch {
    return false;
  }
}

/** Resolves once the page has painted its frame (the title and the loading line: index.html's <style>):
 * drawing the board takes a while, and the first paint must not wait for it (modules from the
 * cache are otherwise run before anything is shown). The wait is app.js's (referee.firstFrame,
 * begun when that module ran, before this one; it also ends for a hidden page): it has mostly
 * resolved by now. A paint entry already there (Chromium adds it once the frame is on screen)
 * ends it at once. */
function firstPaint() {
  return performance.getEntriesByType("paint").length ? Promise.resolve() : referee.firstFrame;
}

/** Resolves once board.css (index.html loads it beside the first paint, for print only) has
 * loaded and applies to the screen: nothing drawn into the table or the panel is ever shown
 * without its style. A stylesheet that could not load is applied all the same (the board works,
 * only plainer) rather than leave the table empty. */
function boardStyle() {
  const link = /** @type {HTMLLinkElement | null} */ ($("board-style"));
  if (!link || link.media !== "print") return Promise.resolve();
  const loaded = () => {
    try {
      return link.sheet !== null && link.sheet.cssRules.length > 0;
    } catch {
      return false; // a sheet still loading (Firefox throws on its rules)
    }
  };
  return new Promise((resolve) => {
    const apply = () => { link.media = "all"; resolve(); };
    if (loaded()) return apply();
    link.addEventListener("load", apply, { once: true });
    link.addEventListener("error", apply, { once: true });
  });
}

async function boot() {
  const linked = location.hash.startsWith("#r=");
  if (linked) showOpening(true); // before anything is drawn
  const peeking = linked ? peekLink(location.hash) : null; // the link, read by the page alone
  let { doc, notices } = store.load(); // checked (./savecheck.js) before anything is drawn
  await firstPaint();
  await boardStyle();
  if (store.problem) autosave.notice(store.problem);
  saveNotices(notices);
  demand = createDemandPanel(ctl, $("demand"), $("verdict-bar"));
  installMoves($("board"), ctl);
  wireToolbar();
  wireShared();
  wireRuleCodes();
  html.dataset.board = doc ? "saved" : "fresh";
  showSaved(doc);
  const peeked = peeking && (await peeking);
  if (peeked) showPeeked(peeked); // a link's table and demand at once; its ruling when the rules come
  performance.mark("board-drawn");
  // Drawn and wired: moves made from here are queued until the rules are ready.
  performance.mark("board-interactive");

  // First in the queue, ahead of any change made while the rules load: the saved table. If
  // the rules refuse it, it is set aside and the save before it (if any) is tried.
  // The card's demand saved with the table is ruled once the table is loaded (not when a
  // share link is opening: that link's demand is shown instead).
  let restoring = doc && doc.demand && !location.hash.startsWith("#r=") ? doc.demand : null;
  if (restoring) savedDemand = JSON.stringify(restoring);
  let env;
  for (;;) {
    try {
      // Nothing to open: the session's own table; after a refusal, a fresh one (the session
      // may hold part of the refused game).
      const fresh = notices.length ? { cmd: "new", state: FRESH_TABLE } : { cmd: "snapshot" };
      const first = ctl.command(doc ? { cmd: "load", history: historyOf(doc) } : fresh, null);
      if (restoring) demand.restore(restoring); // queued after the load
      restoring = null;
      env = await first;
      break;
    } catch (error) {
      if (error.type === "rules_unavailable" || !doc) {
        showMessage("The rules could not be loaded. The table is shown as saved but cannot change; reload to try again.", "refused");
        rulesDown = true;
        ctl.readonly = true;
        draw();
        await openLink(); // a share link says it cannot be opened (and the placeholder goes)
        return;
      }
      ({ doc, notices } = store.refused(plainError(error)));
      saveNotices(notices);
      showSaved(doc);
    }
  }
  rulesReady = true;
  if (doc) journal.saved();
  ctl.accept(env.snapshot, undefined, false); // what is saved is what was opened
  html.dataset.board = "live";
  autosave.listen();
  referee.catalogue().then((c) => { demand.setCatalogue(c.cards); cardsKnown = true; drawLog(); }, (error) => showMessage(`The card list could not be loaded: ${plainError(error)}`));
  Promise.all([referee.call("faq", ""), referee.call("clauses", "")])
    .then(([f, c]) => demand.setFaq(f.faq.entries, c.clauses, f.faq.sources), () => {}); // the codes then link to the FAQ's start
  await openLink();
}

boot();

// For the end-to-end tests and the benchmarks: the same doors the buttons use. A property of
// the window, since the page runs the board as a classic script (tools/vendor.py says why).
const board = Object.freeze({
  command: (command) => ctl.command(command, "Test").then((env) => { ctl.accept(env.snapshot); return env; }),
  edit: (edits, summary = "Test edit") => ctl.edit(edits, summary),
  state: () => ctl.state,
  importText,
  store,
  journal,
  autosave,
});
Object.defineProperty(window, "castawayBoard", { value: board });
