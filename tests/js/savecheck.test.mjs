// @ts-check
// static/shared/savecheck.js: the light check an autosave passes before it is drawn. Keys every
// object inherits ("constructor", "toString", "__proto__") are not part of a table: the check
// refuses them as it refuses any other key the models do not name, at the top and inside.
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkTable } from "../../static/shared/savecheck.js";

const TABLE = JSON.stringify({ characters: [{ role: "cook" }, { role: "explorer" }], first_player: "cook" });

test("a plain table passes, with its defaults filled in", () => {
  const { table, problem } = checkTable(JSON.parse(TABLE));
  assert.equal(problem, null);
  assert.ok(Array.isArray(table.planned_actions));
});

for (const key of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"]) {
  test(`a table with a "${key}" key is refused, at the top and in a character`, () => {
    const top = JSON.parse(TABLE.replace("{", `{"${key}":{"a":1},`));
    const inside = JSON.parse(TABLE.replace('{"role":"cook"', `{"${key}":1,"role":"cook"`));
    for (const state of [top, inside]) {
      assert.ok(Object.hasOwn(state, key) || Object.hasOwn(state.characters[0], key));
      const { table, problem } = checkTable(state);
      assert.equal(table, null);
      assert.equal(problem, `the ${key.replaceAll("_", "")} is not part of a table`);
    }
  });
}

test("a missing field is not found on the prototype either", () => {
  const state = JSON.parse(TABLE);
  delete state.characters;
  assert.equal(checkTable(state).problem, "the characters is missing");
});
