// Build-time Pyodide memory snapshot: `node tools/snapshot.mjs <pyodide dir> <out.bin>`.
//
// Starting CPython inside Pyodide (initialising the interpreter, importing Pyodide's own
// Python side) is the largest single cost of a page load. A memory snapshot taken right
// after that start-up lets the rules worker (static/worker.js) restore the interpreter's
// memory instead of redoing the work. Only the bare interpreter is snapshotted: Pyodide
// 314 cannot snapshot loaded packages, and pydantic-core is a compiled extension, so the
// wheels are still loaded and imported after the restore.
//
// A snapshot belongs to one Pyodide build (Pyodide checks its build id on restore) and to
// that build's python_stdlib.zip (zipimport caches the archive's directory), so it is
// written into the versioned pyodide-<version>/ directory beside them. It is 31 MB of
// memory, mostly zeros: the server compresses it on the wire (~6 MB gzipped; tools/serve.py
// and Netlify do), and the browser inflates it natively, off the main thread.

import { writeFileSync, renameSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const [dir, out] = process.argv.slice(2);
if (!dir || !out) {
  console.error("usage: node tools/snapshot.mjs <pyodide dir> <out.bin>");
  process.exit(2);
}
const indexURL = resolve(dir) + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
const snapshot = pyodide.makeMemorySnapshot();
const tmp = out + ".tmp";
writeFileSync(tmp, snapshot);
renameSync(tmp, out);
console.log(`snapshot: ${snapshot.length} bytes of memory`);
