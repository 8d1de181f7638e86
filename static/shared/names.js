// @ts-check
// Names from the table in the page's language. A name the players listed (an Invention, an
// Item, a Treasure, a Discovery token, a Beast) that is one of the game's is said as the
// catalogue says it, as the core says it in a ruling (pyapp/rules/names.py); a token, a marker
// or a space of the board by its id; any other name is the players' own, drawn as typed
// inside `data-typed`. The names are data generated from the core (./game-names.js).

import { GAME_NAMES, MARKER_NAMES, SPACE_NAMES, TOKEN_NAMES } from "./game-names.js";
import { language, t } from "./i18n.js";

const DASHES = /[\u2010-\u2015\u2212\ufe63\uff0d]/g;

/** Lower case, no accents, every dash a plain hyphen, spaces collapsed (as the core folds).
 * @param {string} text */
export function fold(text) {
  return String(text).replace(DASHES, "-").normalize("NFKD").replace(/\p{M}/gu, "")
    .toLowerCase().split(/\s+/).filter(Boolean).join(" ");
}

/** @type {Map<string, Record<string, string>>} */
const saidIn = new Map();

/** The game's names as the page's language says them, folded: the catalogue's message. */
function namesInLanguage() {
  const lang = language();
  let found = saidIn.get(lang);
  if (!found) {
    found = {};
    for (const msgid of new Set(Object.values(GAME_NAMES))) {
      const said = t(msgid);
      found[fold(said)] ??= msgid;
      found[fold(said.replace(/^\[|\]$/g, ""))] ??= msgid;
    }
    saidIn.set(lang, found);
  }
  return found;
}

/** @param {Record<string, string>} names @param {string} key */
function own(names, key) {
  return Object.hasOwn(names, key) ? names[key] : null;
}

/** One of the game's names in the page's language, or null for a name of the players' own:
 * typed in English or in the page's language, whatever its case or accents.
 * @param {string} name */
export function gameName(name) {
  const key = fold(name);
  const msgid = own(GAME_NAMES, key) ?? own(namesInLanguage(), key);
  return msgid ? t(msgid) : null;
}

/** A name from the table as the page shows it: `{ text, typed }`, `typed` when it is the
 * players' own (drawn inside `data-typed`).
 * @param {string} name @param {(name: string) => string | null} [known] */
export function shownName(name, known = gameName) {
  const said = known(name);
  return said === null ? { text: name, typed: true } : { text: said, typed: false };
}

/** A token by its id ("Reroll"), else null. @param {string} token */
export function tokenName(token) {
  const msgid = own(TOKEN_NAMES, fold(token));
  return msgid ? t(msgid) : null;
}

/** A marker by its id ("black"), else null. @param {string} marker */
export function markerName(marker) {
  const msgid = own(MARKER_NAMES, fold(marker));
  return msgid ? t(msgid) : null;
}

/** A space of the board by its id ("the Weather space"), else null. @param {string} space */
export function spaceName(space) {
  const msgid = own(SPACE_NAMES, fold(space).replace(/-/g, "_"));
  return msgid ? t(msgid) : null;
}

/** A name said in a sentence: the game's in the page's language, else as typed.
 * @param {string} name */
export function said(name) {
  return gameName(name) ?? name;
}
