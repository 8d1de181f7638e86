// @ts-check
// Build-time Pyodide memory snapshot:
//   node tools/snapshot.mjs <pyodide dir> <out.bin> <out.json> --id <16 characters>
//        [--site <site-packages.tar>] [--dynlib <path>=<file>]... [module | module:function ...]
//
// With no --site, --dynlib or module: the core snapshot, Pyodide just started (the page's
// second chance when the full one cannot be used; see tools/pyodide-snapshot.mjs).
//
// Starting Python in the page is Pyodide's start-up (initialising CPython, importing its
// own Python side), then installing the wheels, then importing pydantic and the rules
// core, which builds every pydantic model. A memory snapshot taken after all of that lets
// the rules worker restore the interpreter's memory instead of redoing any of it.
//
// Pyodide 314 cannot restore a compiled extension on its own, and pydantic-core is one
// (its .so is a WebAssembly library). tools/pyodide-restore.mjs loads each --dynlib
// (<path> where Python will find it once the wheels are installed, <file> the library)
// before Python starts, where the page will load it again; out.json records where that
// was, and the C-side dlopen handles the snapshot holds, for tools/pyodide-snapshot.mjs.
//
// Then the wheels' files (--site, tools/vendor.py's site-packages.tar) are written into
// Python's file system as the page will write them: not by Pyodide's installer, whose
// unpacking in Python would leave megabytes of freed buffers in the saved memory. Each
// module named is imported and each `module:function` called (the app's warm-up:
// pyapp.service.warm_up answers one call of each kind, so that what it loads lazily is
// loaded), and memory is saved.
// `random` is reseeded by the page (pyapp/bridge.py): a snapshot would replay its seed.
//
// A snapshot belongs to one Pyodide build (Pyodide checks its build id on restore), to
// that build's python_stdlib.zip (zipimport caches the archive's directory) and to these
// wheels, so it is written into the versioned pyodide-<version>/ directory beside them.
// Most of its memory is zeros, left out of the file (see sparse below); the server
// compresses the rest on the wire (tools/serve.py and Netlify do), and the browser
// inflates it natively, off the main thread.

