// @ts-check
// Pyodide, restored from its build-time memory snapshot. tools/vendor.py copies this file
// beside pyodide.mjs, as static/vendor/pyodide-<version>/pyodide-snapshot.mjs, and
// static/app.js names it as PyScript's `interpreter`.
//
// PyScript imports the `interpreter` module and calls its loadPyodide(options) with only
// stdout, stderr, indexURL and packages; it reads `version` from the same module. This
// module is Pyodide's own (same exports, indexURL = this directory) but adds the snapshot
// made by tools/snapshot.mjs: an interpreter with the wheels installed and the rules core
// imported and warmed up. Restoring it skips CPython's initialisation, the wheels'
// installation and every import; pydantic-core's compiled library is loaded first, where
// it was when the snapshot was made (tools/pyodide-restore.mjs). The wheels' files are
// then written into Python's file system from one tar (what the snapshot imported needs
// none of them; they are there for anything read or imported later). Without the
// snapshot (or if it cannot be read or used) Python starts from scratch, installs the
// wheels and imports as usual.
//
// Everything Pyodide will need is asked for as soon as this module is imported, while
// PyScript is still setting up: first its WebAssembly and the compiled libraries, then once
// that has come the snapshot (inflated by the browser: the server gzips it; a gzip file from
// a host that will not compress is inflated here); pyodide.mjs, Pyodide's lock
// file and its JavaScript half (pyodide.asm.mjs, 1.2 MB to fetch and compile) at once, all
// then handed to Pyodide's loadPyodide. The stages are left as performance marks in the
// worker (pyapp/bridge.py reports them to the page): pyodide-compiled (Pyodide's
// WebAssembly is compiled), dynlibs-compiled (so are the libraries), pyodide-snapshot
// (the snapshot is here), dynlibs-placed (the
// runtime is instantiated and pydantic-core placed, memory not yet written back),
// pyodide-restored (Python runs, restored from it; pyodide-restored-core when only the
// core snapshot could be restored, pyodide-started when it started from scratch) and
// packages-loaded (the wheels' files are in).

// PyScript reads `version` from this module. tools/vendor.py writes it in, so that nothing
// here waits for pyodide.mjs: it is imported beside the other downloads below, not before
// them (a static import would hold this whole module back until it had arrived).
export const version = "__PYODIDE_VERSION__";
// What tools/snapshot.mjs recorded, written in by tools/vendor.py: the memory's length, the
// compiled libraries (`libraries`: each one's path in Python's file system and its file
// here), where they were placed (`dynlibs`) and the dlopen handles naming them.
/**
 * @typedef {object} Saved
 * @property {string} id the build's id, which the snapshot file holds too
 * @property {number} memoryLength
 * @property {{ path: string, file: string }[]} libraries
 * @property {object[]} dynlibs
 * @property {Record<string, number[]>} handles
 * @property {{ file: string, id: string, memoryLength: number }} core the core snapshot's
 */
const SAVED = /** @type {Saved} */ (/** @type {unknown} */ ("__SNAPSHOT__"));

// Storage is an optimisation, never a requirement. PyScript's Pyodide engine opens an
// IndexedDB database (its package cache, "IDBMap/<this directory>@<version>") before it
// calls loadPyodide below, only to empty it: with packages_cache "passthrough"
// (static/app.js) it caches nothing there. Where storage is denied (a widget framed by
// another site, private windows, privacy-minded browsers) that open fails, with an Event
// the worker cannot even report ("Event object could not be cloned"), and Python never
// starts. So in this worker PyScript's databases (named "IDBMap/...") live in memory:
// nothing is written to the visitor's storage, and nothing can be denied. Any other
// database goes to the browser's IndexedDB as usual. (This module is imported before
// PyScript's engine runs: PyScript reads `version` and `loadPyodide` from it.)
function memoryRequest(result) {
  const request = { result, error: null, readyState: "pending" };
  // The caller sets the handlers right after the call returns, as with IndexedDB's own.
  setTimeout(() => {
    request.readyState = "done";
    if (typeof request.onsuccess === "function") request.onsuccess.call(request, { type: "success", target: request });
  });
  return request;
}

