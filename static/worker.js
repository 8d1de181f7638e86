// Castaway Referee: the rules core's thread. A module worker that runs Pyodide and
// pyapp, so that starting Python never blocks the page (static/app.js proxies
// window.referee.* to it). Messages only: no SharedArrayBuffer, no cross-origin
// isolation, no eval, no blob: URL, so it runs under the site's CSP as it is.
//
// page -> worker  {id, method, text}
// worker -> page  {id, answer}                         answer: Service.call's JSON envelope
//                 {ready: true, timings, wasmBytes}    once, when the rules are imported
//                 {failed: message}                    once, if they cannot be

import { loadPyodide } from "./vendor/pyodide-314.0.7/pyodide.mjs";

const started = performance.now();
// Times relative to the page's navigation start, so the page can put them on its timeline.
const since = (t) => Math.round(performance.timeOrigin + t - self.pageTimeOrigin);
const timings = {};
const lap = (name) => {
  timings[name] = since(performance.now());
};

let handle = null;
let failure = null;
// Calls that arrive while Python is starting wait here; in practice the page only
// sends once it has heard "ready".
const waiting = [];

function answer({ id, method, text }) {
  let reply;
  try {
    reply = String(handle(method, text));
  } catch (error) {
    // pyapp/bridge.py never raises; this is a fault in the bridge itself.
    reply = JSON.stringify({
      ok: false,
      error: { type: "bridge_error", message: String(error), details: [{ loc: "", msg: String(error) }] },
    });
  }
  postMessage({ id, answer: reply });
}

// Called by pyapp/bridge.py, which runs in this worker: `js` is this global scope.
self.refereeBridge = {
  attach(pyHandle) {
    handle = pyHandle;
  },
  fail(message) {
    failure = String(message);
  },
};

const PYODIDE = new URL("./vendor/pyodide-314.0.7/", import.meta.url).href;

// The interpreter's memory right after start-up, made at build time by tools/snapshot.mjs:
// restoring it skips CPython's initialisation. Sent gzipped by the server and inflated by
// the browser; a gzip file (a host that will not compress) is inflated here. Without it
// Python simply starts from scratch. Resolves once the response has begun, so that its
// body downloads while Pyodide's own scripts load.
async function snapshot() {
  const response = await fetch(PYODIDE + "snapshot.bin").catch((error) => error);
  if (!(response instanceof Response) || !response.ok) {
    console.warn(`Python starts without its snapshot: ${response.status || response}`);
    return undefined;
  }
  const body = (async () => {
    const bytes = new Uint8Array(await response.arrayBuffer());
    lap("snapshot");
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
    const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(inflated).arrayBuffer());
  })();
  return { body };
}

async function boot() {
  const saved = await snapshot();
  const pyodide = await loadPyodide({
    indexURL: PYODIDE,
    // Downloaded while the interpreter starts: the app wheel and its dependencies.
    packages: ["castaway-referee"],
    ...(saved && { _loadSnapshot: saved.body }),
    stdout: (line) => console.log(line),
    stderr: (line) => console.warn(line),
  });
  lap("runtime");
  pyodide.runPython("from pyapp import bridge\nbridge.install()");
  lap("imported");
  if (failure || !handle) throw new Error(failure || "pyapp.bridge did not attach");
  return pyodide;
}

self.onmessage = (event) => {
  const data = event.data;
  if (data && typeof data.pageTimeOrigin === "number") {
    self.pageTimeOrigin = data.pageTimeOrigin;
    lap("worker");
    timings.workerStarted = since(started);
    boot().then(
      (pyodide) => {
        postMessage({ ready: true, timings, wasmBytes: pyodide._module.HEAP8.byteLength });
        for (const call of waiting.splice(0)) answer(call);
      },
      (error) => postMessage({ failed: String((error && error.message) || error).split("\n")[0] }),
    );
  } else if (handle) {
    answer(data);
  } else {
    waiting.push(data);
  }
};
