// @ts-check
// tools/pyodide-restore.mjs tableSlotsForExports: the slots Emscripten's dynamic linker
// would give the main module's exported functions one grow at a time, given at once and
// in its order, so that the function table ends slot for slot as Emscripten alone leaves
// it (a snapshot's function pointers are indexes into it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { tableSlotsForExports, withTableReady } from "../../tools/pyodide-restore.mjs";
import { likeJavaScriptCore } from "./javascriptcore.mjs";

const leb = (n) => (n < 0x80 ? [n] : [(n & 0x7f) | 0x80, ...leb(n >>> 7)]);
const name = (text) => [...leb(text.length), ...new TextEncoder().encode(text)];
const section = (id, body) => [id, ...leb(body.length), ...body];
const vector = (items) => [...leb(items.length), ...items.flat()];

/** A module of `count` functions (function i returns i), a table of the functions in
 * `table`, and `exports` as [name, function index] pairs, then the table's export. */
function wasm(count, table, exports) {
  const functions = Array.from({ length: count }, (_, i) => i);
  return new Uint8Array([
    0, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
    ...section(1, vector([[0x60, 0, 1, 0x7f]])),
    ...section(3, vector(functions.map(() => [0]))),
    ...section(4, vector([[0x70, 0, ...leb(table.length)]])),
    ...section(7, vector([
      ...exports.map(([text, index]) => [...name(text), 0, index]),
      [...name("__indirect_function_table"), 1, 0],
    ])),
    ...section(9, vector([[0, 0x41, 0, 0x0b, ...vector(table.map((i) => [i]))]])),
    ...section(10, vector(functions.map((i) => [4, 0, 0x41, i, 0x0b]))), // no locals, i32.const i
  ]); // prettier-ignore
}

test("each exported function outside the table gets the next slot, in the exports' order", async () => {
  const exports = [["f3", 3], ["__wasm_call_ctors", 2], ["f0", 0], ["f1", 1], ["f3_again", 3],
    ["__em_js__hello", 4]]; // prettier-ignore
  const { instance } = await WebAssembly.instantiate(wasm(5, [0], exports));
  const table = /** @type {WebAssembly.Table} */ (instance.exports.__indirect_function_table);
  assert.equal(tableSlotsForExports(instance), 2);
  assert.equal(table.length, 3);
  assert.deepEqual([0, 1, 2].map((i) => table.get(i)?.()), [0, 3, 1]);
  assert.equal(table.get(1), instance.exports.f3);
  assert.equal(tableSlotsForExports(instance), 0); // done once is done
});

test("a module whose exported functions are all in its table is left as it is", async () => {
  const { instance } = await WebAssembly.instantiate(wasm(2, [1, 0], [["f0", 0], ["f1", 1]]));
  assert.equal(tableSlotsForExports(instance), 0);
  assert.equal(/** @type {WebAssembly.Table} */ (instance.exports.__indirect_function_table).length, 2);
});

// Pyodide's own module, started in Node as Emscripten alone starts it and as the loader
// does: the same table, slot for slot, and the exports' slots made in one grow.
const PYODIDE = new URL("../../node_modules/pyodide/", import.meta.url);

async function startPyodide(wrap) {
  const { loadPyodide } = await import(new URL("pyodide.mjs", PYODIDE).href);
  const { default: create } = await import(new URL("pyodide.asm.mjs", PYODIDE).href);
  const { grow } = WebAssembly.Table.prototype;
  const grows = [];
  WebAssembly.Table.prototype.grow = function (delta, ...rest) {
    grows.push(delta);
    return grow.call(this, delta, ...rest);
  };
  try {
    /** @type {WebAssembly.Table[]} */
    const tables = [];
    await loadPyodide({
      indexURL: PYODIDE.pathname,
      createPyodideModule: async (settings) => {
        const Module = await create(wrap(settings));
        tables.push(Module.wasmTable);
        return Module;
      },
    });
    return { table: tables[0], grows };
  } finally {
    WebAssembly.Table.prototype.grow = grow;
  }
}

const slots = (table) => Array.from({ length: table.length }, (_, i) => table.get(i)?.name ?? null);
const oneByOne = (grows) => grows.filter((delta) => delta === 1).length;
const ready = (settings) => ({ ...settings, instantiateWasm: withTableReady(settings.instantiateWasm) });

/** @type {[string, (body: () => Promise<any>) => Promise<any>][]} */
const engines = [["V8", (body) => body()], ["JavaScriptCore", likeJavaScriptCore]];
for (const [engine, run] of engines) {
  test(`Pyodide's function table is the same slot for slot, its exports' slots made in one grow (${engine})`, async () => {
    const alone = await startPyodide((settings) => settings);
    const loader = await run(() => startPyodide(ready));
    assert.deepEqual(slots(loader.table), slots(alone.table));
    // Emscripten alone gave each of the 5,182 exports without a slot (Pyodide 314) a grow
    // of its own; the other grows by one (JavaScript functions it wraps) are the same.
    const atOnce = loader.grows.filter((delta) => delta > 1);
    assert.equal(atOnce.length, 1);
    assert.ok(atOnce[0] > 5000, `${atOnce[0]} slots made at once`);
    assert.equal(oneByOne(alone.grows), oneByOne(loader.grows) + atOnce[0]);
  });
}
