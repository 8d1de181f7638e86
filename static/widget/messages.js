// The widget's message API and its embed settings, as plain functions (no DOM, no Python).
//
// Host -> widget:  {type: "castaway-referee:rule", id, request}
// Widget -> host:  {type: "castaway-referee:ruling", id, ruling}
//                  {type: "castaway-referee:error", id, error: {type, message, details}}
//                  {type: "castaway-referee:ready", version: 1}   (once the rules are loaded)
//                  {type: "castaway-referee:resize", height}      (when the widget's height changes)
// Only origins named in the embed code (`#origin=` in the widget's URL) are listened to;
// the answer goes back to the sender's window, for the sender's origin only.

export const API_VERSION = 1;
export const PREFIX = "castaway-referee:";
export const RULE = `${PREFIX}rule`;
export const RULING = `${PREFIX}ruling`;
export const ERROR = `${PREFIX}error`;
export const READY = `${PREFIX}ready`;
export const RESIZE = `${PREFIX}resize`;
export const MAX_REQUEST_CHARS = 256_000; // the JSON text of one request

// "https://forum.example" for any spelling of an http(s) origin; null for anything else
// (a path, a wildcard, "null", another scheme).
export function normaliseOrigin(text) {
  const raw = String(text || "").trim();
  if (!raw) return null;
  let url;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || url.search || url.hash || url.pathname !== "/") return null;
  return url.origin; // lower-case host, default port dropped
}

// Origins in a free-form list (one per line, or separated by commas or spaces).
export function parseOrigins(text) {
  const origins = [];
  const invalid = [];
  for (const part of String(text || "").split(/[\s,]+/)) {
    if (!part) continue;
    const origin = normaliseOrigin(part);
    if (origin === null) invalid.push(part);
    else if (!origins.includes(origin)) origins.push(origin);
  }
  return { origins, invalid };
}

// The widget's fragment: `#r=<share-link payload>&origin=<origin>&origin=<origin>...`.
export function parseFragment(hash) {
  const params = new URLSearchParams(String(hash || "").replace(/^#/, ""));
  const payload = (params.get("r") || "").trim() || null;
  const { origins, invalid } = parseOrigins(params.getAll("origin").join(" "));
  return { payload, origins, invalid };
}

export function fragmentFor(payload, origins) {
  const parts = [];
  if (payload) parts.push(`r=${payload}`); // base64url and ".": nothing to escape
  for (const origin of origins) parts.push(`origin=${encodeURIComponent(origin)}`);
  return parts.join("&");
}

const escapeAttr = (text) => String(text).replace(/&/g, "&amp;").replace(/"/g, "&quot;")
  .replace(/</g, "&lt;").replace(/>/g, "&gt;");

// The snippet a site pastes into its page.
export function embedCode(widgetUrl, payload, origins) {
  const url = new URL(widgetUrl);
  url.hash = fragmentFor(payload, origins);
  return `<iframe src="${escapeAttr(url.href)}" title="Castaway Referee: a ruling on unfulfilled demand" ` +
    `width="100%" height="560" loading="lazy" referrerpolicy="no-referrer" allow="clipboard-write"></iframe>`;
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
//   {ok: true, id, text}  -> rule the request (JSON text)
//   {ok: false, id, error} -> answer with this error
export function readMessage(data) {
  const id = idOf(data);
  const bad = (type, message) => ({ ok: false, id, error: errorOf(type, message) });
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    return bad("bad_message", `A message to the widget is an object {type: "${RULE}", id, request}.`);
  }
  if (data.type !== RULE) {
    const shown = typeof data.type === "string" ? `"${data.type.slice(0, 60)}"` : "missing";
    return bad("bad_message", `Unknown message type (${shown}): the widget answers "${RULE}" messages.`);
  }
  if (data.id !== undefined && id === null) {
    return bad("bad_message", "The message id must be a string or a number.");
  }
  if (data.request === undefined || data.request === null) {
    return bad("bad_message", "The message has no request: send {type, id, request}.");
  }
  let text;
  if (typeof data.request === "string") {
    text = data.request;
  } else {
    try {
      text = JSON.stringify(data.request);
    } catch (error) {
      return bad("bad_request", `The request cannot be written as JSON: ${error && error.message}`);
    }
    if (typeof text !== "string") return bad("bad_request", "The request cannot be written as JSON.");
  }
  if (text.length > MAX_REQUEST_CHARS) {
    return bad("bad_request", `The request is too large (${text.length} characters; at most ${MAX_REQUEST_CHARS}).`);
  }
  return { ok: true, id, text };
}

export function errorMessage(id, error) {
  const e = error || {};
  const message = typeof e.message === "string" && e.message ? e.message : String(e);
  const details = Array.isArray(e.details) ? e.details : [{ loc: "", msg: message }];
  return { type: ERROR, id, error: { type: typeof e.type === "string" ? e.type : "internal_error", message, details } };
}
