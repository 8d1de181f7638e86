// @ts-check
// static/widget/messages.js readMessage, with static/shared/bounded.js: a message's request is
// measured before it is written as JSON. A sparse list (`a[1e8] = 1`: a few bytes to post, half a
// gigabyte as JSON), a deep or self-referring structure and values JSON has no form for are
// refused in words, without the list's holes being read or the JSON being written.
import { test } from "node:test";
import assert from "node:assert/strict";
import { FAQ, MAX_REQUEST_CHARS, MAX_SEARCH_CHARS, RULE, readMessage } from "../../static/widget/messages.js";
import { MAX_QUESTION_ID, parseFragment } from "../../static/shared/embed.js";
import { READING } from "../../static/shared/core-facts.js";
import { jsonOf, textDepth, textProblem, withoutBom } from "../../static/shared/bounded.js";

const message = (request) => ({ type: RULE, id: "q1", request });

/** A list that counts how many of its items are read. */
function counted(list) {
  const seen = { items: 0 };
  const proxy = new Proxy(list, {
    get(target, key, receiver) {
      if (typeof key === "string" && /^\d+$/.test(key)) seen.items += 1;
      return Reflect.get(target, key, receiver);
    },
  });
  return { proxy, seen };
}

test("a sparse list is refused as too large without one of its items being read", () => {
  const sparse = [];
  sparse[1e8] = 1;
  const { proxy, seen } = counted(sparse);
  const read = readMessage(message({ state: { characters: proxy } }));
  assert.equal(read.ok, false);
  assert.equal(read.error.type, "bad_request");
  assert.match(read.error.message, /too large/);
  assert.equal(seen.items, 0);
});

test("a list longer than the limit allows is refused before its items are read", () => {
  const { proxy, seen } = counted(new Array(MAX_REQUEST_CHARS).fill(0));
  const read = readMessage(message(proxy));
  assert.equal(read.ok, false);
  assert.equal(seen.items, 0);
});

test("nesting past the core's limit is refused at the door, in words", () => {
  let deep = {};
  for (let i = 0; i < 10_000; i += 1) deep = [deep];
  const read = readMessage(message({ state: deep }));
  assert.equal(read.ok, false);
  assert.equal(read.error.message, `The request cannot be read: it is nested more than ${READING.maxDepth} levels deep.`);
});

test("a request that refers to itself, a BigInt and a Date are refused in words, not JavaScript's", () => {
  const cyclic = {};
  cyclic.self = cyclic;
  /** @type {Array<[unknown, RegExp]>} */
  const cases = [[cyclic, /nested more than/], [{ big: 10n }, /JSON cannot hold \(a bigint\)/],
    [{ when: new Date(0) }, /JSON cannot hold \(a Date\)/], [{ bytes: new Uint8Array(4) }, /\(a Uint8Array\)/]];
  for (const [request, words] of cases) {
    const read = readMessage(message(request));
    assert.equal(read.ok, false);
    assert.equal(read.error.type, "bad_request");
    assert.match(read.error.message, words);
    assert.doesNotMatch(read.error.message, /circular|serialize|constructor/);
  }
});

test("an ordinary request is written exactly as JSON.stringify writes it", () => {
  const request = {
    state: { characters: [{ role: "cook", name: "Zoë \"Q\" \u2028" }], first_player: "cook", gone: undefined },
    effect: { demands: [{ kind: "discard", wood: 2, odd: [undefined, NaN, -0, 1e21, null, true] }] },
    obj: Object.create(null),
  };
  const read = readMessage(message(request));
  assert.equal(read.ok, true);
  assert.equal(read.text, JSON.stringify(request));
});

test("escapes that push the text past the limit are still caught", () => {
  const { problem } = jsonOf({ s: "\u0001".repeat(60_000) }, MAX_REQUEST_CHARS);
  assert.match(problem, /too large/);
});

test("text depth is counted outside strings, and a byte-order mark is dropped", () => {
  assert.equal(textDepth('{"a": "[[[[\\"[[", "b": [[1]]}'), 3);
  assert.equal(textProblem("[".repeat(READING.maxDepth) + "]".repeat(READING.maxDepth)), null);
  assert.match(textProblem("[".repeat(5000)), /nested 5,000 deep/);
  assert.equal(withoutBom("\ufeff{}"), "{}");
  assert.equal(withoutBom("{}"), "{}");
});

test("a FAQ message asks for a question by id or searches in words, one of them, bounded", () => {
  const faq = (fields) => readMessage({ type: FAQ, id: "f1", ...fields });
  assert.deepEqual(faq({ question: "must-discard" }), { ok: true, id: "f1", faq: { id: "must-discard" } });
  assert.deepEqual(faq({ search: "dicsovery tokn" }), { ok: true, id: "f1", faq: { query: "dicsovery tokn" } });
  for (const [fields, type] of [
    [{}, "bad_message"],
    [{ question: "dog", search: "dog" }, "bad_message"],
    [{ question: 3 }, "bad_message"],
    [{ search: ["dog"] }, "bad_message"],
    [{ question: "x".repeat(MAX_QUESTION_ID + 1) }, "bad_request"],
    [{ search: "x".repeat(MAX_SEARCH_CHARS + 1) }, "bad_request"],
  ]) {
    const read = faq(fields);
    assert.equal(read.ok, false, JSON.stringify(fields));
    assert.equal(read.error.type, type, JSON.stringify(fields));
    assert.equal(read.id, "f1");
    assert.ok(!/null|undefined/.test(read.error.message), read.error.message);
  }
});

test("a message may name the language of its answer; anything but a language code is refused", () => {
  assert.equal(readMessage({ ...message({}), lang: "de" }).lang, "de");
  assert.equal(readMessage({ type: FAQ, id: "f", search: "dog", lang: "pl" }).lang, "pl");
  assert.equal(readMessage(message({})).lang, undefined);
  for (const lang of [3, "../de", "<b>", ""]) {
    const read = readMessage({ ...message({}), lang });
    assert.equal(read.ok, false, String(lang));
    assert.match(read.error.message, /lang must be a language code/);
  }
});

test("the embed code's fragment may name the widget's language", () => {
  assert.equal(parseFragment("#r=1.abc&origin=https%3A%2F%2Fforum.example&lang=pl").lang, "pl");
  assert.equal(parseFragment("#q=dog&lang=de").lang, "de");
  assert.equal(parseFragment("#r=1.abc").lang, null);
});
