// ESLint for the site's and the build's JavaScript (`make lint-js`): the recommended rules,
// each file with the globals of where it runs, and a `// @ts-check` first line on every
// module that tsc checks (tsconfig.json).
import js from "@eslint/js";
import globals from "globals";

// Being rewritten elsewhere: not linted yet, nor type-checked (they carry no `// @ts-check`).
// Once they are done, delete this list and the same one in tsconfig.json, and give each its
// `// @ts-check` line.
const BEING_REWRITTEN = [
  "static/board/demand.js",
  "static/board/rule-drawer.js",
];

/** A module tsc checks starts with `// @ts-check`: tsconfig.json checks no file by default. */
const tsCheckFirst = {
  meta: {
    type: "problem",
    docs: { description: "require `// @ts-check` on the first line" },
    messages: { missing: "Start this module with `// @ts-check` (tsconfig.json type-checks only the modules that say so)." },
    schema: [],
  },
  create: (context) => ({
    Program(node) {
      if (context.sourceCode.lines[0] !== "// @ts-check") context.report({ node, loc: { line: 1, column: 0 }, messageId: "missing" });
    },
  }),
};

export default [
  { ignores: ["static/vendor/", "node_modules/", ".venv/", ".cache/", "dist/", ...BEING_REWRITTEN] },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    plugins: { local: { rules: { "ts-check-first": tsCheckFirst } } },
  },
  {
    files: ["static/**/*.js", "tools/*.mjs", "tests/js/*.mjs"],
    rules: { "local/ts-check-first": "error" },
  },
  // The pages' modules, and the baseline page the load benchmark compares against.
  { files: ["static/**/*.js", "bench/baseline/*.js"], languageOptions: { globals: globals.browser } },
  { files: ["static/sw.js"], languageOptions: { sourceType: "script", globals: globals.serviceworker } },
  // Node: the build's tools, the Node tests and this file.
  {
    files: ["tools/*.mjs", "tests/js/*.mjs", "*.mjs"],
    ignores: ["tools/pyodide-snapshot.mjs", "tools/pyodide-restore.mjs"],
    languageOptions: { globals: globals.node },
  },
  // Copied into static/vendor/pyodide-*/ by tools/vendor.py and run in the rules worker;
  // pyodide-restore.mjs runs there and in Node (tools/snapshot.mjs).
  { files: ["tools/pyodide-snapshot.mjs"], languageOptions: { globals: globals.worker } },
  { files: ["tools/pyodide-restore.mjs"], languageOptions: { globals: globals["shared-node-browser"] } },
];