function memoryDatabase(name) {
  const entries = new Map();
  const store = {
    get: (key) => memoryRequest(entries.get(key)),
    getKey: (key) => memoryRequest(entries.has(key) ? key : undefined),
    getAllKeys: () => memoryRequest([...entries.keys()]),
    count: () => memoryRequest(entries.size),
    put(value, key) {
      entries.set(key, value);
      return memoryRequest(key);
    },
    delete(key) {
      entries.delete(key);
      return memoryRequest(undefined);
    },
    clear() {
      entries.clear();
      return memoryRequest(undefined);
    },
  };
  return {
    name,
    objectStoreNames: { length: 1, contains: () => true },
    createObjectStore: () => store,
    transaction: () => ({ objectStore: () => store }),
    close() {},
  };
}

function keepPyScriptStorageInMemory(scope) {
  let factory = null;
  try {
    factory = scope.indexedDB || null; // the getter itself may throw where storage is denied
  } catch {
    factory = null;
  }
  const open = factory && typeof factory.open === "function" ? factory.open : null;
  function openInMemoryOrNot(name, ...rest) {
    if (String(name).startsWith("IDBMap/")) return memoryRequest(memoryDatabase(String(name)));
    if (!open) throw new DOMException("IndexedDB is not available here.", "InvalidStateError");
    return open.call(this, name, ...rest);
  }
  if (open) Object.defineProperty(factory, "open", { value: openInMemoryOrNot, configurable: true, writable: true });
  else Object.defineProperty(scope, "indexedDB", { value: { open: openInMemoryOrNot }, configurable: true });
}
keepPyScriptStorageInMemory(globalThis);

const here = (name) => new URL(name, import.meta.url).href;

// Which way Python starts, written in by tools/vendor.py, which writes this loader once for
// each way, under its own name: pyodide-snapshot.mjs ("snapshot": the full snapshot, then
// the core snapshot, then from scratch), pyodide-snapshot-core.mjs ("core": skips the full
// snapshot) and pyodide-scratch.mjs ("scratch": both snapshots). A page whose start from the
// full snapshot did not finish in time starts a new worker the next way
// (static/referee/start.js). Named by the file, not by a query or a fragment of one URL: a
// service worker's answer comes with the URL it was cached under, and WebKit then gives
// the module that URL, fragment and query gone.
const START = /** @type {"snapshot" | "core" | "scratch"} */ (/** @type {unknown} */ ("__START__"));

// This build's files, read from the service worker's cache directly where it holds them:
// a fetch answered by the service worker (or by the browser's routing to its cache) took
// 2-3 times as long to hand over the same bytes (the snapshot: 250 against 115 ms in
// Firefox, 340 against 100 in WebKit, 75 against 40 in Chromium; docs/benchmarks.md).
// The cache is the one whose copy of this loader carries this loader's snapshot id (SAVED,
// below): the id is a hash of everything the snapshot was made from, Pyodide and every
// wheel, and each build's loader and snapshot carry the same one, so that cache's
// snapshot, Pyodide, libraries and files are this build's too. (The loader, 27 KB, rather
// than the snapshot's own header: WebKit read 150 ms of the snapshot's 31 MB before giving
// its first bytes.) Another deploy's cache, waiting to take over or not yet deleted, is
// passed over. Any failure, a cache without the file, or no cache storage at all (a
// sandboxed frame) and the file is fetched as usual.
const cacheNames = typeof caches === "undefined"
  ? Promise.resolve([])
  : caches.keys().then((names) => names.reverse()); // the newest first
