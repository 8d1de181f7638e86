// @ts-check
// Castaway Referee: the page's side of the JS <-> Python bridge (the board is static/board/).
//
// window.referee.rule(request) -> Promise<ruling>
//   request: a plain object (serialised with JSON.stringify) or a string of JSON text.
//   Resolves with the ruling object; rejects with a RefereeError carrying
//   .type, .message and .details ([{loc, msg}]). It never rejects with anything else.
// window.referee.session(command), .links.encode(request), .links.decode(payload),
// .catalogue() and .call(method, payload) work the same way (see pyapp/service.py).
//
// Python runs in PyScript's worker (PyScript 0.7.31 + Pyodide: static/main.py, configured
// by PYSCRIPT_CONFIG below, runs pyapp/bridge.py there), so the page never freezes while it
// starts. Messages only (PyScript's `sync_main_only`): no SharedArrayBuffer and no
// cross-origin isolation. Python exposes through pyscript.sync
//   referee_boot() -> JSON {ok, message, timings, wasmBytes}   asked once, when it is done
//   referee_call(method, text) -> the envelope of pyapp.service.Service.call:
//     {"ok": true, ...} | {"ok": false, "error": {"type", "message", "details"}}
// which this page calls asynchronously (each call is one message to the worker and back).
// Readiness: <html data-rules-ready="true"> and performance.mark("rules-ready").
// If Python dies anyway (Pyodide's fatal error, a worker terminated or crashed, a worker
// that no longer answers), the page says so, starts a new Python, gives it the board's table
// back and sends it the calls left unanswered (see "Python's death" below):
// <html data-rules-restarts> counts the restarts, <html data-rules-stopped> says how the
// last one died ("fatal", "gone", "hung"), <html data-rules-restarting> is there meanwhile,
// and the window gets a "referee:restarted" event ({restarts, tableRestored}) once the new
// one answers.

// PyScript (./vendor/pyscript-0.7.31/core.js) is imported by startPython below, not by
// this module, which the board, the FAQ and the widget need for window.referee and which
// so does not wait for it. (The pages do not preload PyScript either: the worker's start
// waits on the snapshot, and preloads only slowed the board down.)

// PyScript's config, given inline: a config file would be fetched twice (by the page, then by
// the worker), one round trip after the other, before Pyodide is even asked for. URLs are
// absolute, as an inline config has no file to be relative to.
//   interpreter: Pyodide restored from our build-time memory snapshot (tools/vendor.py puts
//     tools/pyodide-snapshot.mjs beside pyodide.mjs, which makes that Pyodide's indexURL);
//   packages: our wheel, which brings pydantic; "passthrough" hands the list to Pyodide's
//     own loader and lock (static/vendor/pyodide-*/pyodide-lock.json): no micropip, no
//     IndexedDB cache;
//   sync_main_only: pyscript.sync by message, without SharedArrayBuffer.
const PYSCRIPT_CONFIG = {
  interpreter: new URL("./vendor/pyodide-314.0.7/pyodide-snapshot.mjs", import.meta.url).href,
  packages: ["castaway-referee"],
  packages_cache: "passthrough",
  sync_main_only: true,
};

const html = document.documentElement;

// Error types follow pyapp.api ("validation_error", "request_error", "ruling_error",
// "internal_error", ...); the page adds "bad_request" (not JSON-serialisable),
// "bridge_error" (a fault between JS and Python) and "rules_unavailable" (boot failed).
export class RefereeError extends Error {
  constructor(type, message, details) {
    super(message);
    this.name = "RefereeError";
    this.type = type;
    this.details = Array.isArray(details) ? details : [{ loc: "", msg: message }];
  }
}

let attachHandle;
let failBoot;
const handleReady = new Promise((resolve, reject) => {
  attachHandle = resolve;
  failBoot = reject;
});
// Rejections of handleReady are always observed by rule() callers; this keeps an
// early boot failure from surfacing as an unhandled rejection when nobody has asked yet.
handleReady.catch(() => {});

