// @ts-check
// What tools/snapshot.mjs (at build time, in Node) and the page's loader
// (tools/pyodide-snapshot.mjs, in the rules worker) must do alike for a memory snapshot
// of Python with pydantic imported to be restorable: where the compiled extensions are
// loaded, and how the wheels' files are written. Shared so that the two cannot drift.
//
// Compiled extensions (pydantic-core's .so). Pyodide 314 snapshots only the interpreter's
// memory: a dynamic library is also a WebAssembly instance, with its own function-table
// slots and its data placed somewhere in that memory, and a restored snapshot knows
// nothing of it. So it loads no compiled extension, and pydantic (whose core is one) had
// to be installed and imported again at every page load.
//
// What makes the library restorable is loading it where it will be again: Emscripten's
// own `preloadedWasm` path (the one its wasm preload plugin uses), run from a preRun hook,
// before the runtime starts. There the library's data goes at the bottom of the heap and
// its functions in the table just past Pyodide's own, at the same places in every run,
// because nothing else has been allocated yet. The build loads it this way, imports
// everything (Python's dlopen() finds the library already loaded) and saves memory; the
// page loads it the same way before the snapshot is written back. `placement` is where
// each library went; the build records it, and the page refuses the snapshot if its own
// differs (it then starts Python from scratch).

const DEPENDENCY = "snapshot-dynlibs";

/**
 * Wrap Pyodide's Emscripten module factory so that it loads `libs` in a preRun hook.
 *   libs: [{ path, module }], path where the library lives in Pyodide's file system
 *         (as Python will dlopen it), module a promise of its compiled WebAssembly.Module
 *   expected: the build's `placement` (the page), or undefined (the build)
 *   memoryLength: grow the memory to this many bytes first (a snapshot larger than
 *         Pyodide's initial memory is otherwise cut short when written back)
 * Returns { factory, placement }: placement is filled in as the libraries load.
 * @param {(settings: object) => Promise<any>} createModule
 * @param {{ path: string, module: Promise<WebAssembly.Module> }[]} libs
 * @param {{ expected?: object[], memoryLength?: number }} [options]
 */
export function preloadingDynlibs(createModule, libs, { expected, memoryLength } = {}) {
  const placement = [];
  const factory = (settings) => {
    let fail;
    const failed = new Promise((_, reject) => (fail = reject));
    const hook = (Module) => {
      Module.addRunDependency(DEPENDENCY);
      place(Module, libs, placement, { expected, memoryLength })
        .then(() => {
          if (expected !== undefined && JSON.stringify(placement) !== JSON.stringify(expected)) {
            throw new Error(
              `the snapshot's libraries would not load where they were saved ` +
                `(saved ${JSON.stringify(expected)}, here ${JSON.stringify(placement)})`,
            );
          }
          Module.removeRunDependency(DEPENDENCY);
        })
        .catch(fail);
    };
    const preRun = [settings.preRun ?? []].flat();
    const instantiateWasm = withTableReady(settings.instantiateWasm);
    // Emscripten gives up on a factory whose hook failed only by never resolving it.
    return Promise.race([
      createModule({ ...settings, preRun: [...preRun, hook], instantiateWasm }),
      failed,
    ]);
  };
  return { factory, placement };
}

/**
 * One function, one table slot, in every engine. Emscripten's addFunction() finds a
 * function's slot by the identity of the JavaScript object standing for it. In Chromium,
 * Firefox and Node, the object read from the main module's exports is the one the
 * function table holds; in JavaScriptCore (WebKit: Safari, every iPad browser) reading a
 * table slot gives another object, so each of the ~970 exported functions that the
 * dynamic linker looks up during start-up (updateGOT) got a second slot. The table was
 * then ~970 slots longer than where the build placed pydantic-core, and every pointer to
 * one of those functions differed from the build's. JavaScriptCore's table does give back
 * the object it was set to, so each slot that holds an exported function is set to that
 * export's own object (a wasm function object's `name` is its function index), before
 * Emscripten reads the table. Where the engine already agrees (the first exported
 * function found in the table is the same object) nothing is set.
 * Returns the number of slots set.
 */
export function canonicalTable(instance) {
  const table = instance.exports.__indirect_function_table;
  if (!(table instanceof WebAssembly.Table)) return 0;
  const exported = new Map();
  for (const value of Object.values(instance.exports)) {
    if (typeof value === "function") exported.set(value.name, value);
  }
  let set = 0;
  for (let i = 0; i < table.length; i++) {
    const entry = table.get(i);
    const own = entry && exported.get(entry.name);
    if (!own) continue;
    if (own === entry) {
      if (set === 0) return 0; // this engine keeps one object per function
      continue;
    }
    table.set(i, own);
    set++;
  }
  return set;
}