const ownCache = cacheNames.then(findOwnCache).catch(() => undefined);
/** @param {string[]} names @returns {Promise<string | undefined>} */
async function findOwnCache(names) {
  for (const cacheName of names) {
    const loader = await caches.match(import.meta.url, { cacheName });
    if (loader && (await loader.text()).includes(`{"id":${JSON.stringify(SAVED.id)},`)) {
      return cacheName;
    }
  }
  return undefined;
}
/**
 * A file of this directory, its response handed to `take` (which reads what it needs of
 * it; the response itself by default): from this build's cache, or fetched. Read from the
 * newest cache at once, beside the look for this build's: it is almost always that one
 * (WebKit took 35-80 ms to say so), and otherwise what was read is dropped.
 * @template [T=Response]
 * @param {string} name
 * @param {(response: Response) => Promise<T> | T} [take]
 * @returns {Promise<T>}
 */
function read(name, take = (response) => /** @type {T} */ (/** @type {unknown} */ (response))) {
  const url = here(name);
  const fetched = () => fetch(url).then(take);
  /** @param {string | undefined} cacheName */
  const fromCache = (cacheName) =>
    cacheName === undefined
      ? Promise.resolve(undefined)
      : caches.match(url, { cacheName }).then((response) => response && take(response));
  const newest = cacheNames.then((names) => fromCache(names[0]));
  newest.catch(() => undefined); // dropped, or reported below
  return Promise.all([ownCache, cacheNames]).then(([own, names]) => {
    if (own === undefined) return fetched();
    const cached = own === names[0] ? newest : fromCache(own);
    return cached.then((value) => (value === undefined ? fetched() : value), fetched);
  }, fetched);
}

// Pyodide's own modules are beside this file once copied, not in tools/ where the type
// checker reads it: imported by their URL, typed by the npm package they come from.
/** @type {Promise<typeof import("pyodide")>} */
const pyodideModule = import(here("./pyodide.mjs"));
const restoreModule = import("./pyodide-restore.mjs");
restoreModule.catch(() => undefined); // then the snapshot is not used (reported below)

async function inflate(bytes) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(inflated).arrayBuffer());
}

// The snapshot file leaves out the memory's zero pages (tools/snapshot.mjs, `sparse`):
// "CRSP", u32 format 2, the length of Pyodide's snapshot (its header, then Python's
// memory), the number of runs, the build's id (16 bytes), each run's offset and length,
// then the runs' bytes. The id must be this loader's: a page loaded across a deploy could
// otherwise pair this loader's record of the libraries with another build's memory.
//
// It is never laid out whole: Pyodide gets its header alone (`header`: magic, where the
// memory starts, the build id, the state it keeps in JavaScript) and the memory is written
// by `writeMemory(heap)` straight into the module's, once instantiated, where Pyodide
// would have copied it from a 54 MB array: that array, zeroed, then filled from the file
// and copied again, took three passes over memory and 54 MB more of it at the peak.
/**
 * @typedef {object} Snapshot
 * @property {Uint8Array} header Pyodide's header, for its `_loadSnapshot`
 * @property {number} length the length of Pyodide's snapshot, header and memory
 * @property {(heap: Uint8Array) => void} writeMemory Python's memory, into the module's
 */
