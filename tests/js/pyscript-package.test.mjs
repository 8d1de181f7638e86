// @ts-check
// tools/pyodide-restore.mjs pyscriptPackageWrites and writePyScriptPackage: the loader
// writes PyScript's own package into Python's file system itself, instead of having CPython
// parse and run the ~32 KB of Python that PyScript generates to write it. The files must be
// byte for byte those that code writes, and any code that is not exactly that kind is left
// to Python.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { pyscriptPackageWrites, writePyScriptPackage } from "../../tools/pyodide-restore.mjs";

const NODE = new URL("../../node_modules/", import.meta.url);
const { default: tree } = await import(new URL("@pyscript/core/src/stdlib/pyscript.js", NODE).href);

// What PyScript 0.7.31's worker runs before static/main.py (its bundle's codeBeforeRun:
// the header, one line per path and per write, the import, the `del`s), made the way its
// bundle makes it; the first test checks that the shipped bundle still makes it so.
function pyscriptCode(/** @type {object} */ root) {
  const lines = ["import os as _os", "from pathlib import Path as _Path", "_path = None"];
  const walk = (/** @type {string} */ base, /** @type {object} */ node) => {
    for (const [name, value] of Object.entries(node)) {
      lines.push(`_path = _Path("${base}/${name}")`);
      if (typeof value === "string") {
        lines.push(`_path.write_text(${JSON.stringify(value)},encoding="utf-8")`);
      } else {
        lines.push(`if not _os.path.exists("${base}/${name}"):`);
        lines.push("    _path.mkdir(parents=True, exist_ok=True)");
        walk(`${base}/${name}`, value);
      }
    }
  };
  walk(".", root);
  lines.push("import pyscript as _pyscript");
  lines.push(...["_Path", "_path", "_os", "_pyscript"].map((name) => `del ${name}`));
  lines.push("\n");
  return lines.join("\n");
}

/** Every file of `root` as ["./<path>", text], in the order written. */
function filesOf(/** @type {object} */ root, base = ".") {
  /** @type {[string, string][]} */
  const out = [];
  for (const [name, value] of Object.entries(root)) {
    if (typeof value === "string") out.push([`${base}/${name}`, value]);
    else out.push(...filesOf(value, `${base}/${name}`));
  }
  return out;
}

test("the shipped PyScript makes its package-writing code as pyscriptPackageWrites reads it", () => {
  const dist = new URL("@pyscript/core/dist/", NODE);
  const bundle = readdirSync(dist)
    .filter((name) => name.endsWith(".js"))
    .map((name) => readFileSync(new URL(name, dist), "utf8"))
    .join("\n");
  for (const piece of [
    /\["import os as _os","from pathlib import Path as _Path","_path = None"\]/,
    /`_path = _Path\("\$\{\w+\}\/\$\{\w+\}"\)`/,
    /`_path\.write_text\(\$\{\w+\},encoding="utf-8"\)`/,
    /`if not _os\.path\.exists\("\$\{\w+\}\/\$\{\w+\}"\):`/,
    /" {4}_path\.mkdir\(parents=True, exist_ok=True\)"/,
    /\.push\("import pyscript as _pyscript"\)/,
  ]) {
    assert.match(bundle, piece);
  }
});

test("PyScript's code: every file read, the header and the import left to Python", () => {
  const writes = pyscriptPackageWrites(pyscriptCode(tree));
  assert.ok(writes);
  assert.deepEqual(writes.directories, ["./pyscript"]);
  assert.deepEqual(writes.files, filesOf(tree));
  assert.equal(
    writes.rest,
    [
      "import os as _os", "from pathlib import Path as _Path", "_path = None",
      "import pyscript as _pyscript", "del _Path", "del _path", "del _os", "del _pyscript", "\n",
    ].join("\n"),
  );
});

test("any other code is left to Python as it is", () => {
  const code = pyscriptCode({ pkg: { "a.py": "x = 1\n" } });
  const cases = {
    "no header": code.replace("import os as _os\n", ""),
    "another statement among the writes": code.replace(
      '_path = _Path("./pkg/a.py")',
      'import shutil\n_path = _Path("./pkg/a.py")',
    ),
    "a path out of the working directory": code.replaceAll("./pkg/a.py", "./pkg/../../a.py"),
    "an absolute path": code.replaceAll("./pkg/a.py", "/etc/a.py"),
    "a literal that is not JSON": code.replace('"x = 1\\n"', "'x = 1\\n'"),
    "a lone surrogate": code.replace('"x = 1\\n"', '"x = \\ud800"'),
    "another encoding": code.replace('encoding="utf-8"', 'encoding="latin-1"'),
    "a path with no write": code.replace(/_path\.write_text\(.*\n/, ""),
    "nothing written": pyscriptCode({ pkg: {} }),
    "not a string": /** @type {any} */ (42),
  };
  for (const [name, other] of Object.entries(cases)) {
    assert.equal(pyscriptPackageWrites(other), undefined, name);
  }
});

test("the files written are byte for byte those Python writes", async () => {
  const indexURL = new URL("pyodide/", NODE).pathname;
  const { loadPyodide } = await import(new URL("pyodide.mjs", new URL("pyodide/", NODE)).href);
  const pyodide = await loadPyodide({ indexURL });
  const root = { ...tree, more: { "ünï.py": "# ü € 𝄞\r\n\t\"quoted\" \\ back\u2028\n", deep: { "x.txt": "" } } };
  const code = pyscriptCode(root);
  const writes = pyscriptPackageWrites(code);
  assert.ok(writes);
  const { FS } = pyodide;
  FS.mkdirTree("/by-python");
  FS.mkdirTree("/by-loader");
  FS.chdir("/by-python");
  pyodide.runPython(code.slice(0, code.indexOf("import pyscript as _pyscript")));
  FS.chdir("/by-loader");
  writePyScriptPackage(FS, writes);
  for (const [path] of filesOf(root)) {
    const ours = FS.readFile(`/by-loader/${path.slice(2)}`);
    const python = FS.readFile(`/by-python/${path.slice(2)}`);
    assert.deepEqual(ours, python, path);
  }
  assert.equal(filesOf(root).length, writes.files.length);
});
