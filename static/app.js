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
// back and sends it the calls left unanswered: <html data-rules-restarts>,
// data-rules-stopped and data-rules-restarting say so, and the window gets a
// "referee:restarted" event.
//
// This module names the build's files and puts the pieces together, in static/referee/:
//   envelope.js  RefereeError, and the JSON text and envelopes passed to and from Python;
//   status.js    the status line, <html data-rules-ready> and the promise calls wait on;
//   pyscript.js  PyScript imported, the first worker started, a new one after a death;
//   start.js     the start watched stage by stage: the next way when one is late, the network
//                waited for when it was lost, plain words where the rules cannot run;
//   watch.js     how a dead Python is noticed (its events, its Web Lock, the call deadline);
//   lifeline.js  the calls sent to Python, sent again to a new one after a death;
//   door.js      call(), rule(), session(), links, catalogue();
//   offline.js   the service worker and its updates.
// and the page's language (static/shared/i18n.js): chosen and loaded here, for every page
// (English loads nothing and waits for nothing), the static HTML's words translated, and each
// Python told it before it takes its first call (the first one, and each one started after a
// death). The page's own modules import this one, so they run once the language is there.

import { createDoor } from "./referee/door.js";
import { RefereeError, firstLine } from "./referee/envelope.js";
import { createLifeline } from "./referee/lifeline.js";
import { keepOffline } from "./referee/offline.js";
import { newWorker } from "./referee/pyscript.js";
import { startRules } from "./referee/start.js";
import { handleReady, rulesFailed, rulesReady } from "./referee/status.js";
import { startLanguage, tellCore, translateDocument } from "./shared/i18n.js";

// PyScript (./vendor/pyscript-0.7.31/core.js) is imported by startPython below, not
// statically by this module, which the board, the FAQ and the widget need for window.referee
// and which so does not wait for it. (The pages do not preload PyScript either: the worker's start
// waits on the snapshot, and preloads only slowed the board down.)

// PyScript's config, given inline: a config file would be fetched twice (by the page, then by
// the worker), one round trip after the other, before Pyodide is even asked for. URLs are
// absolute, as an inline config has no file to be relative to.
//   interpreter: Pyodide restored from our build-time memory snapshot (tools/vendor.py puts
//     tools/pyodide-snapshot.mjs beside pyodide.mjs, which makes that Pyodide's indexURL;
//     once per way to start, PYODIDE_LOADERS, for static/referee/start.js);
//   packages: our wheel, which brings pydantic; "passthrough" hands the list to Pyodide's
//     own loader and lock (static/vendor/pyodide-*/pyodide-lock.json): no micropip, no
//     IndexedDB cache;
//   sync_main_only: pyscript.sync by message, without SharedArrayBuffer.
const PYODIDE_LOADERS = {
  snapshot: new URL("./vendor/pyodide-314.0.7/pyodide-snapshot.mjs", import.meta.url).href,
  core: new URL("./vendor/pyodide-314.0.7/pyodide-snapshot-core.mjs", import.meta.url).href,
  scratch: new URL("./vendor/pyodide-314.0.7/pyodide-scratch.mjs", import.meta.url).href,
};
const PYSCRIPT_CONFIG = {
  interpreter: PYODIDE_LOADERS.snapshot,
  packages: ["castaway-referee"],
  packages_cache: "passthrough",
  sync_main_only: true,
};

// PyScript's module, by a name rather than written in the import: it is a file of the build
// (tools/vendor.py copies it from the npm package), which the type checker does not read.
const PYSCRIPT_CORE = new URL("./vendor/pyscript-0.7.31/core.js", import.meta.url).href;
const MAIN_PY = new URL("./main.py", import.meta.url).href;
// How long calls may wait with no answer at all before Python is taken for hung (watch.js).
const CALL_DEADLINE_MS = 20_000;

/** @type {Promise<import("./referee/pyscript.js").PyScript> | null} */
let pyscript = null; // PyScript's module, once imported

/**
 * A new Python speaks the page's language before it takes any call (tellCore: nothing to say
 * in English). A refusal leaves it speaking English: the page still works.
 * @param {import("./referee/pyscript.js").XWorker} xworker
 */
