"""PyScript's own Python package runs from the build's bytecode: PyScript writes the
`pyscript` package's sources into its worker's working directory and imports it before
static/main.py, and site-packages.tar (written into Python's file system by the loader) holds
each module's unchecked-hash .pyc where CPython looks for it (tools/vendor.py,
pyscript_bytecode). Checked with the shipped Pyodide under Node: with CPython's compiler of
source taken away, every module of the package still gets its code."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from .harness import App, rule_envelope
from .test_browser import SCENARIOS, cpython_envelope

ROOT = Path(__file__).resolve().parents[2]

CHECK = r"""
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [pyodideDir, artifact] = process.argv.slice(1);
const { loadPyodide } = await import(pathToFileURL(pyodideDir + "/pyodide.mjs").href);
const { writeSiteFiles } = await import(pathToFileURL(pyodideDir + "/pyodide-restore.mjs").href);
const { default: tree } = await import(pathToFileURL(artifact).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
writeSiteFiles(pyodide.FS, new Uint8Array(readFileSync(pyodideDir + "/site-packages.tar")), []);
const home = pyodide.runPython("import os; os.getcwd()");
pyodide.FS.mkdirTree(home + "/pyscript");
for (const [name, source] of Object.entries(tree.pyscript)) {
  pyodide.FS.writeFile(`${home}/pyscript/${name}`, source);
}
const got = pyodide.runPython(`
import importlib.machinery, importlib.util, json, os
def no_compiling(self, data, path, **kw):
    raise AssertionError(f"{path} was compiled from its source")
importlib.machinery.SourceFileLoader.source_to_code = no_compiling
got = {}
for name in sorted(os.listdir("pyscript")):
    if name.endswith(".py"):
        path = os.path.abspath(os.path.join("pyscript", name))
        spec = importlib.util.spec_from_file_location("pyscript." + name[:-3], path)
        try:
            got[name] = type(spec.loader.get_code(spec.name)).__name__
        except Exception as error:
            got[name] = f"{type(error).__name__}: {error}"
json.dumps({"home": os.getcwd(), "got": got})
`);
console.log(got);
"""


def test_pyscripts_package_gets_its_code_from_the_builds_bytecode() -> None:
    manifest = json.loads((ROOT / "static" / "vendor" / "vendor.json").read_text())
    pyodide = ROOT / "static" / "vendor" / f"pyodide-{manifest['versions']['pyodide']}"
    artifact = ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
    run = subprocess.run(
        ["node", "--input-type=module", "-e", CHECK, str(pyodide), str(artifact)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    found = json.loads(run.stdout.strip().splitlines()[-1])
    assert found["home"] == "/home/pyodide"  # where PyScript writes its package
    assert found["got"], "PyScript's package has no module"
    assert set(found["got"].values()) == {"code"}, found["got"]


def test_the_loader_writes_pyscripts_package_itself(app: App) -> None:
    """The sources PyScript would have CPython write by running ~32 KB of generated Python
    are written by the loader (tools/pyodide-restore.mjs, pyscriptPackageWrites; the files are
    checked byte for byte against Python's in tests/js/pyscript-package.test.mjs), and the
    package imported from them rules as CPython does."""
    timings = app.page.evaluate("performance.getEntriesByName('rules-ready')[0].detail.timings")
    assert "pyscript-written" in timings, timings
    assert timings["pyscript-written"] <= timings["python-main"], timings
    name, request = SCENARIOS[0]
    assert rule_envelope(app.page, request) == cpython_envelope(request), name
