// @ts-check
// types/core.d.ts, the types the page's JSDoc gives the core's JSON, is what
// tools/schema-types.mjs makes of the JSON Schemas (run `make schema` after a change).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { TARGET, moduleText } from "../../tools/schema-types.mjs";

test("the core's types are fresh from the schemas", () => {
  assert.equal(readFileSync(TARGET, "utf-8"), moduleText());
});

test("each schema's own type and the table's are there", () => {
  const text = moduleText();
  for (const name of ["Request", "Ruling", "Catalogue", "TableState", "Effect"]) {
    assert.match(text, new RegExp(`^export (interface|type) ${name}\\b`, "m"), name);
  }
});
