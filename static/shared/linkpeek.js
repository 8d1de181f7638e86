// @ts-check
// A share link read by the page alone, so that its table and demand are on screen at once,
// while the rules load (which takes seconds on a fresh device); the rules then read the link
// again and rule on it, and only their reading counts.
//
// Format 1, as pyapp/links.py writes it: `#r=1.<data>`, <data> the request's JSON without its
// default values, deflated (zlib) and written in URL-safe base64 without padding. The same
// bounds as there. The table is checked as an autosave is (./savecheck.js), which also fills
// in the defaults the link left out, so the board draws what the rules will hold.
//
// The link may carry the ruling's words as the core said them when it was shared (`said`:
// headline, outcome lines, language; docs/format.md): they are read here with the core's
// bounds, as text, and anything else about them (too long, not text, malformed) drops the
// words, never the link. They are the link's words, to be shown as being checked; the
// rules' ruling replaces them.
//
// Anything this cannot read (a damaged link, a newer format, a table the check refuses, a
// browser without DecompressionStream) answers null: the page waits for the rules, which say
// in plain words what is wrong. Nothing here ever throws.

import { LINK } from "./core-facts.js";
import { checkTable, effectProblem } from "./savecheck.js";

const LINK_MAX = LINK.maxLink; // characters of link data (pyapp/links.py MAX_LINK)
const JSON_MAX = LINK.maxJson; // bytes the data may inflate to (pyapp/links.py MAX_JSON)

const PAYLOAD = new RegExp(`^${LINK.version}\\.([A-Za-z0-9_-]+)$`); // "1.<data>": the format this page reads
const SAID_LANG = new RegExp(LINK.saidLang);
// Plain text, as the core reads it (pyapp/rules/state.py PLAIN_TEXT): no control characters,
// line separators or marks that turn text around.
const PLAIN = new RegExp(LINK.saidText);
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** The inflated bytes of `data`, or null (damaged, or larger than JSON_MAX). */
async function inflate(data) {
  const bytes = Uint8Array.from(atob(data.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate")).getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > JSON_MAX) {
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return new Uint8Array(await new Blob(chunks).arrayBuffer());
}

const saidLine = (v) => typeof v === "string" && v.length >= 1 && v.length <= LINK.saidLine && PLAIN.test(v);

/** The words a link carried ({lang, headline, outcome}), or null when there are none or they
 * are not what pyapp/links.py LinkWords reads. */
export function saidOf(said) {
  if (!isObject(said)) return null;
  const { lang, headline, outcome = [] } = said;
  if (Object.keys(said).some((k) => !["lang", "headline", "outcome"].includes(k))) return null;
  if (typeof lang !== "string" || lang.length > 20 || !SAID_LANG.test(lang) || !saidLine(headline)) return null;
  if (!Array.isArray(outcome) || outcome.length > LINK.saidLines || !outcome.every(saidLine)) return null;
  return { lang, headline, outcome: [...outcome] };
}

/** The request in a share link's fragment ("#r=1.…"), with its table checked and its defaults
 * filled in, or null if the page cannot read it on its own. */
export async function peekLink(hash) {
  try {
    const match = /^#r=(.*)$/s.exec(decodeURIComponent(hash));
    return match ? await peekPayload(match[1]) : null;
  } catch {
    return null;
  }
}

/** The same, for a link's payload ("1.…", as the widget's `r=` holds it). */
export async function peekPayload(payload) {
  try {
    const match = PAYLOAD.exec(String(payload).trim());
    if (!match || match[1].length > LINK_MAX || typeof DecompressionStream !== "function") return null;
    const bytes = await inflate(match[1]);
    if (!bytes) return null;
    const request = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    if (!isObject(request)) return null;
    if ((request.format ?? LINK.format) !== LINK.format || (request.version ?? LINK.requestVersion) !== LINK.requestVersion) return null;
    const { table, problem } = checkTable(request.state);
    if (problem || effectProblem(request.effect)) return null;
    if (request.card != null && typeof request.card !== "string") return null;
    return {
      card: request.card ?? null,
      state: table,
      effect: request.effect,
      context: isObject(request.context) ? request.context : {},
      choices: isObject(request.choices) ? request.choices : {},
      said: saidOf(request.said),
    };
  } catch {
    return null;
  }
}
