// @ts-check
// static/shared/linkpeek.js: a share link read by the page alone, before the rules load. Links
// are written here as pyapp/links.py writes them (zlib, URL-safe base64 without padding;
// tests/e2e/test_shared_links.py opens one written by Python itself). Whatever it cannot read is null,
// never an exception: the rules then say what is wrong.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateSync } from "node:zlib";
import { peekLink } from "../../static/shared/linkpeek.js";

const link = (data) => `#r=1.${deflateSync(Buffer.from(typeof data === "string" ? data : JSON.stringify(data)), { level: 9 })
  .toString("base64url")}`;

// As links.py writes them: defaults left out (no "available" fur, no "context", no "choices").
const REQUEST = {
  version: 1,
  card: "storm",
  state: { characters: [{ role: "cook" }, { role: "carpenter", wounds: 2 }], first_player: "cook", available: { wood: 1 }, shelter: "built", roof: 3 },
  effect: { demands: [{ kind: "discard", wood: 2 }] },
};

test("a link reads as its request, with the table's defaults filled in as the models fill them", async () => {
  const request = await peekLink(link(REQUEST));
  assert.equal(request.card, "storm");
  assert.deepEqual(request.effect, REQUEST.effect);
  assert.deepEqual(request.context, {});
  assert.deepEqual(request.choices, {});
  assert.equal(request.state.roof, 3);
  assert.deepEqual(request.state.available, { wood: 1, food: 0, fur: 0, nonperishable_food: 0 });
  assert.equal(request.state.phase, "event");
  assert.equal(request.state.characters[0].wounds, 0);
  assert.equal(request.state.characters[1].wounds, 2);
  assert.deepEqual(request.state.planned_actions, []);
});

test("a link written in percent-escapes (as some forums pass it on) reads the same", async () => {
  const plain = link(REQUEST);
  const escaped = `#r=${[...plain.slice(3)].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, "0")}`).join("")}`;
  const read = await peekLink(escaped);
  assert.equal(read.state.roof, 3);
  assert.deepEqual(read, await peekLink(plain));
});

/** @type {[string, () => Promise<string>][]} */
const UNREADABLE = [
  ["no link at all", async () => "#board"],
  ["another link format", async () => link(REQUEST).replace("#r=1.", "#r=2.")],
  ["characters a link never has", async () => `${link(REQUEST)}!`],
  ["cut short", async () => link(REQUEST).slice(0, -12)],
  ["not deflated", async () => `#r=1.${Buffer.from(JSON.stringify(REQUEST)).toString("base64url")}`],
  ["not JSON", async () => link("{not json")],
  ["not UTF-8", async () => `#r=1.${deflateSync(Buffer.from([0x7b, 0xff, 0xfe, 0x7d])).toString("base64url")}`],
  ["a list, not a request", async () => link([REQUEST])],
  ["a newer request version", async () => link({ ...REQUEST, version: 2 })],
  ["another format", async () => link({ ...REQUEST, format: "castaway-referee/autosave" })],
  ["no table", async () => link({ ...REQUEST, state: undefined })],
  ["a table the check refuses (Roof 100)", async () => link({ ...REQUEST, state: { ...REQUEST.state, roof: 100 } })],
  ["a table the check refuses (a Roof with no Shelter)", async () => link({ ...REQUEST, state: { ...REQUEST.state, shelter: "none" } })],
  ["no demand", async () => link({ ...REQUEST, effect: { demands: [] } })],
  ["a card that is not a name", async () => link({ ...REQUEST, card: 7 })],
  ["a link that inflates past 64,000 bytes", async () => link({ ...REQUEST, card: "x".repeat(70_000) })],
  ["a link longer than 16,000 characters", async () => `#r=1.${"A".repeat(16_001)}`],
];

for (const [what, make] of UNREADABLE) {
  test(`unreadable here, so null (the rules say why): ${what}`, async () => {
    assert.equal(await peekLink(await make()), null);
  });
}

// The ruling's words a link carries (pyapp/links.py LinkWords): read as they are, as text, or
// dropped (never the link) when they are not what the core reads.
const SAID = { lang: "de", headline: "Jeder Charakter erleidet 2 Wunden.", outcome: ["Koch: 2 Wunden — Regeln"] };

test("a link's words are read with its request", async () => {
  const read = await peekLink(link({ ...REQUEST, said: SAID }));
  assert.deepEqual(read.said, SAID);
  assert.equal(read.state.roof, 3);
});

test("a link without words reads as before, with none", async () => {
  assert.equal((await peekLink(link(REQUEST))).said, null);
});

/** @type {[string, unknown][]} */
const BAD_WORDS = [
  ["not an object", "Jeder Charakter"],
  ["a list", [SAID]],
  ["a headline that is a number", { ...SAID, headline: 2 }],
  ["an empty headline", { ...SAID, headline: "" }],
  ["a headline too long", { ...SAID, headline: "W".repeat(301) }],
  ["a line break", { ...SAID, headline: "a\nb" }],
  ["a mark that turns text around", { ...SAID, headline: "a\u202eb" }],
  ["lines that are not a list", { ...SAID, outcome: "Koch" }],
  ["a line that is a number", { ...SAID, outcome: [1] }],
  ["too many lines", { ...SAID, outcome: Array(13).fill("Koch") }],
  ["a language that is no code", { ...SAID, lang: "<script>" }],
  ["no language", { headline: SAID.headline }],
  ["a field words never have", { ...SAID, html: "<b>" }],
];

for (const [why, said] of BAD_WORDS) {
  test(`words with ${why} are dropped, the link read all the same`, async () => {
    const read = await peekLink(link({ ...REQUEST, said }));
    assert.equal(read.said, null);
    assert.equal(read.state.roof, 3);
  });
}
