// @ts-check
// static/widget/view.js (the widget and the FAQ) says who states a step: the rules, or the
// card itself when it names who suffers (the core marks that step `by_card`). A ruling whose
// deciding steps are all stated is official either way, and says so in words.
import { test } from "node:test";
import assert from "node:assert/strict";
import { certaintyText, rulingCertainty } from "../../static/widget/view.js";

const NAMED = { clause: "G-named-victim", certainty: "stated", by_card: true };
const WOUNDS = { clause: "G-card-wounds", certainty: "stated", by_card: false };
const C5 = { clause: "C5", certainty: "derived", by_card: false };

test("a step naming the card's own victims is stated by the card, not by the rules", () => {
  assert.equal(certaintyText(NAMED, {}), "stated by the card");
  assert.equal(certaintyText(WOUNDS, {}), "stated by the rules");
  assert.equal(certaintyText({ clause: "C1", certainty: "stated" }, {}), "stated by the rules"); // a ruling from before `by_card`
  assert.equal(certaintyText(C5, {}), "derived from the rules");
});

test("Jaguar naming each character is official, by the rules and the card", () => {
  const sure = rulingCertainty({ certainty: "stated", rests_on: [], steps: [WOUNDS, NAMED] });
  assert.deepEqual([sure.grade, sure.label], ["official", "Official"]);
  assert.equal(sure.text, "Every deciding step is stated by the rules or by the card.");
  const rules = rulingCertainty({ certainty: "stated", rests_on: [], steps: [WOUNDS] });
  assert.equal(rules.text, "Every deciding step is stated by the rules.");
});

test("with victims by default the same Wound still follows from the rules (C5)", () => {
  const clauses = { C5: { id: "C5", title: "Who suffers: all characters", parts: [] } };
  const sure = rulingCertainty({ certainty: "derived", rests_on: ["C5"], steps: [WOUNDS, C5] }, clauses);
  assert.equal(sure.grade, "derived");
  assert.ok(sure.text.includes("(C5: Who suffers: all characters)"), sure.text);
});
