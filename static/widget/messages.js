// @ts-check
// The widget's message API and its embed settings, as plain functions (no DOM, no Python).
//
// Host -> widget:  {type: "castaway-referee:rule", id, request, lang?}
//                    (lang: the language of this ruling and of the widget from then on, one
//                    this build has, "de" say; without it, the widget's language: the embed
//                    code's `lang=`, else the reader's)
// Widget -> host:  {type: "castaway-referee:ruling", id, ruling}
//                  {type: "castaway-referee:error", id, error: {type, message, details}}
//                    (error.type "busy": more than MAX_QUEUED messages wait; send it again later)
//                  {type: "castaway-referee:ready", version: 1}   (once the rules are loaded)
//                  {type: "castaway-referee:resize", height}      (when the widget's height changes)
// Only origins named in the embed code (`#origin=` in the widget's URL) are listened to;
// the answer goes back to the sender's window, for the sender's origin only.
// Every sentence is said in the page's language (../shared/i18n.js), when it is made.

import { jsonOf } from "../shared/bounded.js";
import { t } from "../shared/i18n.js";

export const API_VERSION = 1;
export const PREFIX = "castaway-referee:";
export const RULE = `${PREFIX}rule`;
export const RULING = `${PREFIX}ruling`;
export const ERROR = `${PREFIX}error`;
export const READY = `${PREFIX}ready`;
export const RESIZE = `${PREFIX}resize`;
export const MAX_REQUEST_CHARS = 256_000; // the JSON text of one request
// Messages waiting to be ruled (past it, each is answered at once with a "busy" error), and
// how many are ruled at a time, between which the widget's own page gets its turn.
export const MAX_QUEUED = 500;
export const BATCH = 16;

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

// The widget's fragment: `#r=<share-link payload>&origin=<origin>&origin=<origin>...&lang=de`
// (lang: the language the widget speaks, read by ../shared/i18n.js, never remembered).
export function parseFragment(hash) {
  const params = new URLSearchParams(String(hash || "").replace(/^#/, ""));
  const payload = (params.get("r") || "").trim() || null;
  const { origins, invalid } = parseOrigins(params.getAll("origin").join(" "));
  return { payload, origins, invalid, lang: params.get("lang") || null };
}

// A language code as a message may name one: "de", "pt-BR" (what the widget has is found
// when it is loaded).
const LANGUAGE_CODE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

// Each part encoded, whatever it holds: a share link's payload is base64url and "." (which
// pass unchanged), but one read from a fragment could hold anything, "&origin=…" included.
export function fragmentFor(payload, origins) {
  const parts = [];
  if (payload) parts.push(`r=${encodeURIComponent(payload)}`);
  for (const origin of origins) parts.push(`origin=${encodeURIComponent(origin)}`);
  return parts.join("&");
}

export const escapeAttr = (text) => String(text).replace(/&/g, "&amp;").replace(/"/g, "&quot;")
  .replace(/'/g, "&#39;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

// The iframe's attributes; its title in the page's language when the code is made.
const EMBED_ATTRIBUTES = () => ({
  title: t("Castaway Referee: a ruling on unfulfilled demand"),
  width: "100%",
  height: "560",
  loading: "lazy",
  referrerpolicy: "no-referrer",
  allow: "clipboard-write",
});

// The snippet a site pastes into its page: only origins that pass checkOrigin go in (any
// other is dropped here too, whoever calls), and every attribute value is escaped.
export function embedCode(widgetUrl, payload, origins) {
  const url = new URL(widgetUrl);
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(t("The widget's address is not a web address."));
  const valid = [...new Set(origins.map(normaliseOrigin).filter(Boolean))].slice(0, MAX_ORIGINS);
  url.hash = fragmentFor(payload, valid);
  const attributes = { src: url.href, ...EMBED_ATTRIBUTES() };
  const written = Object.entries(attributes).map(([name, value]) => `${name}="${escapeAttr(value)}"`);
  return `<iframe ${written.join(" ")}></iframe>`;
}

function errorOf(type, message) {
  return { type, message, details: [{ loc: "", msg: message }] };
}

// The id to echo back: a string or a finite number; anything else is not an id.
function idOf(data) {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return null;
  const { id } = data;
  return typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : null;
}

// What to do with one message from an allowed origin:
//   {ok: true, id, text, lang}  -> rule the request (JSON text), in lang if not null
//   {ok: false, id, error} -> answer with this error
export function readMessage(data) {
  const id = idOf(data);
  const bad = (type, message) => ({ ok: false, id, error: errorOf(type, message) });
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    return bad("bad_message", t("A message to the widget is an object {{type: \"{rule}\", id, request}}.", { rule: RULE }));
  }
  if (data.type !== RULE) {
    return bad("bad_message", typeof data.type === "string"
      ? t("Unknown message type (\"{type}\"): the widget answers \"{rule}\" messages.", { type: data.type.slice(0, 60), rule: RULE })
      : t("Unknown message type (missing): the widget answers \"{rule}\" messages.", { rule: RULE }));
  }
  if (data.id !== undefined && id === null) {
    return bad("bad_message", t("The message id must be a string or a number."));
  }
  if (data.request === undefined || data.request === null) {
    return bad("bad_message", t("The message has no request: send {{type, id, request}}."));
  }
  const lang = data.lang === undefined || data.lang === null ? null : data.lang;
  if (lang !== null && (typeof lang !== "string" || !LANGUAGE_CODE.test(lang))) {
    return bad("bad_message", t("The message's lang must be a language code, such as \"de\"."));
  }
  if (typeof data.request === "string") {
    const text = data.request;
    if (text.length > MAX_REQUEST_CHARS) {
      return bad("bad_request", t("The request is too large ({size} characters; at most {most}).", { size: text.length, most: MAX_REQUEST_CHARS }));
    }
    return { ok: true, id, text, lang };
  }
  // Measured before it is written as JSON: a sparse or huge list is refused unwritten.
  const { text, problem } = jsonOf(data.request, MAX_REQUEST_CHARS);
  return problem === undefined ? { ok: true, id, text, lang } : bad("bad_request", t("The request cannot be read: {reason}.", { reason: problem }));
}

export function errorMessage(id, error) {
  const e = error || {};
  const message = typeof e.message === "string" && e.message ? e.message : String(e);
  const details = Array.isArray(e.details) ? e.details : [{ loc: "", msg: message }];
  return { type: ERROR, id, error: { type: typeof e.type === "string" ? e.type : "internal_error", message, details } };
}

// The answer to a message that arrives while MAX_QUEUED others wait: it is not ruled.
export function busyMessage(data, waiting) {
  const message = t("The widget is busy: {n} requests are waiting to be ruled. Send this one again once some are answered.", { n: waiting });
  return { type: ERROR, id: idOf(data), error: errorOf("busy", message) };
}