// Emscripten's own list of the exports its dynamic linker leaves out of the GOT
// (isInternalSym in Emscripten's libdylink.js, as in Pyodide 314's pyodide.asm.mjs), plus
// every name starting with "__em_js__".
const INTERNAL_SYMBOLS = new Set([
  "memory", "__memory_base", "__table_base", "__stack_pointer", "__indirect_function_table",
  "__cpp_exception", "__c_longjmp", "__wasm_apply_data_relocs", "__dso_handle", "__tls_size",
  "__tls_align", "__set_stack_limits", "_emscripten_tls_init", "__wasm_init_tls",
  "__wasm_call_ctors", "__start_em_asm", "__stop_em_asm", "__start_em_js", "__stop_em_js",
]); // prettier-ignore

/**
 * Every exported function given its table slot at once. Receiving the main module,
 * Emscripten's dynamic linker (updateGOT) calls addFunction() on each of its exported
 * functions (7,414 in Pyodide 314), and each one not yet in the table (5,182) gets a new
 * slot from a table grown by one: 5,182 grows, 85-130 ms of the start in JavaScriptCore
 * (WebKit), 3-4 ms in V8. Here the table grows once by as many slots, and each is set to
 * its function in the order updateGOT would have taken them (the exports' own order), so
 * that updateGOT finds every function already in the table and adds none: the table ends
 * exactly as Emscripten alone would have left it, slot for slot (tests/js/table-slots.test.mjs),
 * so the snapshot's function pointers stay right. Run after canonicalTable (in
 * JavaScriptCore a slot only reads back as the export once set to it).
 * Returns the number of slots added.
 */
export function tableSlotsForExports(instance) {
  const table = instance.exports.__indirect_function_table;
  if (!(table instanceof WebAssembly.Table)) return 0;
  const inTable = new Set();
  for (let i = 0; i < table.length; i++) inTable.add(table.get(i));
  const missing = [];
  for (const [name, value] of Object.entries(instance.exports)) {
    if (typeof value !== "function" || inTable.has(value)) continue;
    if (INTERNAL_SYMBOLS.has(name) || name.startsWith("__em_js__")) continue;
    inTable.add(value);
    missing.push(value);
  }
  if (!missing.length) return 0;
  const first = table.grow(missing.length);
  for (const [offset, value] of missing.entries()) table.set(first + offset, value);
  return missing.length;
}

// Pyodide gives Emscripten an instantiateWasm(imports, receive) (its getInstantiateWasmFunc):
// between instantiation and Emscripten's receiving the instance, before any addFunction(),
// the main module's table is made canonical and given a slot for each exported function.
export function withTableReady(instantiateWasm) {
  if (typeof instantiateWasm !== "function") return instantiateWasm;
  return (imports, receive) =>
    instantiateWasm(imports, (instance, module) => {
      canonicalTable(instance);
      tableSlotsForExports(instance);
      return receive(instance, module);
    });
}

// The function table is not the same length everywhere when the hook runs: CPython's
// call trampoline (see keepTrampoline) takes a slot where the engine can compile it (in
// Chromium) and none where it cannot (Node 20, iOS). So each library's table slots start
// at a round index past that, with room to spare; the slots in between stay empty. The
// rest of the table is the main module's own, the same length in every engine since
// canonicalTable (without it, WebKit's was ~970 slots longer). Should an engine still
// add more, the page refuses the snapshot and says by how much (place(), below).
const TABLE_SLACK = 256;

/**
 * CPython in Pyodide calls C functions through a trampoline that Pyodide's first preRun
 * hook picks for the engine at hand (a WebAssembly one, in a table slot, where the engine
 * has WebAssembly GC; a slower JavaScript one otherwise, pointer 0) and writes into
 * `_PyRuntime`. Writing back the snapshot's memory would put the build machine's choice
 * there (Node's: 0, or a slot that does not exist here). So the value chosen here is kept
 * and written again right after the snapshot, before Python runs.
 */
export function keepTrampoline(Module) {
  const at = (Module.__PyRuntime + Module.HEAP32[Module.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET >>> 2]) >>> 2;
  const chosen = Module.HEAP32[at];
  const restoreSnapshot = Module.API.restoreSnapshot;
  Module.API.restoreSnapshot = function (...args) {
    const result = restoreSnapshot.apply(this, args);
    Module.HEAP32[at] = chosen;
    return result;
  };
}

