// @ts-check
// JavaScriptCore's function tables, in Node: a table slot reads back as another object
// than the export it holds, until the slot is set to it (measured in WebKitGTK 2.50).
// Reproduced around WebAssembly.Table for the tests of tools/pyodide-restore.mjs.

/** Run `body` with WebAssembly.Table behaving as in JavaScriptCore. */
export async function likeJavaScriptCore(body) {
  const { get, set } = WebAssembly.Table.prototype;
  const given = new WeakMap(); // table -> Map(index -> the object it was set to)
  const standIns = new WeakMap(); // function -> the other object a slot reads back as
  WebAssembly.Table.prototype.get = function (index) {
    const own = given.get(this)?.get(index);
    if (own) return own;
    const value = get.call(this, index);
    if (typeof value !== "function") return value;
    if (!standIns.has(value)) standIns.set(value, new Proxy(value, {}));
    return standIns.get(value);
  };
  WebAssembly.Table.prototype.set = function (index, value) {
    set.call(this, index, value);
    if (!given.has(this)) given.set(this, new Map());
    given.get(this).set(index, value);
  };
  try {
    return await body();
  } finally {
    Object.assign(WebAssembly.Table.prototype, { get, set });
  }
}
