// @ts-check
// tools/pyodide-restore.mjs canonicalTable: one object per function in the function
// table, as WebKit's JavaScriptCore needs for Emscripten's addFunction to find a slot.
// Node's V8 keeps one object per function already; JavaScriptCore's behaviour is
// reproduced around WebAssembly.Table (./javascriptcore.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { canonicalTable, withTableReady } from "../../tools/pyodide-restore.mjs";
import { likeJavaScriptCore } from "./javascriptcore.mjs";

// (module (func (result i32) i32.const 42) (func (result i32) i32.const 7)
//   (table 3 funcref) (elem (i32.const 0) 0 1 0)  ;; the first function twice
//   (export "f" (func 0)) (export "g" (func 1)) (export "__indirect_function_table" (table 0)))
const WASM = new Uint8Array([
  0, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
  1, 5, 1, 0x60, 0, 1, 0x7f,
  3, 3, 2, 0, 0,
  4, 4, 1, 0x70, 0, 3,
  7, 0x25, 3, 1, 0x66, 0, 0, 1, 0x67, 0, 1,
  0x19, ..."__indirect_function_table".split("").map((c) => c.charCodeAt(0)), 1, 0,
  9, 9, 1, 0, 0x41, 0, 0x0b, 3, 0, 1, 0,
  0x0a, 0x0b, 2, 4, 0, 0x41, 0x2a, 0x0b, 4, 0, 0x41, 7, 0x0b,
]); // prettier-ignore

const instantiate = async () => (await WebAssembly.instantiate(WASM)).instance;

test("an engine that keeps one object per function is left as it is", async () => {
  const instance = await instantiate();
  const table = /** @type {WebAssembly.Table} */ (instance.exports.__indirect_function_table);
  assert.equal(table.get(0), instance.exports.f); // V8
  assert.equal(canonicalTable(instance), 0);
});

test("in JavaScriptCore every slot of an exported function reads back as the export", () =>
  likeJavaScriptCore(async () => {
    const instance = await instantiate();
    const { f, g } = instance.exports;
    const table = /** @type {WebAssembly.Table} */ (instance.exports.__indirect_function_table);
    assert.notEqual(table.get(0), f); // the quirk, reproduced
    assert.equal(canonicalTable(instance), 3);
    assert.deepEqual([table.get(0), table.get(1), table.get(2)], [f, g, f]);
    assert.equal(table.get(2)(), 42);
    assert.equal(canonicalTable(instance), 0); // done once is done
  }));

test("withTableReady hands Emscripten the instance after making its table canonical", () =>
  likeJavaScriptCore(async () => {
    const pyodideInstantiate = (imports, receive) => {
      instantiate().then((instance) => receive(instance, "module"));
      return {};
    };
    const received = await new Promise((resolve) =>
      withTableReady(pyodideInstantiate)({}, (instance, module) => resolve({ instance, module })),
    );
    const { f, __indirect_function_table: table } = received.instance.exports;
    assert.equal(received.module, "module");
    assert.equal(table.get(0), f);
  }));

test("without Pyodide's instantiateWasm there is nothing to wrap", () => {
  assert.equal(withTableReady(undefined), undefined);
});