/** The build's checks, just before it saves memory: everything JavaScript-side that the
 * snapshot's memory refers to is what the page rebuilds. No function-table slot was added
 * after the libraries were placed (the page would not have it), and no library was
 * loaded but these, each local (RTLD_GLOBAL would merge its symbols, JavaScript-side). */
export function checkSnapshotable(Module, libs, placement) {
  const tableEnd = placement.length ? placement[placement.length - 1].tableEnd : undefined;
  if (tableEnd !== undefined && Module.wasmTable.length !== tableEnd) {
    throw new Error(
      `the function table grew from ${tableEnd} to ${Module.wasmTable.length} after the ` +
        `libraries were placed: a snapshot would lose those slots`,
    );
  }
  const expected = new Set(["__main__", ...libs.map(({ path }) => path)]);
  for (const [name, dso] of Object.entries(Module.LDSO.loadedLibsByName)) {
    if (!expected.has(name)) throw new Error(`${name} was loaded after start-up`);
    if (name !== "__main__" && dso.global) throw new Error(`${name} was loaded RTLD_GLOBAL`);
  }
}

async function place(Module, libs, placement, { expected, memoryLength }) {
  if (memoryLength && memoryLength > Module.HEAP8.length && !Module.growMemory(memoryLength)) {
    throw new Error(`cannot grow the memory to ${memoryLength} bytes`);
  }
  const sbrk = () => Module.HEAPU32[Module._emscripten_get_sbrk_ptr() >>> 2];
  const table = Module.wasmTable;
  for (const [i, { path, module }] of libs.entries()) {
    const base = expected
      ? expected[i]?.table ?? -1
      : Math.ceil((table.length + TABLE_SLACK / 4) / TABLE_SLACK) * TABLE_SLACK;
    if (table.length > base) {
      throw new Error(`the function table is already ${table.length} long, past ${base}`);
    }
    table.grow(base - table.length);
    const at = { path, heap: sbrk(), table: table.length };
    const flags = { loadAsync: true, nodelete: true };
    Module.preloadedWasm[path] = await Module.loadWebAssemblyModule(await module, flags, path, {});
    await Module.loadDynamicLibrary(path, { ...flags, global: false }, {});
    placement.push({ ...at, heapEnd: sbrk(), tableEnd: table.length });
  }
}

/** After the core snapshot (Python just started, no library placed): load each library
 * as Pyodide's package loader would, from the module compiled as it streamed in, so that
 * Python's dlopen() finds it loaded. Its files are written beforehand (writeSiteFiles). */
export async function loadLibraries(Module, libs) {
  for (const { path, module } of libs) {
    const flags = { loadAsync: true, nodelete: true };
    Module.preloadedWasm[path] = await Module.loadWebAssemblyModule(await module, flags, path, {});
    await Module.loadDynamicLibrary(path, { ...flags, global: false }, {});
  }
}

/** Which C-side dlopen handles name each library (Python dlopen()s it once installed). */
export function dlopenHandles(Module, libs) {
  const byPath = Object.fromEntries(libs.map(({ path }) => [path, []]));
  for (const [handle, dso] of Object.entries(Module.LDSO.loadedLibsByHandle)) {
    if (Number(handle) === 0) continue; // the main module
    if (!(dso.name in byPath)) throw new Error(`dlopen handle ${handle} is for ${dso.name}`);
    byPath[dso.name].push(Number(handle));
  }
  return byPath;
}

/** After a restore: the snapshot's memory holds those handles; Emscripten's table of them
 * is JavaScript, so it is filled in again (dlsym() looks a handle up there). */
export function restoreDlopenHandles(Module, handles) {
  for (const [path, list] of Object.entries(handles)) {
    const dso = Module.LDSO.loadedLibsByName[path];
    if (!dso) throw new Error(`${path} is not loaded`);
    for (const handle of list) Module.LDSO.loadedLibsByHandle[handle] = dso;
  }
}