let bootSettled = false;

function setStatus(state, text) {
  const line = document.getElementById("rules-status");
  const label = document.getElementById("rules-status-text");
  if (line) line.dataset.state = state;
  if (label) label.textContent = text;
}

function rulesReady(detail) {
  bootSettled = true;
  // detail: when each start-up stage ended (ms from navigation start) and the size of
  // Python's WebAssembly memory, for bench/load_bench.py.
  performance.mark("rules-ready", { detail });
  html.dataset.rulesReady = "true";
  setStatus("ready", "Rules ready.");
}

function rulesFailed(message) {
  if (bootSettled) return;
  bootSettled = true;
  html.dataset.rulesReady = "error";
  setStatus("error", `The rules could not be loaded: ${message}`);
  failBoot(new RefereeError("rules_unavailable", `The rules could not be loaded: ${message}`));
}

// ------------------------------------------------------------------ the worker

// The page's timeline, from the worker's epoch milliseconds.
const onPageTimeline = (timings) =>
  Object.fromEntries(
    Object.entries(timings || {}).map(([name, t]) => [name, Math.round(t - performance.timeOrigin)]),
  );

const firstLine = (error) => String((error && error.message) || error).split("\n")[0];

// A call the worker could not answer (it stopped, or the message failed) still gets an
// envelope, so rule() and friends reject with a RefereeError as usual.
function bridgeError(error) {
  const message = firstLine(error || "the rules worker stopped");
  const details = [{ loc: "", msg: message }];
  return JSON.stringify({ ok: false, error: { type: "bridge_error", message, details } });
}

// PyScript's core opens an IndexedDB database ("IDBMap/@pyscript.fs", for pyscript.fs, which
// this site never uses) while its module is evaluated. Where storage is denied (the widget
// framed by another site, private windows) that open fails, or throws, and the failure is an
// unhandled rejection. Storage is an optimisation, never a requirement: while PyScript's
// module is imported, that one database is answered with a request that never completes
// (nothing stored, nothing failed); every other open goes to IndexedDB as usual.
const PYSCRIPT_FS_DB = "IDBMap/@pyscript.fs";

// PyScript's module, by a name rather than written in the import: it is a file of the build
// (tools/vendor.py copies it from the npm package), which the type checker does not read.
const PYSCRIPT_CORE = "./vendor/pyscript-0.7.31/core.js";

/**
 * What this page uses of PyScript's module (@pyscript/core's own types say less: no
 * `xworker` from whenDefined, no `version` for a PyWorker).
 * @typedef {object} PyScript
 * @property {typeof import("@pyscript/core").hooks} hooks
 * @property {(type: "py") => Promise<{ xworker: XWorker }>} whenDefined
 * @property {(file: string, options: { config: string, version: string }) => Promise<XWorker>} PyWorker
 */
/**
 * PyScript's worker running static/main.py, with what pyapp/bridge.py exposes through
 * pyscript.sync (each call one message to the worker and back).
 * @typedef {Worker & { ready: Promise<void>, sync: {
 *   referee_boot(): Promise<string>,
 *   referee_call(method: string, text: string): Promise<string>,
 *   referee_hold(name: string): Promise<void>,
 * } }} XWorker
 */