import { readFileSync, writeFileSync, renameSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import {
  checkSnapshotable,
  dlopenHandles,
  preloadingDynlibs,
  writeSiteFiles,
} from "./pyodide-restore.mjs";

const args = process.argv.slice(2);
const [dir, out, metaOut] = args;
const dynlibs = [];
const calls = [];
let site;
let id;
for (let i = 3; i < args.length; i++) {
  if (args[i] === "--site") {
    site = args[++i];
  } else if (args[i] === "--id") {
    id = args[++i];
  } else if (args[i] === "--dynlib") {
    const [path, file] = (args[++i] ?? "").split("=");
    if (!path || !file) fail("--dynlib wants <path>=<file>");
    dynlibs.push({ path, file });
  } else {
    calls.push(args[i]);
  }
}
if (!/^[\x21-\x7e]{16}$/.test(id ?? "")) fail("--id wants 16 printable ASCII characters");
if (!dir || !out || !metaOut) fail("usage: node tools/snapshot.mjs <pyodide dir> <out.bin> <out.json> [--site <tar>] ...");

function fail(message) {
  console.error(`snapshot: ${message}`);
  process.exit(2);
}

// Much of the interpreter's memory is zeros (20 of 45 MB, in runs of whole pages). The
// file keeps only the pages that are not: "CRSP", then little-endian u32s (format 2, the
// memory's length, the number of runs), the build's id (--id: 16 ASCII bytes, also in
// out.json, which the loader is given, so that a loader never restores another build's
// snapshot), each run's offset and length (u32s), then the runs' bytes one after the
// other. tools/pyodide-snapshot.mjs rebuilds the memory from it. The zeros would cost
// nothing on the wire (gzip), but the browser would still inflate, copy and hand over all
// of them before Python could start.
const PAGE = 4096;
function sparse(memory, id) {
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
  const header = new Uint32Array(8 + 2 * runs.length);
  header.set([0x50535243 /* "CRSP" */, 2, memory.length, runs.length]);
  new Uint8Array(header.buffer, 16, 16).set(new TextEncoder().encode(id));
  runs.forEach(([offset, length], i) => header.set([offset, length], 8 + 2 * i));
  const out = new Uint8Array(header.byteLength + dataLength);
  out.set(new Uint8Array(header.buffer));
  let at = header.byteLength;
  for (const [offset, length] of runs) {
    out.set(memory.subarray(offset, offset + length), at);
    at += length;
  }
  return out;
}

// The heap's free blocks still hold what was freed in them (4 MB of it, after the imports
// and the warm-up): bytes the page would download, inflate and copy for nothing. So every
// free block is allocated with calloc(), which zeroes it, largest requests first, then
// freed again: the same memory is free as before (in fewer, coalesced blocks), and it is
// zeros, which sparse() leaves out (2.3 MB of whole pages). A request that the free blocks cannot
// satisfy takes fresh (zero) memory from the top of the heap; the next size is tried then,
// so the heap grows by less than 2 MB, within the memory already there.
function zeroFreeMemory(Module) {
  const sbrk = () => Module.HEAPU32[Module._emscripten_get_sbrk_ptr() >>> 2];
  const blocks = [];
  for (let size = 1 << 20; size >= 16; size >>= 1) {
    for (;;) {
      const before = sbrk();
      const block = Module._calloc(size, 1);
      if (!block) break;
      blocks.push(block);
      if (sbrk() !== before) break;
    }
  }
  for (const block of blocks) Module._free(block);
}

try {
  const indexURL = resolve(dir) + "/";
  const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
  const { default: createModule } = await import(pathToFileURL(indexURL + "pyodide.asm.mjs").href);
  const libs = dynlibs.map(({ path, file }) => ({
    path,
    module: WebAssembly.compile(readFileSync(file)),
  }));
  const { factory, placement } = preloadingDynlibs(createModule, libs);
  let Module;
  const pyodide = await loadPyodide({
    indexURL,
    _makeSnapshot: true,
    createPyodideModule: async (settings) => (Module = await factory(settings)),
  });
  if (site) {
    writeSiteFiles(pyodide.FS, new Uint8Array(readFileSync(site)),
      dynlibs.map(({ path, file }) => [path, new Uint8Array(readFileSync(file))]));
  }
  pyodide.globals.set("calls", calls);
  pyodide.runPython(`
import gc, importlib, os
# No pydantic plugins are shipped: without this, pydantic scans every installed
# distribution's metadata for them when the first model is built.
os.environ["PYDANTIC_DISABLE_PLUGINS"] = "__all__"
for call in calls:
    name, _, function = call.partition(":")
    module = importlib.import_module(name)
    if function:
        getattr(module, function)()
for leftover in ("call", "name", "function", "module"):
    globals().pop(leftover, None)
del leftover
gc.collect()
`);
  pyodide.globals.delete("calls");
  checkSnapshotable(Module, libs, placement);
  zeroFreeMemory(Module);
  const snapshot = pyodide.makeMemorySnapshot();
  const headerLength = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1];
  const meta = {
    id,
    memoryLength: snapshot.length - headerLength,
    dynlibs: placement,
    handles: dlopenHandles(Module, libs),
  };
  const file = sparse(snapshot, id);
  /** @type {[string, Uint8Array | string][]} */
  const written = [[out, file], [metaOut, JSON.stringify(meta, null, 1) + "\n"]];
  for (const [target, bytes] of written) {
    writeFileSync(target + ".tmp", bytes);
    renameSync(target + ".tmp", target);
  }
  console.log(
    `snapshot: ${snapshot.length} bytes of memory, ${file.length} without its zero pages; ` +
      `${dynlibs.length} compiled extension(s) placed: ${JSON.stringify(placement)}`,
  );
} catch (error) {
  // Only the message: a stack would print Pyodide's minified source.
  console.error(`snapshot: ${(error && error.message) || error}`);
  process.exit(1);
}
