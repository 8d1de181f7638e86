// @ts-check
// static/board/pending.js: the board draws the table with each value set and not yet answered
// by the core laid over it, so that a tap on any control shows at once, also while the rules
// load. A piece added or taken away is the core's to build; a place the table does not have
// is left alone.
import { test } from "node:test";
import assert from "node:assert/strict";
import { changesWaiting, withPending } from "../../static/board/pending.js";

const TABLE = Object.freeze({
  round: 1,
  phase: "action",
  shelter: "none",
  dog: false,
  first_player: "cook",
  friday: null,
  house_rules: Object.freeze({}),
  resources: Object.freeze({ available: Object.freeze({ wood: 0, food: 2 }) }),
  characters: Object.freeze([
    Object.freeze({ role: "cook", wounds: 0, determination: 2, in_camp: true, name: null }),
    Object.freeze({ role: "carpenter", wounds: 3, determination: 0, in_camp: true, name: "Ada" }),
  ]),
  equipment: Object.freeze([Object.freeze({ name: "Rope", uses_left: 2 })]),
});

/** @param {[string, unknown][]} sets */
const pending = (sets) => new Map(sets.map(([path, value]) => [path, { value }]));

/** @type {[string, [string, unknown][], (table: any) => unknown, unknown][]} */
const SHOWN = [
  // [what, values set and not yet answered, where to look, what the board shows there]
  ["a count on a stepper", [["resources/available/wood", 3]], (s) => s.resources.available.wood, 3],
  ["a character's Wounds", [["characters/1/wounds", 5]], (s) => s.characters[1].wounds, 5],
  ["a character's Determination", [["characters/0/determination", 1]], (s) => s.characters[0].determination, 1],
  ["an equipment's uses left", [["equipment/0/uses_left", 0]], (s) => s.equipment[0].uses_left, 0],
  ["the round's square", [["round", 4]], (s) => s.round, 4],
  ["the phase chosen", [["phase", "weather"]], (s) => s.phase, "weather"],
  ["the Shelter chosen", [["shelter", "natural"]], (s) => s.shelter, "natural"],
  ["a yes/no switched on", [["dog", true]], (s) => s.dog, true],
  ["a character out of camp", [["characters/0/in_camp", false]], (s) => s.characters[0].in_camp, false],
  ["a house rule not in the table yet", [["house_rules/wood_first", true]], (s) => s.house_rules.wood_first, true],
  ["a player's name typed", [["characters/0/name", "Bo"]], (s) => s.characters[0].name, "Bo"],
  ["the First Player", [["first_player", "carpenter"]], (s) => s.first_player, "carpenter"],
  ["two controls at once", [["dog", true], ["round", 2]], (s) => [s.dog, s.round], [true, 2]],
  ["Friday joining: the core's to build", [["friday", {}]], (s) => s.friday, null],
  ["Friday leaving: the core's to take away", [["friday", null]], (s) => s.friday, null],
  ["a character the table does not have", [["characters/5/wounds", 2]], (s) => s.characters.length, 2],
  ["a list's length is not a place", [["characters/length", 0]], (s) => s.characters.length, 2],
  ["a whole character is never replaced by a value", [["characters/0", 3]], (s) => s.characters[0].role, "cook"],
  ["no place under a plain value", [["round/next", 2]], (s) => s.round, 1],
  ["an object's prototype is never a place", [["__proto__/polluted", true]], () => ({}).polluted, undefined],
];

for (const [what, sets, look, expected] of SHOWN) {
  test(`the board shows ${what}`, () => {
    assert.deepEqual(look(withPending(TABLE, pending(sets))), expected);
  });
}

test("the core's table is never changed: the board's is a copy along the paths set", () => {
  const shown = withPending(TABLE, pending([["characters/1/wounds", 4]]));
  assert.equal(TABLE.characters[1].wounds, 3);
  assert.notEqual(shown.characters, TABLE.characters);
  assert.equal(shown.characters[0], TABLE.characters[0], "the other character is shared, not copied");
  assert.equal(shown.resources, TABLE.resources, "what no value was set in is shared");
});

test("nothing pending, or only what the table holds already: the core's table itself", () => {
  assert.equal(withPending(TABLE, new Map()), TABLE);
  assert.equal(withPending(TABLE, pending([["round", 1], ["resources/available/food", 2]])), TABLE);
});

/** @param {string} path @param {unknown} value */
const set = (path, value) => ({ cmd: "edit", edits: [{ op: "set", path, value }] });

/** @type {[string, unknown[], number][]} */
const WAITING = [
  // [what the player did while the rules load, the commands queued, the changes the note counts]
  ["nothing", [], 0],
  ["one tap on a counter", [set("resources/available/wood", 1)], 1],
  ["three taps on one counter, one on its −", [
    set("resources/available/wood", 1), set("resources/available/wood", 2),
    set("resources/available/wood", 3), set("resources/available/wood", 2)], 1],
  ["a switch on and off again", [set("dog", true), set("dog", false)], 0],
  ["a counter up and down to where it was", [set("characters/1/wounds", 4), set("characters/1/wounds", 3)], 0],
  ["a switch, a square and Wounds", [set("dog", true), set("round", 3), set("characters/0/wounds", 1)], 3],
  ["the same value the table has", [set("shelter", "none")], 0],
  ["a piece moved (not a plain value): each one counts", [
    { cmd: "edit", edits: [{ op: "move_pawn", figure: "cook", target: "hunt" }] },
    { cmd: "edit", edits: [{ op: "move_pawn", figure: "cook", target: "build" }] }], 2],
  ["two values set in one edit count as one change", [
    { cmd: "edit", edits: [{ op: "set", path: "dog", value: true }, { op: "set", path: "round", value: 2 }] }], 1],
  ["a place the table does not have", [set("nowhere/at/all", 1)], 1],
];

for (const [what, commands, changes] of WAITING) {
  test(`changes waiting for the rules: ${what}`, () => {
    assert.equal(changesWaiting(TABLE, commands), changes);
  });
}