/** @returns {Promise<PyScript>} */
async function importPyScript() {
  const neverCompletes = () => ({});
  let factory = null;
  try {
    factory = window.indexedDB || null; // the getter itself may throw where storage is denied
  } catch {
    factory = null;
  }
  let restore;
  if (factory && typeof factory.open === "function") {
    const open = factory.open;
    Object.defineProperty(factory, "open", {
      value(name, ...rest) {
        return name === PYSCRIPT_FS_DB ? neverCompletes() : open.call(this, name, ...rest);
      },
      configurable: true,
      writable: true,
    });
    restore = () => delete factory.open; // back to IDBFactory.prototype.open
  } else {
    const own = Object.getOwnPropertyDescriptor(window, "indexedDB");
    Object.defineProperty(window, "indexedDB", { value: { open: neverCompletes }, configurable: true });
    restore = () => (own ? Object.defineProperty(window, "indexedDB", own) : delete window.indexedDB);
  }
  // PyScript reads which of its plugins to load from a <py-config> (and an <mpy-config>, for
  // MicroPython) on the page while its module is evaluated. None is used here (editors,
  // terminals, pygame, the donkey, warnings about old tags), and py-editor alone searches
  // the whole page at every change and four times a second: configs that turn them off are
  // there for that moment only. (The worker's own config is on its <script>, below.)
  const configs = ["py-config", "mpy-config"].map((tag) => {
    const config = document.createElement(tag);
    config.hidden = true;
    config.textContent = JSON.stringify({ plugins: PLUGINS_OFF });
    return config;
  });
  document.head.append(...configs);
  // PyScript also watches the whole page for <script type="py"> tags (a MutationObserver
  // that searches every added element with XPath and hears every attribute change). This
  // site adds one such tag, itself: the observers made while PyScript's module is evaluated
  // are kept here and disconnected once PyScript has made its worker (startPython).
  const Native = window.MutationObserver;
  window.MutationObserver = class extends Native {
    constructor(callback) {
      super(callback);
      pyscriptObservers.push(this);
    }
  };
  try {
    return await import(PYSCRIPT_CORE);
  } finally {
    window.MutationObserver = Native;
    for (const config of configs) config.remove();
    restore();
  }
}

const PLUGINS_OFF = ["!codemirror", "!deprecations-manager", "!donkey", "!py-editor", "!py-game", "!py-terminal"];
const pyscriptObservers = [];

const MAIN_PY = new URL("./main.py", import.meta.url).href;
/** @type {Promise<PyScript> | null} */
let pyscript = null; // PyScript's module, once imported

// The worker that answers calls now: a promise, replaced while Python is restarted (calls
// made meanwhile wait for the new one).
let current = null;
// The board's table as Python last had it (every session answer carries it): what a new
// Python is given back after a restart. null when no session answer said (then the page
// that owns the table hears "referee:restarted" and may send it again).
let lastHistory = null;

async function bootReport(xworker) {
  const boot = JSON.parse(await xworker.sync.referee_boot());
  if (!boot.ok) throw new Error(boot.message);
  return boot;
}

async function startPython() {
  pyscript = importPyScript();
  const { hooks, whenDefined } = await pyscript;
  // PyScript serialises its *worker* hooks to source text and rebuilds them with
  // Function(), on this page and in the worker; its one default worker hook (registering
  // `_pyscript`, which only pyscript.fs needs) would make that happen, and the CSP has no
  // 'unsafe-eval'. With no worker hook left, PyScript sends the worker only Python code
  // (its own `pyscript` package, written and imported before static/main.py). Cleared
  // before the <script type="py"> below exists, so before PyScript creates the worker.
  hooks.worker.onBeforeRunAsync.clear();

  // <script type="py" worker>: PyScript runs it in a Web Worker, with its config. Added
  // here rather than in each page's HTML, so that every page gets the same boot.
  const script = document.createElement("script");
  script.type = "py";
  script.setAttribute("worker", "");
  script.setAttribute("config", JSON.stringify(PYSCRIPT_CONFIG));
  script.setAttribute("src", MAIN_PY);
  document.head.append(script);

  // Resolves as soon as PyScript has created the worker (not when Python is ready).
  const { xworker } = await whenDefined("py");
  for (const observer of pyscriptObservers.splice(0)) observer.disconnect();
  // What the worker reports while starting (the runtime or a wheel failed to load) ends the
  // loading state; PyScript's default would only log it with console.error. Once Python
  // answers, watchLife takes it as a sign that Python may have died.
  xworker.onerror = ({ error }) => rulesFailed(firstLine(error));
  await xworker.ready; // static/main.py has run; rejects if anything before it failed
  const boot = await bootReport(xworker);
  current = Promise.resolve(xworker);
  watchLife(xworker);
  attachHandle(callPython);
  rulesReady({ timings: onPageTimeline(boot.timings), wasmBytes: boot.wasmBytes });
}

