// @ts-check
// The widget's fragment and the embed code that frames it, as plain functions (no DOM, no
// Python): shared by the widget, the FAQ page (an Embed… button on each question) and the
// board's rule sheet. Origins are validated (scheme, host and port), and every attribute of
// the embed code is escaped, whatever was typed.
// Every sentence is said in the page's language (./i18n.js), when it is made.

import { t } from "./i18n.js";

export const MAX_QUESTION_ID = 60; // a FAQ question's id
export const MAX_ORIGINS = 20; // in one embed code

// A host name as the URL parser leaves it (lower case, international names in punycode):
// dot-separated labels of letters, digits and inner hyphens, or an IPv6 address in brackets.
const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const HOST_NAME = new RegExp(`^${LABEL}(?:\\.${LABEL})*$`);
const IPV6 = /^\[[0-9a-f:.]+\]$/;

// Text as it can be shown in a one-line message: at most 60 characters, and the characters
// that would not show (controls, bidirectional and zero-width marks) written as \u{…}.
export function shownText(text) {
  const raw = String(text);
  const cut = raw.length > 60 ? `${raw.slice(0, 60)}…` : raw;
  return cut.replace(/[\p{Cc}\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/gu,
    (c) => `\\u{${c.codePointAt(0).toString(16)}}`);
}

// {origin} for an http(s) origin (scheme, host and port: "https://forum.example", however it
// was spelled), or {why}: what is wrong with it, in plain words.
export function checkOrigin(text) {
  const raw = String(text || "").trim();
  if (!raw) return { why: t("it is empty") };
  let url;
  try {
    url = new URL(raw);
  } catch {
    return { why: t("it is not a web address (an origin looks like https://forum.example)") };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return { why: t("it uses {scheme}; only http:// and https:// sites can embed the widget", { scheme: shownText(url.protocol) }) };
  }
  if (url.username || url.password) return { why: t("it holds a user name or password") };
  if (url.pathname !== "/" || /[?#]/.test(raw)) {
    return { why: t("it has a path, query or fragment; an origin is only the scheme, host and port") };
  }
  if (!HOST_NAME.test(url.hostname) && !IPV6.test(url.hostname)) {
    return { why: t("its host name has characters a host name cannot have") };
  }
  return { origin: url.origin }; // lower-case host, default port dropped
}

// "https://forum.example" for any spelling of an http(s) origin; null for anything else
// (a path, a wildcard, "null", another scheme, a host with characters no host has).
export function normaliseOrigin(text) {
  return checkOrigin(text).origin || null;
}

// Origins in a free-form list (one per line, or separated by commas or spaces):
// {origins, invalid: [{text, why}]}. Past MAX_ORIGINS, the rest are refused too.
export function parseOrigins(text) {
  const origins = [];
  const invalid = [];
  for (const part of String(text || "").split(/[\s,]+/)) {
    if (!part) continue;
    const { origin, why } = checkOrigin(part);
    if (!origin) invalid.push({ text: part, why });
    else if (origins.includes(origin)) continue;
    else if (origins.length >= MAX_ORIGINS) invalid.push({ text: part, why: t("at most {n} sites fit in one embed code", { n: MAX_ORIGINS }) });
    else origins.push(origin);
  }
  return { origins, invalid };
}

// What the embed panel says about the parts it left out: one line, naming each.
export function refusedOrigins(invalid) {
  if (!invalid.length) return "";
  const listed = invalid.slice(0, 20).map(({ text, why }) => t("“{text}” ({why})", { text: shownText(text), why }));
  const more = invalid.length - 20;
  return more > 0 ? t("Left out, not an origin: {list}; and {more} more.", { list: listed.join("; "), more })
    : t("Left out, not an origin: {list}.", { list: listed.join("; ") });
}

// The widget's fragment, read in this one place: what it shows, one of
//   `r=<share-link payload>`  a situation and its ruling,
//   `q=<question id>`         one question of the rules FAQ,
//   `faq`                     the rules FAQ with its search,
// and `origin=<origin>` (repeatable), the sites whose pages may talk to it.
export function parseFragment(hash) {
  const params = new URLSearchParams(String(hash || "").replace(/^#/, ""));
  const payload = (params.get("r") || "").trim() || null;
  const question = payload ? null : (params.get("q") || "").trim().slice(0, MAX_QUESTION_ID) || null;
  const faq = !payload && !question && params.has("faq");
  const { origins, invalid } = parseOrigins(params.getAll("origin").join(" "));
  // lang: the language the widget speaks (read by ./i18n.js, never remembered).
  return { payload, question, faq, origins, invalid, lang: params.get("lang") || null };
}

// What a fragment shows: a share link's payload (a string), or {payload}, {question} or {faq}.
function shownOf(shown) {
  if (shown === null || shown === undefined) return {};
  return typeof shown === "string" ? { payload: shown } : shown;
}

// Each part encoded, whatever it holds: a share link's payload is base64url and "." (which
// pass unchanged), but one read from a fragment could hold anything, "&origin=…" included.
export function fragmentFor(shown, origins) {
  const { payload, question, faq } = shownOf(shown);
  const parts = [];
  if (payload) parts.push(`r=${encodeURIComponent(payload)}`);
  else if (question) parts.push(`q=${encodeURIComponent(question)}`);
  else if (faq) parts.push("faq");
  for (const origin of origins) parts.push(`origin=${encodeURIComponent(origin)}`);
  return parts.join("&");
}

export const escapeAttr = (text) => String(text).replace(/&/g, "&amp;").replace(/"/g, "&quot;")
  .replace(/'/g, "&#39;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

// The iframe's attributes; its title in the page's language when the code is made.
const EMBED_ATTRIBUTES = ({ question, faq }) => ({
  title: question ? t("Castaway Referee: a question of the rules FAQ")
    : faq ? t("Castaway Referee: the rules FAQ") : t("Castaway Referee: a ruling on unfulfilled demand"),
  width: "100%",
  height: faq ? "640" : "560",
  loading: "lazy",
  referrerpolicy: "no-referrer",
  allow: "clipboard-write",
});

// The snippet a site pastes into its page: only origins that pass checkOrigin go in (any
// other is dropped here too, whoever calls), and every attribute value is escaped.
// `shown`: a share link's payload, or {question} or {faq: true} (see fragmentFor).
export function embedCode(widgetUrl, shown, origins) {
  const url = new URL(widgetUrl);
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(t("The widget's address is not a web address."));
  const valid = [...new Set(origins.map(normaliseOrigin).filter(Boolean))].slice(0, MAX_ORIGINS);
  url.hash = fragmentFor(shown, valid);
  const attributes = { src: url.href, ...EMBED_ATTRIBUTES(shownOf(shown)) };
  const written = Object.entries(attributes).map(([name, value]) => `${name}="${escapeAttr(value)}"`);
  return `<iframe ${written.join(" ")}></iframe>`;
}
