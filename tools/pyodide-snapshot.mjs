// Pyodide, restored from its build-time memory snapshot. tools/vendor.py copies this file
// beside pyodide.mjs, as static/vendor/pyodide-<version>/pyodide-snapshot.mjs, and
// static/pyscript.json names it as PyScript's `interpreter`.
//
// PyScript imports the `interpreter` module and calls its loadPyodide(options) with only
// stdout, stderr, indexURL and packages; it reads `version` from the same module. This
// module is Pyodide's own (same exports, indexURL = this directory) but adds the snapshot
// made by tools/snapshot.mjs: restoring it skips CPython's initialisation. Without the file
// (or if it cannot be read) Python simply starts from scratch.
//
// The snapshot's download starts as soon as this module is imported, while PyScript is
// still reading its config, and the body is inflated by the browser (the server gzips it;
// a gzip file from a host that will not compress is inflated here). Its arrival and the
// end of loadPyodide are left as performance marks in the worker (pyapp/bridge.py reports
// them to the page).

import { loadPyodide as loadPyodideFromScratch, version } from "./pyodide.mjs";

export { version };

const SNAPSHOT = new URL("./snapshot.bin", import.meta.url).href;

async function inflate(bytes) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(inflated).arrayBuffer());
}

// Settles once the response has begun (or failed): its body keeps downloading while
// Pyodide fetches and compiles its own files.
const snapshot = fetch(SNAPSHOT)
  .then((response) => {
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = response.arrayBuffer().then(async (buffer) => {
      const bytes = await inflate(new Uint8Array(buffer));
      performance.mark("pyodide-snapshot");
      return bytes;
    });
    return { body };
  })
  .catch((error) => {
    console.warn(`Python starts without its snapshot: ${(error && error.message) || error}`);
    return undefined;
  });

export async function loadPyodide(options = {}) {
  const saved = await snapshot;
  const pyodide = await loadPyodideFromScratch({
    ...options,
    ...(saved && { _loadSnapshot: saved.body }),
  });
  performance.mark("pyodide-loaded");
  return pyodide;
}