// ------------------------------------------------------------------ Python's death

// Python may die under the page in three ways, and each is noticed:
//   - a fatal error in Pyodide ("Pyodide already fatally failed and can no longer be used"):
//     a call fails, and a question only a live Python answers (referee_boot) fails too;
//   - the worker is gone (terminated, crashed): it holds a Web Lock for as long as it lives
//     (bridge.hold_while_alive) and the page waits for the same lock, so the page is granted
//     it the moment the worker goes; its `error` and `messageerror` events are checked too;
//   - the worker hangs, or an answer is lost: no answer at all for CALL_DEADLINE_MS while
//     calls wait (a ruling takes about a millisecond, the biggest call well under a second on
//     a slow tablet; start-up is not counted), and then GRACE_MS more (a timer that fired
//     late, after the device slept, gives the worker time to answer first).
// Then the page says so, starts a new Python (PyScript's PyWorker, the same config and
// main.py), gives it the board's table back and sends it again every call the old one left
// unanswered, in order, so no move is lost. A call is not sent again when it may be what
// killed Python (the call that failed fatally, the call a hung worker was on) or when it
// was already waiting when a Python died before: it gets a plain error instead.
const CALL_DEADLINE_MS = 20_000;
const GRACE_MS = CALL_DEADLINE_MS / 4;

let live = null; // the worker that answers calls now (null while a new one starts)
let restarts = 0;
// The calls sent to the live worker and not answered yet, oldest first: {method, text,
// resolve, tries, attempt}. The worker answers them in order.
const outstanding = new Set();
let lastProgress = 0; // when the live worker last answered (or was first given work)
let watchdog = null;

async function isAlive(xworker) {
  try {
    await bootReport(xworker);
    return true;
  } catch {
    return false;
  }
}

async function checkAlive(xworker) {
  if (xworker === live && !(await isAlive(xworker))) restartPython(xworker);
}

