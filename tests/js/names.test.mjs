// @ts-check
// static/shared/names.js: a name from the table in the page's language. One of the game's (a
// card the table lists, a token, a marker, a space of the board) is the catalogue's; a name of
// the players' own is drawn as typed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useCatalogue } from "../../static/shared/i18n.js";
import { demandSummary } from "../../static/shared/demand-summary.js";
import { fold, gameName, markerName, said, shownName, spaceName, tokenName } from "../../static/shared/names.js";

// The Polish edition's names, as a compiled catalogue holds them (locale/pl.po); the tokens'
// words are a stand-in.
const POLISH = {
  language: "pl", pluralLocale: "pl", plural: { one: 0, few: 1, many: 2 },
  messages: { Pot: "Naczynia", Tiger: "Tygrys", Saber: "Szabla", "Old Machete": "Stara Maczeta",
    Reroll: "Przerzut", black: "czarny", "the Weather space": "pole Pogody" },
};
// A language that keeps a name it has no source for in English, in brackets.
const FRENCH = { language: "fr", pluralLocale: "fr", plural: { one: 0, many: 1, other: 1 }, messages: { Pot: "[Pot]" } };

/** @type {[string, (name: string) => string | null, string, string][]} */
const CASES = [
  // [what, said, English, Polish]
  ["an Invention", gameName, "Pot", "Naczynia"],
  ["a Beast, whatever its case", gameName, "TIGER", "Tygrys"],
  ["a Treasure, by another name it goes by", gameName, "Sabre", "Szabla"],
  ["a Discovery token, spaced oddly", gameName, "  old   machete ", "Stara Maczeta"],
  ["a token by its id", tokenName, "reroll", "Przerzut"],
  ["a marker by its id", markerName, "black", "czarny"],
  ["a space of the board by its id", spaceName, "weather", "pole Pogody"],
];

test("the game's names are the catalogue's in the page's language", () => {
  for (const [what, say, typed, polish] of CASES) {
    useCatalogue(POLISH);
    assert.equal(say(typed), polish, what);
    useCatalogue(null);
    assert.notEqual(say(typed), null, what);
  }
  assert.equal(gameName("pot"), "Pot");
});

test("a name typed in the reader's edition is the same card", () => {
  useCatalogue(POLISH);
  assert.equal(gameName("tygrys"), "Tygrys");
  useCatalogue(FRENCH);
  assert.equal(gameName("[Pot]"), "[Pot]");
  assert.equal(gameName("pot"), "[Pot]");
  useCatalogue(null);
  assert.equal(gameName("tygrys"), null); // English reads no Polish
});

test("a name of the players' own is typed text, drawn as typed", () => {
  useCatalogue(POLISH);
  for (const name of ["Ana's raft", "Kraken", "constructor", "__proto__"]) {
    assert.deepEqual(shownName(name), { text: name, typed: true });
    assert.equal(said(name), name);
    assert.equal(tokenName(name), null);
    assert.equal(markerName(name), null);
    assert.equal(spaceName(name), null);
  }
  assert.deepEqual(shownName("pot"), { text: "Naczynia", typed: false });
  useCatalogue(null);
});

test("a demand shown before the core words it names the game's pieces in the page's language", () => {
  useCatalogue(POLISH);
  assert.match(demandSummary({ kind: "combat", beast: "Tiger", strength: 6 }), /Tygrys/);
  assert.match(demandSummary({ kind: "place_token", space: "weather", token: "reroll" }), /pole Pogody.*Przerzut|Przerzut.*pole Pogody/);
  assert.match(demandSummary({ kind: "place_marker", space: "weather", marker: "black" }), /pole Pogody.*czarny/);
  useCatalogue(null);
});

test("folding is the core's: case, accents, dashes and spaces do not matter", () => {
  assert.equal(fold("  Świeczki–Big\u00a0 Ape "), "swieczki-big ape");
});