/** @param {Uint8Array} file @param {{ id: string, name?: string }} [which] @returns {Snapshot} */
function readSnapshot(file, { id: expected, name = "snapshot.bin" } = SAVED) {
  const words = new Uint32Array(file.buffer, file.byteOffset, Math.min(8, file.length >> 2));
  if (words[0] !== 0x50535243 || words[1] !== 2 || words.length < 8) {
    throw new Error(`${name} is not a snapshot this loader reads`);
  }
  const id = new TextDecoder().decode(file.subarray(16, 32));
  if (id !== expected) throw new Error(`${name} is build ${id}, this loader ${expected}`);
  const [, , length, count] = words;
  if (32 + 8 * count > file.length) throw new Error(`${name} is truncated or malformed`);
  const runs = new Uint32Array(file.buffer, file.byteOffset + 32, 2 * count);
  const starts = [];
  let at = 32 + 8 * count;
  let end = 0;
  for (let i = 0; i < runs.length; i += 2) {
    if (runs[i] < end || runs[i] + runs[i + 1] > length) {
      throw new Error(`${name} is truncated or malformed`);
    }
    starts.push(at);
    at += runs[i + 1];
    end = runs[i] + runs[i + 1];
  }
  if (at !== file.length) throw new Error(`${name} is truncated or malformed`);
  /** Pyodide's snapshot from `from` to `to` into `target` (at 0), zero pages zeroed. */
  const copy = (/** @type {Uint8Array} */ target, /** @type {number} */ from, /** @type {number} */ to) => {
    let zeroFrom = from;
    for (let i = 0; i < runs.length; i += 2) {
      const a = Math.max(runs[i], from);
      const b = Math.min(runs[i] + runs[i + 1], to);
      if (a >= b) continue;
      if (zeroFrom < a) target.fill(0, zeroFrom - from, a - from);
      target.set(file.subarray(starts[i >> 1] + a - runs[i], starts[i >> 1] + b - runs[i]), a - from);
      zeroFrom = b;
    }
    if (zeroFrom < to) target.fill(0, zeroFrom - from, to - from);
    return target;
  };
  const memoryStart = new Uint32Array(copy(new Uint8Array(8), 0, 8).buffer)[1];
  if (memoryStart % 4 || memoryStart > length) throw new Error(`${name} is truncated or malformed`);
  return {
    header: copy(new Uint8Array(memoryStart), 0, memoryStart),
    length,
    writeMemory(heap) {
      if (heap.length < length - memoryStart) throw new Error(`${name} does not fit in memory`);
      copy(heap, memoryStart, length);
    },
  };
}

// Pyodide's WebAssembly half (9.6 MB): Pyodide asks for it only once loadPyodide runs, and
// compiles it only when it builds its module, which waits for the snapshot. It is asked
// for first instead, as soon as this module is imported, with pydantic-core's library
// only: the files not needed as soon (the snapshot, the wheels' files, the standard
// library) are asked for once its bytes are here (afterWasm). It is compiled from its
// whole bytes while they download. Streamed in beside the 50 MB of the others, it was
// compiled 0.7-0.9 s after the worker's start in WebKit and Firefox (which keep no
// compiled WebAssembly between loads); this way, 0.3-0.5 s (docs/benchmarks.md).
// handOver() then answers Pyodide's own request with the compiled module (see there).
const WASM = here("./pyodide.asm.wasm");
const wasmBytes = read("./pyodide.asm.wasm", (response) => {
  if (!response.ok) throw new Error(`pyodide.asm.wasm: HTTP ${response.status}`);
  return response.arrayBuffer();
});
/** `ask()`, once Pyodide's WebAssembly has come (or could not be had). @template T @param {() => Promise<T>} ask */
function afterWasm(ask) {
  return wasmBytes.then(ask, ask);
}
const compiledWasm = wasmBytes.then((bytes) => WebAssembly.compile(bytes)).then((module) => {
  performance.mark("pyodide-compiled");
  return module;
});
compiledWasm.catch(() => undefined); // then Pyodide fetches and compiles it itself (handOver)

// Settles once the response has begun (or failed): its body keeps downloading while
// Pyodide's WebAssembly is compiled.
const snapshot = START !== "snapshot" ? Promise.resolve(undefined) : afterWasm(() => read("./snapshot.bin"))
  .then((response) => {
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = response.arrayBuffer().then(async (buffer) => {
      const file = readSnapshot(await inflate(new Uint8Array(buffer)));
      performance.mark("pyodide-snapshot");
      return file;
    });
    body.catch(() => undefined); // reported when the snapshot is used, below
    return { body };
  })
  .catch((error) => {
    console.warn(`Python starts without its snapshot: ${(error && error.message) || error}`);
    return undefined;
  });

// Pyodide would fetch these itself, one after the other, once PyScript calls loadPyodide.
// They are handed over as promises: loadPyodide awaits them where it needs them, so that
// its own downloads (the WebAssembly, the standard library) start at once. A failure is
// Pyodide's to report, as if it had fetched the file itself.
const lockFile = read("./pyodide-lock.json", (response) => {
  if (!response.ok) throw new Error(`Failed to load the package lock: HTTP ${response.status}`);
  return response.text();
});
const createPyodideModule = import(here("./pyodide.asm.mjs")).then((module) => module.default);
lockFile.catch(() => undefined); // reported by loadPyodide, not as an unhandled rejection
createPyodideModule.catch(() => undefined);