async function greet(xworker) {
  // Where the languages' catalogues are (the app wheel carries none): sent first, not waited
  // for (the worker takes its messages in order); the core fetches one only when it is used.
  xworker.sync.referee_catalogues(new URL("./locale/", import.meta.url).href)
    .catch((error) => console.warn(`The rules were not told where the languages are: ${firstLine(error)}`));
  await startLanguage();
  try {
    await tellCore({ call: (method, payload) => xworker.sync.referee_call(method, JSON.stringify(payload)) });
  } catch (error) {
    console.warn(`The rules could not be told the page's language: ${firstLine(error)}`);
  }
}

const door = createDoor(handleReady);
const lifeline = createLifeline({
  deadlineMs: CALL_DEADLINE_MS,
  newWorker: () => newWorker(pyscript, { config: PYSCRIPT_CONFIG, mainPy: MAIN_PY }),
  greet,
  table: door.table,
});

// How long each stage of the start may take before the next way is taken (start.js): the
// page's part (PyScript's module), then Python from the full snapshot (1–10 s in every engine
// here, warm or cold, under load included), from the core snapshot, from scratch (WebKit
// took up to 140 s here).
const FILES_START_MS = 60_000;
const SNAPSHOT_START_MS = 60_000;
const CORE_START_MS = 120_000;
const SCRATCH_START_MS = 400_000;

async function startPython() {
  const started = await startRules({
    core: PYSCRIPT_CORE,
    config: PYSCRIPT_CONFIG,
    loaders: PYODIDE_LOADERS,
    mainPy: MAIN_PY,
    deadlines: { files: FILES_START_MS, snapshot: SNAPSHOT_START_MS, core: CORE_START_MS, scratch: SCRATCH_START_MS },
    greet,
  });
  pyscript = started.pyscript;
  lifeline.start(started.xworker);
  rulesReady(lifeline.call, started.boot);
}

const ready = handleReady.then(
  () => true,
  () => false,
);

// Resolves once the page has painted its first frame (see afterFirstFrame below): the board
// waits for it too when this module has run before the board's (index.html runs the board
// first, when its files are there first), as the wait has usually ended by then.
const firstFrame = afterFirstFrame();

const { rule, session, links, catalogue, call } = door;
const referee = Object.freeze({ rule, session, links, catalogue, call, ready, firstFrame, RefereeError });
/** window.referee (types/globals.d.ts). @typedef {typeof referee} Referee */
Object.defineProperty(window, "referee", { value: referee, enumerable: true });
dispatchEvent(new Event("referee")); // the board, a classic script, may be waiting for it

// Python starts once the page has painted its first frame: the worker's start (PyScript's
// module, the snapshot's download and inflation, WebAssembly's compilation) otherwise competes
// with that frame's raster for a tablet's cores, and the page shows nothing meanwhile. The
// board (static/board/main.js) has usually been drawn by then; if this module ran first, the
// board waits on the same promise, after this, and is drawn in the same turn, so Python's
// module does not delay it either. A hidden page (a background tab) paints no frame: Python
// starts at once.
firstFrame.then(startPython).catch((error) => rulesFailed(firstLine(error)));

function afterFirstFrame() {
  if (document.visibilityState === "hidden") return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 200); // a frame that never comes
    requestAnimationFrame(() => setTimeout(() => { clearTimeout(timer); resolve(); }, 0));
  });
}

// Offline use (static/sw.js, offline.js), once the rules are ready: its downloads never
// compete with the first start.
ready.then((ok) => ok && keepOffline(new URL("./sw.js", import.meta.url), new URL("../", import.meta.url).href))
  .catch((error) => console.warn(`Offline use unavailable: ${error}`));

// The page's language, last: window.referee and Python's start above do not wait for it, and
// the board's bundle (a classic script, which does not wait for this module) asks for the same
// one (startLanguage is shared). The widget's and the FAQ's modules import this one, so they
// draw once it is loaded. English: no file, no wait.
await startLanguage();
translateDocument();
