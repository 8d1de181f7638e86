// @ts-check
// Bounded before parsed or written: JSON from outside measured before the page turns it into
// text or objects, with the core's own limits (READING, from pyapp/reading.py). Nothing here
// recurses: a value is walked with a list of what is left to see, and a text is scanned once.
//
// - `jsonOf(value, most)`: the JSON text of a value another window sent (a widget message's
//   request) or a save holds (the demand kept with the table), or what is wrong with it. Measured first, so that a sparse array (`a[1e8] = 1`,
//   a few bytes to send, 500 MB as JSON) or a huge or deep structure is refused without ever
//   being written out: the walk counts the least text each part needs and stops at the limit.
// - `textDepth(text)` and `textProblem(text)`: how deep JSON text nests outside its strings,
//   and what is wrong with text pasted or read before it is parsed and kept.
// The reasons are said in the page's language.

import { READING } from "./core-facts.js";
import { t } from "./i18n.js";

/** The least JSON text a primitive needs, or -1 for a value JSON cannot hold. @param {unknown} v */
function primitiveSize(v) {
  if (v === null) return 4;
  switch (typeof v) {
    case "string": return v.length + 2;
    case "number": return Number.isFinite(v) ? String(v).length : 4; // written as null
    case "boolean": return v ? 4 : 5;
    case "undefined": return 4; // null in a list, left out of an object
    default: return -1; // bigint, symbol, function
  }
}

/** "object" for a plain object, "array" for a list, else the kind of thing it is ("Date"). @param {object} v */
function kindOf(v) {
  if (Array.isArray(v)) return "array";
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null ? "object" : Object.prototype.toString.call(v).slice(8, -1);
}

/**
 * {text} for a value that is JSON within `most` characters and READING.maxDepth levels, else
 * {problem}: what is wrong, in words to follow a colon ("it is nested more than 64 levels deep").
 * @param {unknown} value @param {number} most
 * @returns {{text: string, problem?: undefined} | {problem: string, text?: undefined}}
 */
export function jsonOf(value, most) {
  const tooLarge = () => ({ problem: t("it is too large (more than {most} characters as JSON)", { most }) });
  /** @type {Array<[unknown, number]>} */
  const left = [[value, 0]];
  let size = 0;
  while (left.length) {
    const [v, depth] = /** @type {[unknown, number]} */ (left.pop());
    if (v === null || typeof v !== "object") {
      const needs = primitiveSize(v);
      if (needs < 0) return { problem: t("it holds a value JSON cannot hold (a {kind})", { kind: typeof v }) };
      size += needs;
    } else {
      if (depth >= READING.maxDepth) return { problem: t("it is nested more than {most} levels deep", { most: READING.maxDepth }) };
      const kind = kindOf(v);
      if (kind === "array") {
        const list = /** @type {unknown[]} */ (v);
        size += 1 + Math.max(list.length, 1); // brackets and commas, before any item is seen
        if (size > most) return tooLarge();
        for (let i = 0; i < list.length; i += 1) left.push([list[i], depth + 1]);
      } else if (kind === "object") {
        const keys = Object.keys(v);
        size += 1 + Math.max(keys.length, 1) + 3 * keys.length; // braces, commas, "": per key
        if (size > most) return tooLarge();
        for (const key of keys) {
          size += key.length;
          left.push([/** @type {Record<string, unknown>} */ (v)[key], depth + 1]);
        }
      } else {
        return { problem: t("it holds a value JSON cannot hold (a {kind})", { kind }) };
      }
    }
    if (size > most) return tooLarge();
  }
  const text = JSON.stringify(value); // at most a few times `most`: escapes are the only growth
  return text.length > most ? tooLarge() : { text };
}

/**
 * How deep `[` and `{` nest in JSON text outside its strings (one scan, as pyapp/reading.py
 * counts): the deepest level reached.
 * @param {string} text
 */
export function textDepth(text) {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i += 1; // a backslash: the next character is escaped
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (c === 93 || c === 125) depth -= 1;
  }
  return deepest;
}

/**
 * Null if JSON text is within the core's limits (size, nesting), else what is wrong with it, in
 * words: checked before the text is parsed, kept or sent.
 * @param {string} text @param {number} [most]
 */
export function textProblem(text, most = READING.maxText) {
  if (text.length > most) return t("it is too large ({n} characters; at most {most})", { n: text.length.toLocaleString("en"), most: most.toLocaleString("en") });
  const depth = textDepth(text);
  if (depth > READING.maxDepth) return t("it is nested {n} deep; at most {most} levels are allowed", { n: depth.toLocaleString("en"), most: READING.maxDepth });
  return null;
}

/** Text read from a file or pasted, without the byte-order mark some editors put first. @param {string} text */
export const withoutBom = (text) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