// The compiled libraries the snapshot holds (pydantic-core's: 4.7 MB), asked for beside
// Pyodide's WebAssembly (they are needed as soon), each compiled from its bytes once
// Pyodide's own is compiled (an engine that compiles both at once ends both later); each
// must be ready before Python's memory is written back. Their bytes are also kept, to be
// written where the wheel would have put them.
const libraries = SAVED.libraries.map(({ path, file }) => {
  const bytes = read(file, async (r) => {
    if (!r.ok) throw new Error(`${file}: HTTP ${r.status}`);
    return new Uint8Array(await r.arrayBuffer());
  });
  const compiled = compiledWasm.catch(() => undefined);
  const module = Promise.all([bytes, compiled]).then(([b]) => WebAssembly.compile(b));
  module.catch(() => undefined); // reported when the snapshot is used, below
  bytes.catch(() => undefined);
  return { path, module, bytes };
});
Promise.all(libraries.map(({ module }) => module)).then(() => performance.mark("dynlibs-compiled"), () => undefined);

// The wheels' other files, as installed (tools/vendor.py, site_files): one plain tar.
const siteFiles = afterWasm(() => read("./site-packages.tar", (response) => {
  if (!response.ok) throw new Error(`site-packages.tar: HTTP ${response.status}`);
  return response.arrayBuffer();
}));
siteFiles.catch(() => undefined); // then Pyodide installs the wheels instead, below

// After a restore: the files the wheels would have installed (the snapshot has all it
// imported in memory; these are for anything read or imported later) and the bytecode of
// PyScript's own package (tools/vendor.py, pyscript_bytecode), written straight into
// Python's file system, and the packages noted as loaded, as Pyodide would have.
async function installFiles(pyodide) {
  const { writeSiteFiles } = await restoreModule;
  const tar = new Uint8Array(await siteFiles);
  const libs = await Promise.all(libraries.map(async ({ path, bytes }) => [path, await bytes]));
  writeSiteFiles(pyodide.FS, tar, libs);
  for (const name of Object.keys(JSON.parse(await lockFile).packages)) {
    pyodide.loadedPackages[name] = "default channel";
  }
}

// Pyodide's standard library (2.5 MB): asked for early too, and handed to Pyodide's own
// request by handOver() (see there).
const STDLIB = here("./python_stdlib.zip");
const early = { [STDLIB]: afterWasm(() => read("./python_stdlib.zip")) };
early[STDLIB].catch(() => undefined);

// While loadPyodide runs: Pyodide's fetch of its standard library gets the early response
// (once: a body is read once), and its fetch of the WebAssembly a stand-in that its
// WebAssembly.instantiateStreaming() recognises and instantiates from the module compiled
// above. If that compilation failed, the WebAssembly is fetched and compiled as Pyodide
// would have. Everything else goes to fetch() and instantiateStreaming() as usual.
let stdlibHandedOver = false;
function handOver() {
  const ownFetch = globalThis.fetch;
  const ownInstantiate = WebAssembly.instantiateStreaming;
  const standIn = Promise.resolve(new Response(null));
  const fetchEarly = function (input, init) {
    const url = String(input);
    if (url === WASM) return standIn;
    if (url === STDLIB && !stdlibHandedOver) {
      stdlibHandedOver = true;
      return early[STDLIB];
    }
    return ownFetch.call(this, input, init);
  };
  const instantiateEarly = function (source, imports) {
    if (source !== standIn) return ownInstantiate.call(this, source, imports);
    return compiledWasm.then(
      async (module) => ({ module, instance: await WebAssembly.instantiate(module, imports) }),
      () => ownInstantiate.call(WebAssembly, ownFetch(WASM), imports),
    );
  };
  globalThis.fetch = fetchEarly;
  WebAssembly.instantiateStreaming = instantiateEarly;
  return () => {
    if (globalThis.fetch === fetchEarly) globalThis.fetch = ownFetch;
    if (WebAssembly.instantiateStreaming === instantiateEarly) {
      WebAssembly.instantiateStreaming = ownInstantiate;
    }
  };
}

