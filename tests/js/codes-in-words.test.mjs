// @ts-check
// static/shared/view.js says a rule code, a house-rule switch and a space in words, for every
// page (the board's panel and rule drawer, the widget, the FAQ): a part's id ("R8.zero"), a
// switch's key or a space's id ("tile-2-food") is never what a player reads.
import { test } from "node:test";
import assert from "node:assert/strict";
import { codeTitle, codeWords, spaceWords, switchWords } from "../../static/shared/view.js";

const CLAUSES = {
  C3: { id: "C3", title: "What can be discarded must be", parts: [] },
  "G-card-wounds": { id: "G-card-wounds", title: "The card's own Wounds", parts: [] },
  R8: { id: "R8", title: "Halving", switch: null, parts: [{ id: "R8.zero", title: "Halving 0" }] },
  R5: { id: "R5", title: "Gains earlier in the same Action", switch: "same_action_gains_pay", parts: [] },
};

test("a code comes with its words; a part is named by its title, never its id", () => {
  for (const [code, title, words] of [
    ["C3", "What can be discarded must be", "C3: What can be discarded must be"],
    ["G-card-wounds", "The card's own Wounds", "G-card-wounds: The card's own Wounds"],
    ["R8", "Halving", "R8: Halving"],
    ["R8.zero", "Halving 0", "R8: Halving 0"],
    ["R8.nowhere", "Halving", "R8: Halving"], // a part the catalogue lacks: its rule
    ["X9", null, "X9"], // unknown: said as it is, nothing invented
    ["X9.part", null, "X9"],
  ]) {
    assert.equal(codeTitle(code, CLAUSES), title, code);
    assert.equal(codeWords(code, CLAUSES), words, code);
  }
});

test("a house-rule switch is said in Settings' words, quotes inside made single", () => {
  assert.equal(switchWords("same_action_gains_pay"), "“Resources gained earlier in the same Action may pay”");
  assert.equal(switchWords("shortfall_hurts_all"), "“A shortfall on ‘each player’ hurts every character”");
  assert.equal(switchWords("some_new_switch"), "“Some new switch”");
});

test("a space is said as the core says it (pyapp/rules/state.py, space_words)", () => {
  for (const [id, words] of [
    ["tile-2-food", "tile 2's food source"],
    ["tile-12-wood", "tile 12's wood source"],
    ["tile-3", "tile 3"],
    ["the Build action space", "the Build action space"],
    ["tile-2-fur", "tile-2-fur"],
  ]) {
    assert.equal(spaceWords(id), words, id);
  }
});
