// @ts-check
// static/shared/demand-summary.js: a demand before the core words it, from the core's own
// description of the kinds (static/shared/demand-kinds.js), never a sentence of the page's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { demandSummary } from "../../static/shared/demand-summary.js";

test("a demand is its kind's name and the fields it sets, in the composer's words", () => {
  assert.equal(demandSummary({ kind: "discard", wood: 2 }), "Discard: Wood 2");
  assert.equal(demandSummary({ kind: "reduce", track: "roof", amount: 1 }), "Reduce a track: Track Roof, By 1");
  assert.equal(demandSummary({ kind: "night_eating" }), "Night: eating");
  assert.equal(demandSummary({ kind: "cover_source", source: "food", count: 1, adjacent: true }),
    "Cover a source: Source Food, How many 1, Only on tiles next to the camp");
});

test("a kind the page does not know is shown as the core named it", () => {
  assert.equal(demandSummary({ kind: "something_new" }), "something_new");
});