// The regular files of a ustar archive, as [path, bytes].
export function* untar(bytes) {
  const decoder = new TextDecoder();
  const field = (at, length) => {
    const raw = bytes.subarray(at, at + length);
    const end = raw.indexOf(0);
    return decoder.decode(end < 0 ? raw : raw.subarray(0, end));
  };
  for (let at = 0; at + 512 <= bytes.length; ) {
    const name = field(at, 100);
    if (!name) return; // the archive's closing zero blocks
    if (!field(at + 257, 6).startsWith("ustar")) throw new Error(`not a ustar archive at ${at}`);
    const size = parseInt(field(at + 124, 12).trim(), 8);
    const prefix = field(at + 345, 155);
    const start = at + 512;
    if (!(size >= 0) || start + size > bytes.length) throw new Error(`${name}: truncated`);
    if (bytes[at + 156] === 0x30 /* "0" */ || bytes[at + 156] === 0) {
      yield [prefix ? `${prefix}/${name}` : name, bytes.subarray(start, start + size)];
    }
    at = start + Math.ceil(size / 512) * 512;
  }
}

/** The wheels' files as installed: site-packages.tar (tools/vendor.py, site_files: every
 * file but the compiled libraries, under lib/python3.XX/site-packages/), and each library
 * at its path (`libraries`: [path, bytes]). Written straight into Pyodide's file system. */
export function writeSiteFiles(FS, tar, libraries) {
  const write = (path, bytes) => {
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, bytes, { canOwn: true });
  };
  for (const [path, bytes] of untar(tar)) write(`/${path}`, bytes);
  for (const [path, bytes] of libraries) write(path, bytes);
}

// PyScript's own package. Before static/main.py, PyScript (0.7.31, its worker's
// codeBeforeRun) runs Python code that writes the package's sources into the working
// directory, one `_path.write_text(<literal>, encoding="utf-8")` per file after a short
// header, then imports it: ~32 KB of Python for CPython to parse, compile and run at every
// start, on the engine's first, slower code (WebKit: 107 ms of a 1.1 s warm start; Chromium
// 29, Firefox 12). The loader writes those files itself (FS) and lets Python run the rest.
const PYSCRIPT_HEADER = ["import os as _os", "from pathlib import Path as _Path", "_path = None"];
const MKDIR = "    _path.mkdir(parents=True, exist_ok=True)";

/**
 * What `code` writes, if it begins exactly as PyScript's package-writing code does: the
 * header, then only `_path = _Path("./…")` lines, each followed by one write (a JSON string
 * literal, which Python reads as the same string) or one `if not _os.path.exists(…):`
 * mkdir. Returns the directories and files, in order, and `rest`: the header and what
 * follows the writes (the import, the `del`s and any plugin's code), for Python to run.
 * Anything else, and undefined: Python runs the code as it is.
 * @param {string} code
 * @returns {{ directories: string[], files: [string, string][], rest: string } | undefined}
 */
export function pyscriptPackageWrites(code) {
  const header = PYSCRIPT_HEADER.join("\n") + "\n";
  if (typeof code !== "string" || !code.startsWith(header)) return undefined;
  const lines = code.split("\n");
  /** @type {string[]} */
  const directories = [];
  /** @type {[string, string][]} */
  const files = [];
  let i = PYSCRIPT_HEADER.length;
  for (; i < lines.length; i += 2) {
    const path = /^_path = _Path\("(\.\/[^"\\]+)"\)$/.exec(lines[i])?.[1];
    if (!path) break;
    if (path.split("/").some((part) => part === ".." || part === "")) return undefined;
    const action = lines[i + 1] ?? "";
    if (action === `if not _os.path.exists("${path}"):` && lines[i + 2] === MKDIR) {
      directories.push(path);
      i += 1;
      continue;
    }
    const literal = /^_path\.write_text\((".*"),encoding="utf-8"\)$/s.exec(action)?.[1];
    if (literal === undefined) return undefined;
    let text;
    try {
      text = JSON.parse(literal);
    } catch {
      return undefined;
    }
    // A lone surrogate: Python's UTF-8 would refuse it, JavaScript's would replace it.
    if (typeof text !== "string" || /\p{Cs}/u.test(text)) return undefined;
    files.push([path, text]);
  }
  if (files.length === 0) return undefined;
  return { directories, files, rest: [...PYSCRIPT_HEADER, ...lines.slice(i)].join("\n") };
}

/** The directories and files of pyscriptPackageWrites, made in Pyodide's file system as
 * Python would (paths relative to its working directory, text as UTF-8). */
export function writePyScriptPackage(FS, { directories, files }) {
  const absolute = (/** @type {string} */ path) => `${FS.cwd().replace(/\/$/, "")}/${path.slice(2)}`;
  for (const path of directories) FS.mkdirTree(absolute(path));
  for (const [path, text] of files) FS.writeFile(absolute(path), text);
}
