// @ts-check
// The board: boots from the autosave before Python is ready, sends every change to the core
// through the session (queued while the rules load) and redraws from the core's snapshot.
// What it draws and wires around that has its own module: the log (log-view.js), the toolbar
// with Undo and Redo (toolbar.js), import and a table replaced (transfer.js), share links
// (share-link.js), the message by the finger (message.js), the autosave (save.js).

import { createHeldCaption } from "./caption.js";
import { announcement, changeOf } from "../shared/change.js";
import { createDemandPanel } from "./panel/panel.js";
import { foldSheet } from "./panel/sheet.js";
import { $, h } from "./dom.js";
import { installMoves } from "./dnd.js";
import { Journal } from "./journal.js";
import { FRESH_TABLE, plainError } from "../shared/labels.js";
import { chooseLanguage, startLanguage, t, tellCore, translateDocument } from "../shared/i18n.js";
import { createLanguagePicker } from "./language-picker.js";
import { createLogView } from "./log-view.js";
import { clearMessage, lastPointer, lastTap, showMessage, watchTaps } from "./message.js";
import { movesFor, pieceName } from "./moves.js";
import { changesWaiting } from "./pending.js";
import { renderBoard } from "./render.js";
import { createAutosave } from "./save.js";
import { createShareLinks } from "./share-link.js";
import { peekLink } from "../shared/linkpeek.js";
import { jsonOf } from "../shared/bounded.js";
import { READING } from "../shared/core-facts.js";
import { Store } from "./store.js";
import { createToolbar } from "./toolbar.js";
import { createTransfer } from "./transfer.js";

const html = document.documentElement;
// window.referee, read when used: static/app.js (a module) defines it once its nine modules
// have loaded. index.html runs this deferred classic script first (its files are asked for
// first): the board is drawn without it, and what asks the rules waits for it
// (refereeDefined).
const referee = /** @type {typeof window.referee} */ (new Proxy({}, { get: (_, key) => window.referee[key] }));

/** Resolves once static/app.js has defined window.referee (it says so with a "referee" event). */
function refereeDefined() {
  return window.referee ? Promise.resolve() : new Promise((resolve) => addEventListener("referee", () => resolve(undefined), { once: true }));
}