// Once a worker answers: watch its events, and wait for its Web Lock (where the Locks API
// is refused, e.g. an opaque origin, the deadline below still applies).
function watchLife(xworker) {
  live = xworker;
  xworker.onerror = () => checkAlive(xworker);
  xworker.addEventListener("messageerror", () => checkAlive(xworker));
  const locks = navigator.locks;
  if (!locks || typeof locks.request !== "function") return;
  const name = `castaway-referee.rules-worker.${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  xworker.sync.referee_hold(name).then(
    () => locks.request(name, () => {
      if (xworker === live) restartPython(xworker, "gone");
    }),
    () => {},
  ).catch(() => {});
}

function progress() {
  lastProgress = performance.now();
  clearTimeout(watchdog);
  watchdog = null;
  if (outstanding.size) armWatchdog();
}

function armWatchdog(strikes = 0) {
  if (watchdog !== null) return;
  const wait = strikes ? GRACE_MS : Math.max(0, lastProgress + CALL_DEADLINE_MS - performance.now());
  watchdog = setTimeout(() => {
    watchdog = null;
    if (!outstanding.size || !live) return;
    if (performance.now() - lastProgress < CALL_DEADLINE_MS) armWatchdog();
    else if (!strikes) armWatchdog(1);
    else restartPython(live, "hung");
  }, wait);
}

function envelopeError(type, message) {
  return JSON.stringify({ ok: false, error: { type, message, details: [{ loc: "", msg: message }] } });
}

const STOPPED_ON_THIS = envelopeError("rules_restarted",
  "The rules engine stopped while working on this, so it was not done; the engine has been restarted and your table is kept.");

function callPython(method, text) {
  return new Promise((resolve) => send({ method, text, resolve, tries: 0, attempt: null }));
}

async function send(call) {
  let xworker;
  try {
    xworker = await current;
  } catch {
    call.resolve(envelopeError("rules_unavailable", "The rules engine stopped and could not be restarted. Reload the page."));
    return;
  }
  const attempt = {};
  call.attempt = attempt;
  call.tries += 1;
  if (!outstanding.size) lastProgress = performance.now();
  outstanding.add(call);
  armWatchdog();
  let answer;
  try {
    answer = await xworker.sync.referee_call(call.method, call.text);
  } catch (error) {
    const alive = await isAlive(xworker);
    if (call.attempt !== attempt) return; // a restart took it over meanwhile
    outstanding.delete(call);
    if (alive) {
      progress();
      call.resolve(bridgeError(error));
      return;
    }
    restartPython(xworker, "fatal", call); // this call may be what killed Python
    call.resolve(STOPPED_ON_THIS);
    return;
  }
  if (call.attempt !== attempt) return; // a late answer from a worker given up on
  outstanding.delete(call);
  progress();
  call.resolve(answer);
}

async function restoreTable(xworker, history) {
  const answer = JSON.parse(await xworker.sync.referee_call("session", JSON.stringify({ cmd: "load", history })));
  if (!answer.ok) throw new Error(answer.error && answer.error.message);
}

// `why`: "fatal" (`suspect` is the call that failed), "hung" (the oldest call waiting is
// the one the worker was on) or "gone" (no call is to blame).
function restartPython(dead, why = "fatal", suspect = null) {
  if (dead !== live) return; // already being replaced
  live = null;
  restarts += 1;
  html.dataset.rulesRestarts = String(restarts);
  html.dataset.rulesRestarting = "true";
  html.dataset.rulesStopped = why;
  setStatus("loading", "The rules engine stopped. Restarting it… Your table is kept.");
  const left = [...outstanding];
  outstanding.clear();
  clearTimeout(watchdog);
  watchdog = null;
  const blamed = suspect || (why === "hung" ? left[0] : null);
  const history = lastHistory;
  const next = (async () => {
    try {
      dead.terminate();
    } catch {
      // already gone
    }
    const { PyWorker } = await pyscript;
    // As for the <script type="py" worker> above, the interpreter's URL is the `version`
    // (PyScript reads it from the script's config; a PyWorker is told).
    const xworker = await PyWorker(MAIN_PY, {
      config: JSON.stringify(PYSCRIPT_CONFIG),
      version: PYSCRIPT_CONFIG.interpreter,
    });
    await bootReport(xworker);
    if (history) await restoreTable(xworker, history);
    watchLife(xworker);
    return xworker;
  })();
  current = next;
  // The calls left unanswered go again, in order, once the new Python has the table (they
  // wait on `current`, ahead of any call made from now on).
  for (const call of left) {
    call.attempt = null;
    if (call === blamed || call.tries > 1) call.resolve(STOPPED_ON_THIS);
    else send(call);
  }
  next.then(
    () => {
      delete html.dataset.rulesRestarting;
      setStatus("ready", "Rules ready again: the rules engine had stopped and was restarted. Your table is kept.");
      window.dispatchEvent(new CustomEvent("referee:restarted", { detail: { restarts, tableRestored: Boolean(history) } }));
    },
    (error) => {
      delete html.dataset.rulesRestarting;
      html.dataset.rulesReady = "error";
      setStatus("error", `The rules engine stopped and could not be restarted (${firstLine(error)}). Your table is kept; reload the page.`);
    },
  );
}

function parseEnvelope(text) {
  let envelope;
  try {
    envelope = JSON.parse(text);
  } catch {
    throw new RefereeError("bridge_error", "The rules core returned something that is not JSON.");
  }
  if (envelope && envelope.ok === true) return envelope;
  const error = (envelope && envelope.error) || {};
  throw new RefereeError(
    typeof error.type === "string" ? error.type : "bridge_error",
    typeof error.message === "string" ? error.message : "The rules core returned an unexpected answer.",
    error.details,
  );
}

function asText(payload) {
  if (typeof payload === "string") return payload;
  let text;
  try {
    text = JSON.stringify(payload);
  } catch (error) {
    throw new RefereeError("bad_request", `The request cannot be written as JSON: ${error.message}`);
  }
  if (text === undefined) throw new RefereeError("bad_request", "The request is empty.");
  return text;
}

// call(method, payload) -> Promise<envelope>: the one door to pyapp.service.Service.call.
async function call(method, payload) {
  const text = asText(payload);
  const handle = await handleReady;
  return parseEnvelope(String(await handle(method, text)));
}

/** @typedef {import("../types/core").Request} Request */

/** @type {(request: Request | string) => Promise<import("../types/core").Ruling>} */
const rule = async (request) => (await call("rule", request)).ruling;
// The board's session: {cmd: "snapshot" | "edit" | "preview" | "apply" | "undo" | ...}.
// Its table (the snapshot's history) is remembered, for a restart of Python.
async function session(command) {
  const envelope = await call("session", command);
  if (envelope.changes) lastHistory = caughtUp(lastHistory, envelope.changes);
  else if (envelope.snapshot) lastHistory = envelope.snapshot.history || null;
  return envelope;
}

/** A history brought up to date with a session answer's `changes` (pyapp/session.py: take
 * `initial` if given, drop the first `dropped` entries, keep `keep` of those left, append
 * `entries`, set `cursor`); null if there is nothing to bring up to date. */
function caughtUp(history, changes) {
  const initial = changes.initial ?? (history && history.initial);
  if (!initial) return null;
  const kept = history ? history.entries.slice(changes.dropped, changes.dropped + changes.keep) : [];
  return { initial, entries: [...kept, ...changes.entries], cursor: changes.cursor };
}
const links = Object.freeze({
  /** @type {(request: Request | string) => Promise<string>} */
  encode: async (request) => (await call("link_encode", request)).link,
  /** @type {(payload: string) => Promise<Request>} */
  decode: async (payload) => (await call("link_decode", String(payload))).request,
});
/** @type {() => Promise<import("../types/core").Catalogue>} */
const catalogue = async () => (await call("catalogue", "")).catalogue;

const ready = handleReady.then(
  () => true,
  () => false,
);

// Resolves once the page has painted its first frame (see afterFirstFrame below): the board
// waits for it too, and since this module is run before the board's, the wait has usually
// ended by the time the board is ready to draw (a wait of its own would start only then and
// cost it a frame or more).
const firstFrame = afterFirstFrame();

const referee = Object.freeze({ rule, session, links, catalogue, call, ready, firstFrame, RefereeError });
/** window.referee (types/globals.d.ts). @typedef {typeof referee} Referee */
Object.defineProperty(window, "referee", { value: referee, enumerable: true });

// Python starts once the page has painted its first frame: the worker's start (PyScript's
// module, the snapshot's download and inflation, WebAssembly's compilation) otherwise competes
// with that frame's raster for a tablet's cores, and the page shows nothing meanwhile. The
// board (static/board/main.js) is drawn in the same turn, right after this (it waits on the
// same promise, after this), so Python's module does not delay it either. A hidden page (a
// background tab) paints no frame: Python starts at once.
firstFrame.then(startPython).catch((error) => rulesFailed(firstLine(error)));

function afterFirstFrame() {
  if (document.visibilityState === "hidden") return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 200); // a frame that never comes
    requestAnimationFrame(() => setTimeout(() => { clearTimeout(timer); resolve(); }, 0));
  });
}

// ------------------------------------------------------------------ offline

// The service worker (static/sw.js) keeps the whole site for offline use, one build at a
// time. It is registered once the rules are ready, so that its downloads (mostly from the
// HTTP cache by then) never compete with the first start. <html data-offline-ready> is
// "true" once a build is cached, "failed" when none could be.
//
// Updates are atomic: a page runs one build, from first file to last. A new build installs
// beside the running one and waits; the page offers "Update available: Reload", and the
// button makes the waiting build take over and then reloads, so the page lands on that
// build (also in a tab that was the site's first visit, which the first service worker
// took over only after it had loaded). Whenever another build takes over this page
// (another tab pressed Reload), the page reloads at once rather than go on running its
// build with the other's files. A build that cannot be installed (its files do not match
// its build list: a deploy landed half-way) is dropped whole, the working one stays, and
// the visitor is told whether offline use goes on with the version they have or is not
// available yet.
const UPDATE_CHECK_MS = 30 * 60 * 1000; // a tab left open checks again when shown after this

function bar(id, words, label, action) {
  document.getElementById(id)?.remove();
  const line = document.createElement("div");
  line.id = id;
  line.className = "update-available";
  line.setAttribute("role", "status");
  line.dataset.testid = id;
  const text = document.createElement("span");
  text.textContent = `${words} `;
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = label;
  button.addEventListener("click", () => action(button, line));
  line.append(text, button);
  document.body.append(line);
  return line;
}

function offerUpdate(registration, takeOver) {
  if (document.getElementById("update-available")) return;
  bar("update-available", "Update available.", "Reload", (button) => {
    button.disabled = true;
    button.textContent = "Updating…";
    takeOver(registration.waiting);
  });
}

function tellInstallFailed(registration) {
  const kept = Boolean(registration.active);
  if (!kept) html.dataset.offlineReady = "failed";
  html.dataset.offlineUpdate = "failed";
  bar("offline-problem", kept
    ? "An update of this site could not be saved on this device. You keep the version you have, which works offline."
    : "This site could not be saved on this device for offline use. It works while you are online, and will try again on your next visit.",
  "OK", (_button, line) => line.remove());
}

async function keepOffline() {
  const sw = navigator.serviceWorker;
  // Framed in another site (the widget), the whole build would be cached in that site's
  // storage for a page that is only ever shown there online: not worth ~50 MB of theirs.
  if (!sw || window.top !== window) return;
  // The first service worker takes over a page it did not serve (the site's first visit):
  // that is this page's own build. Any later change of controller is another build.
  let ownBuildControls = Boolean(sw.controller);
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    location.reload();
  };
  sw.addEventListener("controllerchange", () => {
    if (ownBuildControls) reload();
    ownBuildControls = true;
  });
  const takeOver = (waiting) => {
    if (waiting) waiting.postMessage("skip-waiting"); // then "controllerchange" reloads
    else reload(); // it took over already: a reload is served by it
  };
  const registration = await sw.register(new URL("./sw.js", import.meta.url), {
    scope: new URL("../", import.meta.url).href,
    updateViaCache: "none",
  });
  const watch = (worker) => {
    if (!worker) return;
    let installed = worker.state !== "parsed" && worker.state !== "installing";
    const settle = () => {
      if (worker.state === "installed") {
        installed = true;
        if (sw.controller) offerUpdate(registration, takeOver);
      }
      if (worker.state === "activated") {
        html.dataset.offlineReady = "true";
        document.getElementById("offline-problem")?.remove();
      }
      // Gone before it was installed, and not for a newer build installing after it: its
      // files did not match its build list.
      const superseded = registration.installing && registration.installing !== worker;
      if (worker.state === "redundant" && !installed && !superseded) tellInstallFailed(registration);
    };
    worker.addEventListener("statechange", settle);
    settle();
  };
  watch(registration.installing);
  watch(registration.waiting);
  watch(registration.active);
  registration.addEventListener("updatefound", () => watch(registration.installing));
  let checked = Date.now();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible" || Date.now() - checked < UPDATE_CHECK_MS) return;
    checked = Date.now();
    registration.update().catch(() => {}); // offline: checked again next time
  });
}

ready.then((ok) => ok && keepOffline()).catch((error) => console.warn(`Offline use unavailable: ${error}`));
