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
// memory, mostly zeros: the server compresses it on the wire (~6 MB gzipped; tools/serve.py
// and Netlify do), and the browser inflates it natively, off the main thread.

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

try {
  const modules = entryPoints.length ? await stdlibNeeded() : [];
  const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
  pyodide.globals.set("modules", modules);
  pyodide.runPython("import importlib\nfor name in modules: importlib.import_module(name)");
  pyodide.globals.delete("modules");
  const snapshot = pyodide.makeMemorySnapshot();
  const tmp = out + ".tmp";
  writeFileSync(tmp, snapshot);
  renameSync(tmp, out);
  console.log(
    `snapshot: ${snapshot.length} bytes of memory, ${modules.length} stdlib modules ` +
      `imported ahead (${modules.join(" ")})`,
  );
} catch (error) {
  // Only the message: a stack would print Pyodide's minified source.
  console.error(`snapshot: ${(error && error.message) || error}`);
  process.exit(1);
}
