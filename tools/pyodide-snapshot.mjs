// Pyodide, restored from its build-time memory snapshot. tools/vendor.py copies this file
// beside pyodide.mjs, as static/vendor/pyodide-<version>/pyodide-snapshot.mjs, and
// static/app.js names it as PyScript's `interpreter`.
//
// PyScript imports the `interpreter` module and calls its loadPyodide(options) with only
// stdout, stderr, indexURL and packages; it reads `version` from the same module. This
// module is Pyodide's own (same exports, indexURL = this directory) but adds the snapshot
// made by tools/snapshot.mjs: restoring it skips CPython's initialisation. Without the file
// (or if it cannot be read) Python simply starts from scratch.
//
// Everything Pyodide will need is asked for as soon as this module is imported, while
// PyScript is still setting up: the snapshot (inflated by the browser: the server gzips
// it; a gzip file from a host that will not compress is inflated here), pyodide.mjs,
// Pyodide's lock file, its JavaScript half (pyodide.asm.mjs, 1.2 MB to fetch and compile)
// and its WebAssembly, all then handed to Pyodide's loadPyodide. The stages are left as
// performance marks in the worker (pyapp/bridge.py reports them to the page):
// pyodide-snapshot (the snapshot is here), pyodide-restored (Python runs) and
// packages-loaded (the wheels are installed).

// PyScript reads `version` from this module. tools/vendor.py writes it in, so that nothing
// here waits for pyodide.mjs: it is imported beside the other downloads below, not before
// them (a static import would hold this whole module back until it had arrived).
export const version = "__PYODIDE_VERSION__";
const pyodideModule = import("./pyodide.mjs");

const here = (name) => new URL(name, import.meta.url).href;

async function inflate(bytes) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(inflated).arrayBuffer());
}

// The snapshot file leaves out the memory's zero pages (tools/snapshot.mjs, `sparse`):
// "CRSP", u32 format 1, the memory's length, the number of runs, each run's offset and
// length, then the runs' bytes. Anything else is taken as Pyodide's own snapshot.
function expand(file) {
  const words = new Uint32Array(file.buffer, file.byteOffset, Math.min(4, file.length >> 2));
  if (words[0] !== 0x50535243 || words[1] !== 1) return file;
  const [, , length, count] = words;
  const runs = new Uint32Array(file.buffer, file.byteOffset + 16, 2 * count);
  const memory = new Uint8Array(length);
  let at = 16 + 8 * count;
  for (let i = 0; i < runs.length; i += 2) {
    memory.set(file.subarray(at, at + runs[i + 1]), runs[i]);
    at += runs[i + 1];
  }
  if (at !== file.length) throw new Error("snapshot file is truncated or malformed");
  return memory;
}

// Settles once the response has begun (or failed): its body keeps downloading while
// Pyodide fetches and compiles its own files.
const snapshot = fetch(here("./snapshot.bin"))
  .then((response) => {
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = response.arrayBuffer().then(async (buffer) => {
      const bytes = expand(await inflate(new Uint8Array(buffer)));
      performance.mark("pyodide-snapshot");
      return bytes;
    });
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
const lockFile = fetch(here("./pyodide-lock.json")).then((response) => {
  if (!response.ok) throw new Error(`Failed to load the package lock: HTTP ${response.status}`);
  return response.text();
});
const createPyodideModule = import("./pyodide.asm.mjs").then((module) => module.default);
lockFile.catch(() => undefined); // reported by loadPyodide, not as an unhandled rejection
createPyodideModule.catch(() => undefined);

// The WebAssembly half (9.6 MB, compiled as it streams in): Pyodide asks for it only once
// loadPyodide runs, with fetch(). That one request is answered with this response, asked
// for as soon as this module is imported; any other request goes to fetch as usual.
const WASM = here("./pyodide.asm.wasm");
const wasmResponse = fetch(WASM);
wasmResponse.catch(() => undefined); // Pyodide meets (and reports) a failure itself

function handOverWasm() {
  const ownFetch = globalThis.fetch;
  let handedOver = false;
  const fetchWithWasm = function (input, init) {
    if (!handedOver && String(input) === WASM) {
      handedOver = true;
      return wasmResponse;
    }
    return ownFetch.call(this, input, init);
  };
  globalThis.fetch = fetchWithWasm;
  return () => {
    if (globalThis.fetch === fetchWithWasm) globalThis.fetch = ownFetch;
  };
}

export async function loadPyodide({ packages = [], ...options } = {}) {
  const [saved, pyodideJs] = await Promise.all([snapshot, pyodideModule]);
  if (pyodideJs.version !== version) {
    throw new Error(`pyodide.mjs is ${pyodideJs.version}, this loader was built for ${version}`);
  }
  const restoreFetch = handOverWasm();
  const pyodide = await pyodideJs
    .loadPyodide({
      ...options,
      ...(saved && { _loadSnapshot: saved.body }),
      // Relative wheel paths in the lock resolve against packageBaseUrl when the lock is
      // given as contents (Pyodide takes it from the lock's URL otherwise).
      lockFileContents: lockFile,
      packageBaseUrl: here("./"),
      createPyodideModule,
    })
    .finally(restoreFetch);
  performance.mark("pyodide-restored");
  // What loadPyodide would do with `packages`, done here to mark when it ends.
  if (packages.length) await pyodide.loadPackage(packages, { messageCallback: () => {} });
  performance.mark("packages-loaded");
  return pyodide;
}
