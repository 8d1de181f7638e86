// @ts-check
// Bytecode-only wheels: `node tools/pycompile.mjs <pyodide dir> <out dir> <wheel>...`
//
// Starts Pyodide (the CPython the page runs, so the .pyc files match it) and runs
// tools/pycompile.py on each wheel, writing <out dir>/<name>-cp3XX-none-any.whl.
// Prints one JSON object: {"<input file name>": "<output file name>", ...}.
//
// PyScript's own package: `node tools/pycompile.mjs <pyodide dir> --pyscript <artifact> <home>
// <out.json>` reads the package's sources from PyScript's build artifact (a module whose
// default export is {"pyscript": {"<file>.py": "<source>", ...}}, which PyScript writes under
// its worker's working directory, <home>, and imports) and writes {"sources": {"<path>":
// "<source>"}, "pycs": {"<path of its .pyc>": "<base64>"}} (tools/pycompile.py, cached_pyc).

import { readFileSync, writeFileSync, renameSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [dir, outDir, ...wheels] = process.argv.slice(2);
if (!dir || !outDir || wheels.length === 0 || (outDir === "--pyscript" && wheels.length !== 3)) {
  console.error("usage: node tools/pycompile.mjs <pyodide dir> <out dir> <wheel>...");
  console.error("   or: node tools/pycompile.mjs <pyodide dir> --pyscript <artifact> <home> <out>");
  process.exit(2);
}
const indexURL = resolve(dir) + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL });
const here = new URL(".", import.meta.url);
pyodide.FS.mkdirTree("/build");
pyodide.FS.writeFile("/build/pycompile.py", readFileSync(new URL("pycompile.py", here)));
pyodide.runPython("import sys; sys.path.insert(0, '/build')");
const tool = pyodide.pyimport("pycompile");

if (outDir === "--pyscript") {
  const [artifact, home, out] = wheels;
  const { default: tree } = await import(pathToFileURL(resolve(artifact)).href);
  /** @type {Record<string, string>} */
  const sources = {};
  /** @param {string} base @param {Record<string, unknown>} node */
  const walk = (base, node) => {
    for (const [name, value] of Object.entries(node)) {
      if (typeof value === "string") sources[`${base}/${name}`] = value;
      else walk(`${base}/${name}`, /** @type {Record<string, unknown>} */ (value));
    }
  };
  walk(home, tree);
  /** @type {Record<string, string>} */
  const pycs = {};
  try {
    for (const [path, source] of Object.entries(sources)) {
      if (!path.endsWith(".py")) continue;
      const [pycPath, data] = tool.cached_pyc(path, source).toJs();
      pycs[pycPath] = Buffer.from(data).toString("base64");
    }
  } catch (error) {
    console.error(`pycompile: ${(error && error.message) || error}`);
    process.exit(1);
  }
  writeFileSync(out + ".tmp", JSON.stringify({ sources, pycs }));
  renameSync(out + ".tmp", out);
  process.exit(0);
}

const names = {};
try {
  for (const wheel of wheels) {
    const name = basename(wheel);
    const outName = tool.compiled_name(name);
    pyodide.FS.writeFile(`/build/${name}`, readFileSync(wheel));
    tool.compile_wheel(`/build/${name}`, `/build/out.whl`);
    const dest = join(outDir, outName);
    writeFileSync(dest + ".tmp", pyodide.FS.readFile("/build/out.whl"));
    renameSync(dest + ".tmp", dest);
    names[name] = outName;
  }
} catch (error) {
  // Only the message: a stack would print Pyodide's minified source.
  console.error(`pycompile: ${(error && error.message) || error}`);
  process.exit(1);
}
console.log(JSON.stringify(names));
