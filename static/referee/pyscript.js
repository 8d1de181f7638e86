// @ts-check
// Python started in PyScript's worker: PyScript's module imported without what this site never
// uses (its storage, its plugins, its page-wide watch for Python tags), the first worker made
// from a <script type="py" worker>, a new one from a PyWorker, and the worker's boot report.

import { firstLine } from "./envelope.js";

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
 *   referee_catalogues(base: string): Promise<string>,
 *   referee_hold(name: string): Promise<void>,
 * } }} XWorker
 */

// PyScript's core opens an IndexedDB database ("IDBMap/@pyscript.fs", for pyscript.fs, which
// this site never uses) while its module is evaluated. Where storage is denied (the widget
// framed by another site, private windows) that open fails, or throws, and the failure is an
// unhandled rejection. Storage is an optimisation, never a requirement: while PyScript's
// module is imported, that one database is answered with a request that never completes
// (nothing stored, nothing failed); every other open goes to IndexedDB as usual.
const PYSCRIPT_FS_DB = "IDBMap/@pyscript.fs";

/**
 * PyScript's module, imported from `url` with no storage of its own and none of its plugins.
 * @param {string} url
 * @returns {Promise<PyScript>}
 */
export async function importPyScript(url) {
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
  // are kept here and disconnected once PyScript has made its worker (startWorker).
  const Native = window.MutationObserver;
  window.MutationObserver = class extends Native {
    constructor(callback) {
      super(callback);
      pyscriptObservers.push(this);
    }
  };
  try {
    return await import(url);
  } finally {
    window.MutationObserver = Native;
    for (const config of configs) config.remove();
    restore();
  }
}

const PLUGINS_OFF = ["!codemirror", "!deprecations-manager", "!donkey", "!py-editor", "!py-game", "!py-terminal"];
const pyscriptObservers = [];

/** What Python says once it has started: {ok, message, timings, wasmBytes}; throws if it did
 * not start, or does not answer (a dead Python). @param {XWorker} xworker */
export async function bootReport(xworker) {
  const boot = JSON.parse(await xworker.sync.referee_boot());
  if (!boot.ok) throw new Error(boot.message);
  return boot;
}

/**
 * The first worker, made by PyScript from a <script type="py" worker> running `mainPy` with
 * `config`; resolves once Python has started, with its boot report. `onStartError` hears what
 * the worker reports while starting.
 * @param {Promise<PyScript>} pyscript
 * @param {{ config: object, mainPy: string, onStartError: (message: string) => void }} how
 * @returns {Promise<{ xworker: XWorker, boot: any }>}
 */
export async function startWorker(pyscript, { config, mainPy, onStartError }) {
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
  script.setAttribute("config", JSON.stringify(config));
  script.setAttribute("src", mainPy);
  document.head.append(script);

  // Resolves as soon as PyScript has created the worker (not when Python is ready).
  const { xworker } = await whenDefined("py");
  for (const observer of pyscriptObservers.splice(0)) observer.disconnect();
  // What the worker reports while starting (the runtime or a wheel failed to load) ends the
  // loading state; PyScript's default would only log it with console.error. Once Python
  // answers, the lifeline takes it as a sign that Python may have died (lifeline.js).
  xworker.onerror = ({ error }) => onStartError(firstLine(error));
  await xworker.ready; // static/main.py has run; rejects if anything before it failed
  return { xworker, boot: await bootReport(xworker) };
}

/**
 * A new worker running `mainPy` with `config` (after one died), once Python has started.
 * @param {Promise<PyScript>} pyscript
 * @param {{ config: { interpreter: string }, mainPy: string }} how
 */
export async function newWorker(pyscript, { config, mainPy }) {
  const { PyWorker } = await pyscript;
  // As for the <script type="py" worker> of startWorker, the interpreter's URL is the
  // `version` (PyScript reads it from the script's config; a PyWorker is told).
  const xworker = await PyWorker(mainPy, {
    config: JSON.stringify(config),
    version: config.interpreter,
  });
  await bootReport(xworker);
  return xworker;
}