export async function loadPyodide(options = {}) {
  const pyodide = await start(options);
  const restoring = await restoreModule.catch(() => undefined);
  if (restoring) writesPyScriptPackageItself(pyodide, restoring);
  return pyodide;
}

// PyScript's package-writing code (tools/pyodide-restore.mjs, pyscriptPackageWrites): its
// files written here, the rest run by Python; then Pyodide's own runPython and
// runPythonAsync are put back. Any other code, or a write that fails, and Python runs the
// code as it is (which writes every file again).
function writesPyScriptPackageItself(pyodide, { pyscriptPackageWrites, writePyScriptPackage }) {
  const own = { runPython: pyodide.runPython, runPythonAsync: pyodide.runPythonAsync };
  const putBack = () => Object.assign(pyodide, own);
  for (const [name, run] of Object.entries(own)) {
    pyodide[name] = function (/** @type {unknown} */ code, /** @type {unknown[]} */ ...rest) {
      const writes = pyscriptPackageWrites(code);
      if (writes) {
        putBack();
        try {
          writePyScriptPackage(pyodide.FS, writes);
          performance.mark("pyscript-written");
          // The rest is `import pyscript` (and any plugin's code): its end, a stage of its own.
          const done = () => performance.mark("pyscript-imported");
          const out = run.call(this, writes.rest, ...rest);
          if (out instanceof Promise) out.then(done, () => undefined);
          else done();
          return out;
        } catch (error) {
          console.warn(`PyScript writes its package itself: ${(error && error.message) || error}`);
        }
      }
      return run.call(this, code, ...rest);
    };
  }
}

async function start({ packages = [], ...options } = {}) {
  const [saved, pyodideJs] = await Promise.all([snapshot, pyodideModule]);
  if (pyodideJs.version !== version) {
    throw new Error(`pyodide.mjs is ${pyodideJs.version}, this loader was built for ${version}`);
  }
  const settings = {
    ...options,
    // Relative wheel paths in the lock resolve against packageBaseUrl when the lock is
    // given as contents (Pyodide takes it from the lock's URL otherwise).
    lockFileContents: lockFile,
    packageBaseUrl: here("./"),
  };
  if (saved) {
    let pyodide;
    try {
      pyodide = await restore(pyodideJs, settings, saved.body);
    } catch (error) {
      console.warn(`Python starts without its snapshot: ${(error && error.message) || error}`);
    }
    if (pyodide) {
      performance.mark("pyodide-restored"); // only a restored interpreter has this mark
      // What loadPyodide would do with `packages`: here only the files are missing.
      await installFiles(pyodide).catch((error) => {
        console.warn(`the wheels' files are installed by Pyodide: ${error.message || error}`);
        return pyodide.loadPackage(packages, { messageCallback: () => {} });
      });
      performance.mark("packages-loaded");
      return pyodide;
    }
  }
  // Second chance: the core snapshot, Pyodide just started. It holds no compiled library,
  // so nothing has to be placed and no engine's difference can refuse it; the wheels are
  // then installed and imported as from scratch, but CPython's own start (most of a start
  // from scratch: 28 of 43 s in WebKit here) is skipped.
  let core;
  try {
    if (START === "scratch") throw new Error("the page asked for a start from scratch");
    core = await restoreCore(pyodideJs, settings);
  } catch (error) {
    console.warn(`Python starts from scratch: ${(error && error.message) || error}`);
  }
  if (core) {
    performance.mark("pyodide-restored-core");
    // The wheels' files from the tar and the libraries from the modules compiled early, as
    // after a full restore; not by Pyodide's installer, whose unzipping in Python takes
    // seconds where the engine runs cold code slowly (28 s in WebKit here).
    await installFiles(core)
      .then(async () => (await restoreModule).loadLibraries(core._module, libraries))
      .catch((error) => {
        console.warn(`the wheels are installed by Pyodide: ${error.message || error}`);
        return core.loadPackage(packages, { messageCallback: () => {} });
      });
    performance.mark("packages-loaded");
    return core;
  }
  const restoreFetch = handOver();
  // The function table made ready here too: one slot per function, and one for each
  // export at once (tools/pyodide-restore.mjs, canonicalTable and tableSlotsForExports).
  const { withTableReady } = await restoreModule.catch(() => ({ withTableReady: null }));
  const tableReady = createPyodideModule.then((create) =>
    withTableReady
      ? (moduleSettings) =>
          create({ ...moduleSettings, instantiateWasm: withTableReady(moduleSettings.instantiateWasm) })
      : create,
  );
  // A promise of the factory, where Pyodide's types want the factory: loadPyodide awaits it
  // (its loadWasmScript returns it from an async function), so it is not waited for here.
  const createModule = /** @type {import("pyodide").PyodideConfig["createPyodideModule"]} */ (
    /** @type {unknown} */ (tableReady));
  const pyodide = await pyodideJs
    .loadPyodide({ ...settings, createPyodideModule: createModule })
    .finally(restoreFetch);
  performance.mark("pyodide-started"); // from scratch
  if (packages.length) await pyodide.loadPackage(packages, { messageCallback: () => {} });
  performance.mark("packages-loaded");
  return pyodide;
}

