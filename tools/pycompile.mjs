// @ts-check
// Bytecode-only wheels: `node tools/pycompile.mjs <pyodide dir> <out dir> <wheel>...`
//
// Starts Pyodide (the CPython the page runs, so the .pyc files match it) and runs
// tools/pycompile.py on each wheel, writing <out dir>/<name>-cp3XX-none-any.whl.
// Prints one JSON object: {"<input file name>": "<output file name>", ...}.

import { readFileSync, writeFileSync, renameSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [dir, outDir, ...wheels] = process.argv.slice(2);
if (!dir || !outDir || wheels.length === 0) {
  console.error("usage: node tools/pycompile.mjs <pyodide dir> <out dir> <wheel>...");
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
