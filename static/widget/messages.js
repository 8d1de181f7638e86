// @ts-check
// The widget's message API, as plain functions (no DOM, no Python); its fragment and embed
// code are ../shared/embed.js's (the FAQ page and the board write embed codes too).
//
// Host -> widget:  {type: "castaway-referee:rule", id, request}
//                  {type: "castaway-referee:faq", id, question}  (a question's id) or
//                  {type: "castaway-referee:faq", id, search}    (a search in words)
//                    (each may say `lang`: the language of its answer and of the widget from
//                    then on, one this build has, "de" say; without it, the widget's: the
//                    embed code's `lang=`, else the reader's)
// Widget -> host:  {type: "castaway-referee:ruling", id, ruling}
//                  {type: "castaway-referee:questions", id, questions, unknown, miss}
//                  {type: "castaway-referee:error", id, error: {type, message, details}}
//                    (error.type "busy": more than MAX_QUEUED messages wait; send it again later)
//                  {type: "castaway-referee:ready", version: 1}   (once the rules are loaded)
//                  {type: "castaway-referee:resize", height}      (when the widget's height changes)
// Only origins named in the embed code (`#origin=` in the widget's URL) are listened to;
// the answer goes back to the sender's window, for the sender's origin only.
// Every sentence is said in the page's language (../shared/i18n.js), when it is made.

import { jsonOf } from "../shared/bounded.js";
import { MAX_QUESTION_ID } from "../shared/embed.js";
import { t } from "../shared/i18n.js";

export const API_VERSION = 1;
export const PREFIX = "castaway-referee:";
export const RULE = `${PREFIX}rule`;
export const RULING = `${PREFIX}ruling`;
export const ERROR = `${PREFIX}error`;
export const READY = `${PREFIX}ready`;
export const RESIZE = `${PREFIX}resize`;
export const FAQ = `${PREFIX}faq`;
export const QUESTIONS = `${PREFIX}questions`;
export const MAX_REQUEST_CHARS = 256_000; // the JSON text of one request
export const MAX_SEARCH_CHARS = 200; // a search of the FAQ in words
// Messages waiting to be ruled (past it, each is answered at once with a "busy" error), and
// how many are ruled at a time, between which the widget's own page gets its turn.
export const MAX_QUEUED = 500;
export const BATCH = 16;

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
//   {ok: true, id, text}         -> rule the request (JSON text)
//   {ok: true, id, faq: {id} | {query}} -> find the questions (the core's faq_search)
//   {ok: false, id, error}       -> answer with this error
// A language code as a message may name one: "de", "pt-BR" (whether the widget has it is
// found when it is loaded).
const LANGUAGE_CODE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

export function readMessage(data) {
  const id = idOf(data);
  const bad = (type, message) => ({ ok: false, id, error: errorOf(type, message) });
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    return bad("bad_message", t("A message to the widget is an object {{type: \"{rule}\", id, request}}.", { rule: RULE }));
  }
  if (data.type !== RULE && data.type !== FAQ) {
    return bad("bad_message", typeof data.type === "string"
      ? t("Unknown message type (\"{type}\"): the widget answers \"{rule}\" and \"{faq}\" messages.", { type: data.type.slice(0, 60), rule: RULE, faq: FAQ })
      : t("Unknown message type (missing): the widget answers \"{rule}\" and \"{faq}\" messages.", { rule: RULE, faq: FAQ }));
  }
  if (data.id !== undefined && id === null) {
    return bad("bad_message", t("The message id must be a string or a number."));
  }
  const lang = data.lang === undefined || data.lang === null ? null : data.lang;
  if (lang !== null && (typeof lang !== "string" || !LANGUAGE_CODE.test(lang))) {
    return bad("bad_message", t("The message's lang must be a language code, such as \"de\"."));
  }
  const read = data.type === FAQ ? readFaq(data, bad) : readRule(data, id, bad);
  return read.ok && lang !== null ? { ...read, lang } : read; // lang only when asked for
}

function readRule(data, id, bad) {
  if (data.request === undefined || data.request === null) {
    return bad("bad_message", t("The message has no request: send {{type, id, request}}."));
  }
  if (typeof data.request === "string") {
    const text = data.request;
    if (text.length > MAX_REQUEST_CHARS) {
      return bad("bad_request", t("The request is too large ({size} characters; at most {most}).", { size: text.length, most: MAX_REQUEST_CHARS }));
    }
    return { ok: true, id, text };
  }
  // Measured before it is written as JSON: a sparse or huge list is refused unwritten.
  const { text, problem } = jsonOf(data.request, MAX_REQUEST_CHARS);
  return problem === undefined ? { ok: true, id, text } : bad("bad_request", t("The request cannot be read: {reason}.", { reason: problem }));
}

// A FAQ message holds a question's id or a search in words: one of them, a string, bounded.
function readFaq(data, bad) {
  const hasQuestion = data.question !== undefined && data.question !== null;
  const hasSearch = data.search !== undefined && data.search !== null;
  if (hasQuestion === hasSearch) {
    return bad("bad_message", t("A \"{faq}\" message holds a question's id or a search in words: send {{type, id, question}} or {{type, id, search}}.", { faq: FAQ }));
  }
  const text = hasQuestion ? data.question : data.search;
  if (typeof text !== "string") {
    return bad("bad_message", hasQuestion ? t("The question's id must be a string, such as \"must-discard\".")
      : t("The search must be a string of words."));
  }
  const most = hasQuestion ? MAX_QUESTION_ID : MAX_SEARCH_CHARS;
  if (text.length > most) {
    return bad("bad_request", hasQuestion
      ? t("The question's id is too long ({size} characters; at most {most}).", { size: text.length, most })
      : t("The search is too long ({size} characters; at most {most}).", { size: text.length, most }));
  }
  return { ok: true, id: idOf(data), faq: hasQuestion ? { id: text } : { query: text } };
}

// The answer to a FAQ message: the core's faq_search answer, as the host receives it.
export function questionsMessage(id, found) {
  return { type: QUESTIONS, id, questions: found.questions, unknown: found.unknown, miss: found.miss };
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