/**
 * Pyodide's own start, given the snapshot's header alone (`_loadSnapshot`; Pyodide awaits
 * it where it needs it), its module created as large as for the whole snapshot, and the
 * memory written by writeMemory just before Pyodide restores the rest (its restoreSnapshot,
 * which then has no memory to copy).
 * @param {Promise<Snapshot>} snapshot
 * @param {(settings: object) => Promise<any>} createModule
 */
function fromSnapshot(snapshot, createModule) {
  return {
    _loadSnapshot: snapshot.then(({ header }) => header),
    createPyodideModule: async (/** @type {object} */ moduleSettings) => {
      const { length, writeMemory } = await snapshot;
      const Module = await createModule({ ...moduleSettings, INITIAL_MEMORY: length });
      const restoreSnapshot = Module.API.restoreSnapshot;
      Module.API.restoreSnapshot = function (...args) {
        writeMemory(Module.HEAPU8);
        return restoreSnapshot.apply(this, args);
      };
      return Module;
    },
  };
}

async function restore(pyodideJs, settings, memory) {
  const { keepTrampoline, preloadingDynlibs, restoreDlopenHandles } = await restoreModule;
  const { factory } = preloadingDynlibs(await createPyodideModule, libraries, {
    expected: SAVED.dynlibs,
    memoryLength: SAVED.memoryLength,
  });
  const restoreFetch = handOver();
  const pyodide = await pyodideJs
    .loadPyodide({
      ...settings,
      ...fromSnapshot(memory, async (moduleSettings) => {
        const Module = await factory(moduleSettings);
        performance.mark("dynlibs-placed");
        restoreDlopenHandles(Module, SAVED.handles);
        keepTrampoline(Module);
        return Module;
      }),
    })
    .finally(restoreFetch);
  return pyodide;
}

// The core snapshot (tools/vendor.py, SAVED.core) is fetched only when it is needed.
async function restoreCore(pyodideJs, settings) {
  const { file, id, memoryLength } = SAVED.core;
  const { keepTrampoline, preloadingDynlibs } = await restoreModule;
  const response = await read(`./${file}`);
  if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
  const bytes = await inflate(new Uint8Array(await response.arrayBuffer()));
  const memory = Promise.resolve(readSnapshot(bytes, { id, name: file }));
  // No library to place: the hook only grows the memory and makes the table ready.
  const { factory } = preloadingDynlibs(await createPyodideModule, [], {
    expected: [],
    memoryLength,
  });
  const restoreFetch = handOver();
  return pyodideJs
    .loadPyodide({
      ...settings,
      ...fromSnapshot(memory, async (moduleSettings) => {
        const Module = await factory(moduleSettings);
        keepTrampoline(Module);
        return Module;
      }),
    })
    .finally(restoreFetch);
}