const store = new Store();
// The whole game's history stays here; the rules' session holds a window of it (journal.js).
const journal = new Journal((command) => referee.session(command));
let rulesReady = false;
let rulesDown = false; // the rules could not be loaded: the table is shown, and cannot change
let tail = Promise.resolve();
/** @type {{ label: string, command: unknown }[]} the moves made while the rules load */
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
  preview: null, // the ruling on show, drawn on the pieces (static/shared/change.js), while previewed
  previewed: null, // the ruling that preview is of
  undo: () => toolbar.undoRedo("undo"), // the verdict bar's Undo, once a ruling is applied

  // What was set at a path and not yet answered by the core: the board shows it meanwhile
  // (render.js, pending.js).
  pending: new Map(),
  /** The value at `path` once the core has answered every set sent: the last one, else `value`. */
  shown(path, value) {
    return this.pending.has(path) ? this.pending.get(path).value : value;
  },

  /** One more (`by` 1) or one less (-1) at `path` than the table will show once every tap is
   * answered (`told` if none is pending), if within `min`..`max`; `summary(to)` words it. */
  step(path, told, by, min, max, summary) {
    const to = this.shown(path, told) + by;
    return to >= min && to <= max ? this.set(path, to, summary(to)) : Promise.resolve(false);
  },

  async set(path, value, summary) {
    const sent = { value };
    this.pending.set(path, sent);
    // Queued, or behind a move not yet answered: the table shows the value now, not once the
    // rules have answered (an idle board is drawn again at the answer, a moment later).
    if (!rulesReady || busy > 0) draw();
    const done = await this.edit([{ op: "set", path, value }], summary);
    if (this.pending.get(path) === sent) {
      this.pending.delete(path);
      if (!done) draw(); // refused: the table as the core has it
    }
    return done;
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
    this.say(t("{summary}.", { summary }));
    clearMessage("refused");
    clearMessage("hint");
    return true;
  },

  /** Run one session command after those before it; queued until the rules are ready. */
  command(command, label) {
    const queued = !rulesReady && label !== null;
    if (queued) waiting.push({ label, command });
    setBusy(1);
    showPending();
    const job = tail.then(async () => {
      await refereeDefined();
      if (!(await referee.ready)) throw new referee.RefereeError("rules_unavailable", t("The rules could not be loaded, so the table cannot change."));
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
    // A ruling on show was of the table before: the pieces show this one as it is until the
    // panel's new ruling comes (showPreview).
    this.preview = null;
    this.previewed = null;
    if (!this.shared) this.state = snapshot.state;
    if (save) autosave.soon();
    this.holding = null;
    try {
      draw();
    } catch {
      // The core's table is kept and saved; the page says it could not draw it.
      showMessage(t("The table changed and is saved, but the page could not show it. Reload the page to see it."), "draw-error");
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
    showMessage(t("Not done: {reason}", { reason }), "refused", lastTap());
    this.say(t("Not done: {reason}", { reason }));
    this.holding = null;
    draw();
  },

  /** A word on what a tap could not do yet (not a refusal: nothing was tried), by the finger. */
  hint(text) {
    showMessage(text, "hint", lastTap());
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
    this.heldBy = byPointer ? lastPointer() : "key"; // the caption says how to put it back
    if (demand) demand.showTable();
    draw();
    const first = /** @type {HTMLElement | null} */ (document.querySelector("#board [data-put]"));
    // A cube picked up with no Action planned can only go to another pile: say how to tie
    // it to an Action, where the finger is (else a second tap finds nothing to take it).
    const noAction = piece.t === "res" && !this.state.planned_actions.some((a) => !a.resolved)
      ? t("To tie it to an Action, first put a character's pawn on that Action's space.") : "";
    if (noAction) {
      showMessage(noAction, "hint", lastTap());
      drawCaption(); // placed again, clear of the note
    }
    const what = pieceName(this.state, piece);
    const held = first ? t("Holding {what}. Choose where it goes: Tab or arrow keys to a “Put here” button, Enter to put it, Escape to cancel.", { what })
      : t("Holding {what}. It has nowhere to go.", { what });
    this.say(noAction ? `${held} ${noAction}` : held);
    if (first) first.focus({ preventScroll: byPointer });
  },

  drop() {
    clearMessage("hint");
    this.holding = null;
    draw();
    this.say(t("Put back: nothing moved."));
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
      this.say(t("Nothing to move there."));
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

  settingsOpen: false, // Settings stays open when the game region is drawn again
  languages: createLanguagePicker((code) => switchLanguage(code)),

  /** The panel's ruling on show while it is a preview (else null): the pieces show what it
   * would change, in place, and a death or a lost game is said as well as drawn. True when a
   * new ruling's change is drawn and no piece is in hand (the panel then brings it into view). */
  showPreview(ruling) {
    if (ruling === this.previewed) return false;
    this.previewed = ruling;
    this.preview = changeOf(ruling);
    draw();
    const said = announcement(this.preview);
    if (said) this.say(said);
    return Boolean(this.preview) && !this.holding;
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

const panel = () => demand;
const logView = createLogView({ list: $("log-list"), journal, cardName: (id) => demand.cardName(id) });
const links = createShareLinks({ ctl, store, autosave, referee, draw, panel, rulesDown: () => rulesDown,
  replaceTable: (command, label) => transfer.replaceTable(command, label) });
const transfer = createTransfer({ ctl, store, autosave, panel, leaveShared: () => links.leaveShared() });
const toolbar = createToolbar({ ctl, journal, panel, replaceTable: transfer.replaceTable, importFile: transfer.importFile });
watchTaps();

/** Work in progress (commands, a save waiting for idle time): <html data-busy> is "0" when settled. */
function setBusy(delta) {
  busy += delta;
  html.dataset.busy = String(busy);
}

// ------------------------------------------------------------------ the language

/** Settings' language control: the page and the core speak `code` from now on (kept for the
 * next visit); the page's words, the table, the log and the card's panel are drawn again in
 * it, and the ruling on show is asked for again, now in its words. */
async function switchLanguage(code) {
  setBusy(1);
  try {
    await refereeDefined();
    await chooseLanguage(code);
    await tellCore(referee, { always: true }); // queued until the rules are ready
    translateDocument();
    if (demand) {
      const kept = ctl.shared ? null : demand.saved();
      demand = createDemandPanel(ctl, $("demand"), $("verdict-bar"));
      if (ctl.shared) demand.load(ctl.shared.request, await referee.rule(ctl.shared.request));
      else if (kept) demand.restore(kept);
      if (rulesReady) panelData();
    }
    draw();
    ctl.say(t("The board now speaks {language}.", { language: ctl.languages.select.selectedOptions[0]?.textContent ?? code }));
  } catch (error) {
    showMessage(t("The language could not be changed: {reason}", { reason: plainError(error) }), "refused");
  } finally {
    setBusy(-1);
  }
}

/** The card list, the FAQ and the rules' titles, in the page's language, for the panel. */
function panelData() {
  referee.catalogue().then((c) => { demand.setCatalogue(c.cards); cardsKnown = true; logView.draw(cardsKnown); }, (error) => showMessage(t("The card list could not be loaded: {reason}", { reason: plainError(error) })));
  Promise.all([referee.call("faq", ""), referee.call("clauses", "")])
    .then(([f, c]) => demand.setFaq(f.faq.entries, c.clauses, f.faq.sources), () => {}); // the codes then link to the FAQ's start
}

// ------------------------------------------------------------------ drawing

function draw() {
  const active = /** @type {HTMLElement | null} */ (document.activeElement);
  const key = active && active.closest && active.closest("#board") && !ctl.dragged ? active.dataset.key : null;
  ctl.dragged = false;
  renderBoard(ctl, roots);
  logView.draw(cardsKnown);
  toolbar.draw();
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
function putBack(by) {
  if (by === "mouse") return t("Click it again to put it back");
  if (by === "key") return t("Press Esc to put it back");
  return t("Tap it again to put it back");
}

function drawCaption() {
  if (!ctl.holding) caption.hide();
  else caption.show(document.querySelector("#board .piece.is-held"), putBack(ctl.heldBy));
}

function restoreFocus(key) {
  const want = ctl.focusAfter || key;
  ctl.focusAfter = null;
  if (!want || (document.activeElement && document.activeElement !== document.body && document.contains(document.activeElement))) return;
  const el = /** @type {HTMLElement | null} */ (document.querySelector(`#board [data-key="${CSS.escape(want)}"]`));
  if (el) el.focus();
}

/** One short line while moves wait for the rules (the table shows each already), none when
 * they change nothing in all (a switch tapped on and off); screen readers also hear the
 * latest. */
function showPending() {
  const box = $("board-pending");
  html.dataset.pending = String(waiting.length);
  const changes = changesWaiting(ctl.snapshot ? ctl.snapshot.state : ctl.state, waiting.map((w) => w.command));
  box.hidden = changes === 0;
  box.replaceChildren(
    h("span", { class: "dot", "aria-hidden": "true" }),
    h("span", { text: t("Waiting for the rules: your changes are kept") }),
    waiting.length ? h("span", { class: "visually-hidden", text: ` ${t("{summary}.", { summary: waiting[waiting.length - 1].label })}` }) : null);
}

/** The core's reason in a player's words: no internal values ("(shelter is 'none')"). */
function plainReason(error) {
  const text = plainError(error).replace(/\s*\([^()]*['"][^()]*\)/g, "").trim();
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

// ------------------------------------------------------------------ toolbar

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

// ------------------------------------------------------------------ share links

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
  for (const kind of notices) {
    autosave.notice(kind, kind === "repaired" ? null : autosave.downloadButton(kind === "recovered" && store.failed ? store.failed.key : last && last.key),
      kind === "corrupt" && last ? last.reason : "", store.recovery);
  }
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
 * drawing the board takes a while, and the first paint must not wait for it (scripts from the
 * cache are otherwise run before anything is shown). A paint entry already there (Chromium
 * adds it once the frame is on screen) ends it at once; else the next frame, or app.js's wait
 * for it (referee.firstFrame) if that module ran first. A hidden page paints no frame. */
function firstPaint() {
  if (performance.getEntriesByType("paint").length || document.visibilityState === "hidden") return Promise.resolve();
  if (window.referee) return referee.firstFrame;
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 200); // a frame that never comes
    requestAnimationFrame(() => setTimeout(() => { clearTimeout(timer); resolve(undefined); }, 0));
  });
}

/** Resolves once board.css and change.css (static/shared/: a ruling's change on the pieces, as
 * the widget draws it; index.html loads both beside the first paint, for print only) have
 * loaded and apply to the screen: nothing drawn into the table or the panel is ever shown
 * without its style. A stylesheet that could not load is applied all the same (the board works,
 * only plainer) rather than leave the table empty. */
function boardStyle() {
  return Promise.all(["board-style", "change-style"].map(applyStyle));
}

/** Resolves once the stylesheet `<link id=…>` loaded for print applies to the screen. */
function applyStyle(id) {
  const link = /** @type {HTMLLinkElement | null} */ ($(id));
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
  await startLanguage(); // the first draw is in the page's language (English loads nothing)
  const linked = location.hash.startsWith("#r=");
  if (linked) links.showOpening(true); // before anything is drawn
  const peeking = linked ? peekLink(location.hash) : null; // the link, read by the page alone
  let { doc, notices } = store.load(); // checked (./savecheck.js) before anything is drawn
  await firstPaint();
  await boardStyle();
  if (store.problem) autosave.notice(store.problem);
  saveNotices(notices);
  foldSheet(); // upright and on a phone the card's sheet opens folded to its verdict bar
  // The panel is drawn for the table it opens on: its phase's chips, not the fresh table's.
  if (doc && !ctl.shared) ctl.state = doc.state;
  demand = createDemandPanel(ctl, $("demand"), $("verdict-bar"));
  installMoves($("board"), ctl);
  toolbar.wire();
  links.wire();
  wireRuleCodes();
  html.dataset.board = doc ? "saved" : "fresh";
  showSaved(doc);
  const peeked = peeking && (await peeking);
  if (peeked) links.showPeeked(peeked); // a link's table and demand at once; its ruling when the rules come
  performance.mark("board-drawn");
  // Drawn and wired: moves made from here are queued until the rules are ready.
  performance.mark("board-interactive");
  await refereeDefined();

  // First in the queue, ahead of any change made while the rules load: the saved table. If
  // the rules refuse it, it is set aside and the save before it (if any) is tried.
  // The card's demand saved with the table is ruled once the table is loaded (not when a
  // share link is opening: that link's demand is shown instead).
  let restoring = doc && doc.demand && !location.hash.startsWith("#r=") ? doc.demand : null;
  // Measured before it is written out or ruled (a demand nested thousands deep, kept by an
  // older page, overflowed the stack on every reload): one that breaks the core's limits is
  // left out, said once, and the table opens without it.
  const demandBad = restoring && jsonOf(restoring, READING.maxText).problem;
  if (demandBad) {
    restoring = null;
    showMessage(t("The demand saved with your table was left out: {reason}. Your table is open; choose the demand again.", { reason: demandBad }), "refused");
  }
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
        showMessage(t("The rules could not be loaded. The table is shown as saved but cannot change; reload to try again."), "refused");
        rulesDown = true;
        ctl.readonly = true;
        draw();
        await links.openLink(); // a share link says it cannot be opened (and the placeholder goes)
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
  panelData();
  await links.openLink();
}

boot();

// For the end-to-end tests and the benchmarks: the same doors the buttons use. A property of
// the window, since the page runs the board as a classic script (tools/vendor.py says why).
const board = Object.freeze({
  command: (command) => ctl.command(command, "Test").then((env) => { ctl.accept(env.snapshot); return env; }),
  edit: (edits, summary = "Test edit") => ctl.edit(edits, summary),
  state: () => ctl.state,
  importText: transfer.importText,
  store,
  journal,
  autosave,
});
Object.defineProperty(window, "castawayBoard", { value: board });
