// @ts-check
// static/shared/i18n.js: the page's words from the catalogue, with the plural form the
// language's CLDR rule picks (Polish has three), and the language chosen by the URL.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  STORAGE_KEY, browserLanguages, chosenLanguage, format, language, languageChoices, setLanguage, t,
  tellCore, tn, useCatalogue, withoutLanguage,
} from "../../static/shared/i18n.js";

const POLISH = {
  language: "pl", pluralLocale: "pl", plural: { one: 0, few: 1, many: 2 },
  messages: { "{n} Wound": ["{n} rana", "{n} rany", "{n} ran"], "Undo": "Cofnij" },
};

/** A storage that keeps what it is given. */
function memory() {
  const kept = new Map();
  return { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => void kept.set(k, String(v)), kept };
}

test("English is the message itself, placeholders filled", () => {
  useCatalogue(null);
  assert.equal(t("Discard {amount} {what}", { amount: 2, what: "wood" }), "Discard 2 wood");
  assert.equal(tn("{n} Wound", "{n} Wounds", 1), "1 Wound");
  assert.equal(tn("{n} Wound", "{n} Wounds", 4), "4 Wounds");
  assert.equal(format("{{literal}} {missing}", {}), "{literal} {missing}");
});

test("Polish counts take the form its plural rule picks: 1, 2-4, 5 and on", () => {
  useCatalogue(POLISH);
  const said = [1, 2, 4, 5, 12, 22, 25, 0].map((n) => tn("{n} Wound", "{n} Wounds", n));
  assert.deepEqual(said, ["1 rana", "2 rany", "4 rany", "5 ran", "12 ran", "22 rany", "25 ran", "0 ran"]);
  assert.equal(t("Undo"), "Cofnij");
  assert.equal(t("Not translated yet"), "Not translated yet");
  useCatalogue(null);
});

test("setLanguage loads a catalogue, and refuses a code that is not one", async () => {
  assert.equal(await setLanguage("pl", async () => POLISH), "pl");
  assert.equal(language(), "pl");
  await assert.rejects(setLanguage("../evil", async () => POLISH));
  assert.equal(language(), "pl");
  assert.equal(await setLanguage("en"), "en");
});

test("the URL's ?lang= chooses the language and is remembered; else the remembered one", () => {
  const storage = memory();
  assert.equal(chosenLanguage("https://x.test/?lang=x-pseudo", storage), "x-pseudo");
  assert.equal(storage.kept.get(STORAGE_KEY), "x-pseudo");
  assert.equal(chosenLanguage("https://x.test/", storage), "x-pseudo");
  assert.equal(chosenLanguage("https://x.test/", memory()), "en");
  assert.equal(chosenLanguage("https://x.test/?lang=<script>", memory()), "en");
  const broken = { getItem: () => { throw new Error("denied"); }, setItem: () => { throw new Error("denied"); } };
  assert.equal(chosenLanguage("https://x.test/?lang=pl", broken), "pl");
});

test("nothing remembered, the browser's languages are tried in order, up to English", () => {
  assert.deepEqual(browserLanguages(["de-AT", "de", "fr", "en-GB", "pl"]), ["de", "fr"]);
  assert.deepEqual(browserLanguages(["en-US", "de"]), []);
  assert.deepEqual(languageChoices("https://x.test/", memory(), ["pl-PL", "en"]), ["pl", "en"]);
  assert.equal(chosenLanguage("https://x.test/", memory(), ["es-ES"]), "es");
  const storage = memory();
  storage.setItem(STORAGE_KEY, "fr");
  assert.deepEqual(languageChoices("https://x.test/", storage, ["de"]), ["fr", "en"]);
});

test("a fragment's lang= (the widget's embed code) is spoken and never remembered", () => {
  const storage = memory();
  assert.deepEqual(languageChoices("https://x.test/widget.html#r=1.abc&lang=de", storage, ["pl"]), ["de", "en"]);
  assert.equal(storage.kept.size, 0);
  assert.deepEqual(languageChoices("https://x.test/#r=1.abc", storage, ["pl"]), ["pl", "en"]);
});

test("a link for another reader leaves out ?lang=: it opens in the reader's language", () => {
  assert.equal(withoutLanguage("https://x.test/index.html?lang=de#r=1.x"), "https://x.test/index.html#r=1.x");
  assert.equal(withoutLanguage("https://x.test/faq.html?a=1&lang=pl"), "https://x.test/faq.html?a=1");
});

test("the core is told the language, and not told English", async () => {
  const calls = [];
  const referee = { call: async (method, payload) => { calls.push([method, payload]); return {}; } };
  await tellCore(referee);
  assert.deepEqual(calls, []);
  useCatalogue(POLISH);
  await tellCore(referee);
  assert.deepEqual(calls, [["language", { language: "pl" }]]);
  useCatalogue(null);
  await tellCore(referee, { always: true }); // back to English from another language
  assert.deepEqual(calls.at(-1), ["language", { language: "en" }]);
});

test("two copies of the module speak one language (the board's bundle and app.js's module)", async () => {
  // The same file under another URL: a second instance of the module, as the bundle holds.
  /** @type {typeof import("../../static/shared/i18n.js")} */
  const copy = await import(new URL("../../static/shared/i18n.js?another-copy", import.meta.url).href);
  assert.notEqual(copy.t, t);
  await setLanguage("pl", async () => POLISH);
  assert.equal(copy.language(), "pl");
  assert.equal(copy.t("Undo"), "Cofnij");
  assert.equal(copy.tn("{n} Wound", "{n} Wounds", 5), "5 ran");
  copy.useCatalogue(null);
  assert.equal(t("Undo"), "Undo");
});
