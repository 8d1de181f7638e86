// @ts-check
// static/shared/embed.js: the embed code is built from validated origins only (scheme,
// host and port), every refusal names what it refused and why, in one line, and every
// attribute of the generated <iframe> is escaped, whatever was typed into the box.
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkOrigin, embedCode, fragmentFor, parseFragment, parseOrigins, refusedOrigins } from "../../static/shared/embed.js";

const WIDGET = "https://referee.example/widget.html";

test("any spelling of an http(s) origin is that origin", () => {
  for (const [typed, origin] of [
    ["https://forum.example", "https://forum.example"],
    ["HTTPS://Forum.Example:443/", "https://forum.example"],
    ["http://localhost:8000", "http://localhost:8000"],
    ["http://127.0.0.1:8752/", "http://127.0.0.1:8752"],
    ["http://[::1]:8080", "http://[::1]:8080"],
    ["https://bücher.example", "https://xn--bcher-kva.example"],
  ]) {
    assert.deepEqual(checkOrigin(typed), { origin }, typed);
  }
});

// Hostile or mistaken entries, each with words its refusal must contain.
const REFUSED = [
  ['https://forum.example"', "host name"],
  ["https://forum.example'", "host name"],
  ["https://a_b.example", "host name"],
  ["https://forum.example.", "host name"],
  ["https://<b>.example", "not a web address"],
  ["javascript:alert(1)", "javascript:"],
  ["data:text/html,<script>alert(1)</script>", "data:"],
  ["ftp://forum.example", "ftp:"],
  ["https://forum.example/path", "path"],
  ["https://forum.example/?x=1", "query"],
  ["https://forum.example/?", "query"],
  ["https://forum.example#top", "fragment"],
  ["https://user:pw@forum.example", "user name"],
  ["*", "not a web address"],
  ["null", "not a web address"],
  ["forum.example", "not a web address"],
  ["https://forum.example\u202e", "not a web address"],
];

test("anything but scheme, host and port is refused, saying why", () => {
  for (const [typed, words] of REFUSED) {
    const { origin, why } = checkOrigin(typed);
    assert.equal(origin, undefined, typed);
    assert.ok(why.includes(words), `${typed}: ${why}`);
  }
});

test("the refusal names each entry in one line, invisible characters made visible", () => {
  const { origins, invalid } = parseOrigins(
    'https://ok.example https://forum.example" onload="alert(1) javascript:x\n\u0007https://a.example/\u202e',
  );
  assert.deepEqual(origins, ["https://ok.example"]);
  assert.deepEqual(invalid.map((i) => i.text),
    ['https://forum.example"', 'onload="alert(1)', "javascript:x", "\u0007https://a.example/\u202e"]);
  const said = refusedOrigins(invalid);
  assert.ok(!/[\p{Cc}\u202e]/u.test(said), said);
  assert.ok(said.includes('“https://forum.example"”') && said.includes("javascript:"), said);
  assert.ok(said.includes("\\u{7}") && said.includes("\\u{202e}"), said);
  assert.equal(refusedOrigins([]), "");
});

test("at most 20 origins go into one embed code; the rest are refused by name", () => {
  const typed = Array.from({ length: 23 }, (_, i) => `https://site${i}.example`).join(" ");
  const { origins, invalid } = parseOrigins(typed);
  assert.equal(origins.length, 20);
  assert.deepEqual(invalid.map((i) => i.text), ["https://site20.example", "https://site21.example", "https://site22.example"]);
  assert.ok(invalid.every((i) => i.why.includes("at most 20")));
});

// The attributes of the one element in `code`, unescaped, or a failure if it is not exactly
// one <iframe> whose attribute values hold no raw quote, < or >.
function iframeAttributes(code) {
  const match = /^<iframe((?: [a-z]+="[^"<>]*")+)><\/iframe>$/.exec(code);
  assert.ok(match, code);
  const unescape = (v) => v.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  return Object.fromEntries([...match[1].matchAll(/ ([a-z]+)="([^"]*)"/g)].map(([, n, v]) => [n, unescape(v)]));
}

test("the embed code is one iframe, every attribute escaped, only valid origins in it", () => {
  const hostile = ['https://forum.example"', "javascript:alert(1)", "https://ok.example", "https://ok.example/x"];
  const payload = '1.abc&origin=https://evil.example"><script>alert(1)</script>';
  const code = embedCode(WIDGET, payload, hostile);
  const attributes = iframeAttributes(code);
  assert.deepEqual(Object.keys(attributes), ["src", "title", "width", "height", "loading", "referrerpolicy", "allow"]);
  const src = new URL(attributes.src);
  assert.equal(src.origin + src.pathname, WIDGET);
  const fragment = new URLSearchParams(src.hash.slice(1));
  assert.deepEqual(fragment.getAll("origin"), ["https://ok.example"]);
  assert.equal(fragment.get("r"), payload);
  assert.deepEqual([...fragment.keys()], ["r", "origin"]);
});

test("a share link's payload and origins pass into the fragment unchanged", () => {
  assert.equal(fragmentFor("1.eNpL-_x", ["https://forum.example"]), "r=1.eNpL-_x&origin=https%3A%2F%2Fforum.example");
  assert.throws(() => embedCode("javascript:alert(1)", null, []), /not a web address/);
});

test("the embed code of a FAQ question: its id encoded, whatever it holds, only valid origins", () => {
  const hostile = ["https://forum.example/'onload='x", "data:text/html,<b>", "https://ok.example", "*", "null"];
  const question = 'must-discard&origin=https://evil.example"><script>alert(1)</script>';
  const attributes = iframeAttributes(embedCode(WIDGET, { question }, hostile));
  assert.equal(attributes.title, "Castaway Referee: a question of the rules FAQ");
  const fragment = new URLSearchParams(new URL(attributes.src).hash.slice(1));
  assert.equal(fragment.get("q"), question);
  assert.deepEqual(fragment.getAll("origin"), ["https://ok.example"]);
  assert.deepEqual([...fragment.keys()], ["q", "origin"]);
});

test("the embed code of the whole FAQ", () => {
  const attributes = iframeAttributes(embedCode(WIDGET, { faq: true }, ["https://forum.example"]));
  assert.equal(attributes.title, "Castaway Referee: the rules FAQ");
  assert.equal(new URL(attributes.src).hash, "#faq&origin=https%3A%2F%2Fforum.example");
});

test("the fragment is read in one place: a ruling, a question or the FAQ, and the origins", () => {
  /** @type {[string, {payload: string | null, question: string | null, faq: boolean}][]} */
  const cases = [
    ["#r=1.abc&origin=https://forum.example", { payload: "1.abc", question: null, faq: false }],
    ["#q=must-discard&origin=https://forum.example", { payload: null, question: "must-discard", faq: false }],
    ["#faq&origin=https://forum.example", { payload: null, question: null, faq: true }],
    ["#q=" + "x".repeat(100), { payload: null, question: "x".repeat(60), faq: false }],
    ["", { payload: null, question: null, faq: false }],
  ];
  for (const [hash, shown] of cases) {
    const read = parseFragment(hash);
    assert.deepEqual({ payload: read.payload, question: read.question, faq: read.faq }, shown, hash);
  }
  assert.deepEqual(parseFragment("#faq&origin=https://forum.example").origins, ["https://forum.example"]);
  assert.equal(fragmentFor({ question: "dog" }, []), "q=dog");
});
