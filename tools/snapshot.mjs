// Build-time Pyodide memory snapshot:
//   node tools/snapshot.mjs <pyodide dir> <out.bin> [module ...]
//
// Starting CPython inside Pyodide (initialising the interpreter, importing Pyodide's own
// Python side) is the largest single cost of a page load. A memory snapshot taken right
// after that start-up lets the rules worker restore the interpreter's memory instead of
// redoing the work.
//
// Pyodide 314 cannot snapshot loaded packages, and pydantic-core is a compiled extension,
// so the wheels are still loaded and imported after the restore. What the snapshot can
// hold is the standard library they need: a first, throw-away interpreter loads every
// wheel in pyodide-lock.json, imports the modules named on the command line (the app's
// entry points) and notes which standard-library modules that pulled in (Pyodide's package
// loader alone brings importlib.metadata, tarfile and email: about half a second). The
// snapshotted interpreter imports exactly those, in the same order, before its memory is
// saved. Compiled stdlib extensions (.so files) are left out: they are dynamic libraries.
//
// A snapshot belongs to one Pyodide build (Pyodide checks its build id on restore) and to
// that build's python_stdlib.zip (zipimport caches the archive's directory), so it is
// written into the versioned pyodide-<version>/ directory beside them. It is 31 MB of
// memory, 17 MB once its zero pages are left out (see sparse below): the server
// compresses it on the wire (~6.7 MB gzipped; tools/serve.py and Netlify do), and the
// browser inflates it natively, off the main thread.

import { readFileSync, writeFileSync, renameSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const [dir, out, ...entryPoints] = process.argv.slice(2);
if (!dir || !out) {
  console.error("usage: node tools/snapshot.mjs <pyodide dir> <out.bin> [module ...]");
  process.exit(2);
}
const indexURL = resolve(dir) + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);

// Standard-library modules first imported while loading the wheels and the entry points.
// `random` is kept out: it seeds itself when imported, and a snapshot would replay the seed.
async function stdlibNeeded() {
  const scratch = await loadPyodide({ indexURL });
  scratch.runPython("import sys; _before = set(sys.modules)");
  const lock = JSON.parse(readFileSync(indexURL + "pyodide-lock.json", "utf8"));
  await scratch.loadPackage(Object.keys(lock.packages), { messageCallback: () => {} });
  scratch.globals.set("entry_points", entryPoints);
  return scratch.runPython(`
import importlib, sys, sysconfig
for name in entry_points:
    importlib.import_module(name)
# The standard library lives in Pyodide's python3XX.zip, and in lib/python3.XX beside
# site-packages.
site = sysconfig.get_paths()["purelib"]
roots = tuple(p + "/" for p in sys.path if p.endswith(".zip")) + (sysconfig.get_paths()["stdlib"] + "/",)
def from_stdlib(name):
    path = getattr(sys.modules[name], "__file__", None)
    if path is None:
        return name in sys.builtin_module_names
    return path.startswith(roots) and not path.startswith(site) and not path.endswith(".so")
[name for name in list(sys.modules)
 if name not in _before and name != "random" and from_stdlib(name)]
`).toJs();
}

// Most of the interpreter's memory is zeros (14 of 31 MB, in runs of whole pages). The file
// keeps only the pages that are not: "CRSP", then little-endian u32s (format 1, the
// memory's length, the number of runs, and each run's offset and length), then the runs'
// bytes one after the other. tools/pyodide-snapshot.mjs rebuilds the memory from it. The
// zeros would cost nothing on the wire (gzip), but the browser would still inflate,
// copy and hand over all 31 MB before Python could start.
const PAGE = 4096;
function sparse(memory) {
  const runs = [];
  const zero = (start) => {
    const end = Math.min(start + PAGE, memory.length);
    for (let i = start; i < end; i++) if (memory[i] !== 0) return false;
    return true;
  };
  for (let start = 0; start < memory.length; start += PAGE) {
    if (zero(start)) continue;
    const last = runs[runs.length - 1];
    const length = Math.min(PAGE, memory.length - start);
    if (last && last[0] + last[1] === start) last[1] += length;
    else runs.push([start, length]);
  }
  const dataLength = runs.reduce((n, [, length]) => n + length, 0);
  const header = new Uint32Array(4 + 2 * runs.length);
  header.set([0x50535243 /* "CRSP" */, 1, memory.length, runs.length]);
  runs.forEach(([offset, length], i) => header.set([offset, length], 4 + 2 * i));
  const out = new Uint8Array(header.byteLength + dataLength);
  out.set(new Uint8Array(header.buffer));
  let at = header.byteLength;
  for (const [offset, length] of runs) {
    out.set(memory.subarray(offset, offset + length), at);
    at += length;
  }
  return out;
}

try {
  const modules = entryPoints.length ? await stdlibNeeded() : [];
  const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
  pyodide.globals.set("modules", modules);
  pyodide.runPython("import importlib\nfor name in modules: importlib.import_module(name)");
  pyodide.globals.delete("modules");
  const snapshot = pyodide.makeMemorySnapshot();
  const file = sparse(snapshot);
  const tmp = out + ".tmp";
  writeFileSync(tmp, file);
  renameSync(tmp, out);
  console.log(
    `snapshot: ${snapshot.length} bytes of memory, ${file.length} without its zero pages; ` +
      `${modules.length} stdlib modules imported ahead (${modules.join(" ")})`,
  );
} catch (error) {
  // Only the message: a stack would print Pyodide's minified source.
  console.error(`snapshot: ${(error && error.message) || error}`);
  process.exit(1);
}
