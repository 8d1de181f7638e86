// @ts-check
// What the autosave says to the player (./store.js, ./asides.js), and how its log chunks are
// named: by a hash of their content, so that a chunk is checked against its name when read.

import { entryProblem, tableProblem } from "../shared/savecheck.js";
import { t, tn } from "../shared/i18n.js";

const isObject = (v) => Boolean(v) && typeof v === "object" && !Array.isArray(v);

/** What the autosave tells the player, by kind (said in the page's language when shown);
 * `facts`: for "recovered", {lost, kept} (moves). */
export function saveMessage(kind, facts = {}) {
  switch (kind) {
    case "recovered": return t("Part of your latest save was missing or damaged, so it was not opened: the save before it was opened instead ({kept}). {lost} The damaged save is kept aside: its download holds the table as it stood, and Import opens it.",
      { kept: tn("one move in its log", "{n} moves in its log", facts.kept ?? 0),
        lost: facts.lost ? tn("The last move made before could not be recovered.", "The last {n} moves made before could not be recovered.", facts.lost) : t("No move was lost.") });
    case "repaired": return t("Part of your saved table's log was missing or damaged; it was read from its second copy, and nothing was lost.");
    case "fork": return t("Two tabs changed this table at the same moment. The table shows one tab's change; the other one was kept aside: download it to keep it, or open it again with Import.");
    case "unavailable": return t("This browser is not letting the app save (private mode or storage blocked). The table works, but it will be gone when you close the tab: export it to keep it.");
    case "full": return t("The browser's storage is full, so the table is not being saved. The table works; export it to keep it.");
    case "corrupt": return t("Your saved table could not be read, so it was not opened. It has been kept aside: you can download it before starting again.");
    case "older": return t("The latest save could not be used, so the save before it was opened. The one that could not be used is kept aside for download.");
    case "refused": return t("Your saved table was not accepted by the rules, so it was not opened. It has been kept aside: you can download it.");
    case "new-game": return t("Your last game was kept aside when this one replaced it: download it to open it again with Import.");
    case "conflict": return t("This table was changed in another tab at the same time. The other tab's table is shown here now; your last change was kept aside for download.");
    default: return null;
  }
}

/** Why a save was set aside, in words. */
export function whyWords(why) {
  switch (why) {
    case "unreadable": return t("a save that could not be read");
    case "refused": return t("a save the rules did not accept");
    case "new-game": return t("the game you had before a New game or an import");
    case "other-tab": return t("a change made at the same time as another tab's");
    default: return t("a save");
  }
}

/** A name for a chunk made from its text (two 32-bit FNV-1a hashes and the length). */
export function digest(text) {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return `${a.toString(36)}${b.toString(36)}${text.length.toString(36)}`;
}

/** The content hash a chunk's name ends with (`…chunk.<slot>.<hash>`, or `…chunk.<hash>`). */
export const nameHash = (key) => key.slice(key.lastIndexOf(".") + 1);
/** The slot a save's chunks lie in ("a" or "b"; null for none, or chunks from before slots). */
export function slotOf(keys) {
  const m = keys.length ? /^castaway-referee\.v2\.chunk\.([ab])\./.exec(keys[0]) : null;
  return m ? m[1] : null;
}

/** How many log entries a save's text holds (null if it cannot tell). */
export function logLength(raw, chunk) {
  try {
    const v = JSON.parse(raw);
    if (isObject(v) && Array.isArray(v.chunks) && Array.isArray(v.tail)) return v.chunks.length * chunk + v.tail.length;
    const entries = isObject(v) && isObject(v.snapshot) && isObject(v.snapshot.history) ? v.snapshot.history.entries : null;
    return Array.isArray(entries) ? entries.length : null;
  } catch {
    return null;
  }
}

/** Null if a saved game can be drawn and handed to the rules, else what is wrong. */
export function docProblem(doc) {
  if (!isObject(doc.state)) return t("the save has no table in it");
  if (!isObject(doc.initial)) return t("the save has no first table in it");
  if (!Array.isArray(doc.entries)) return t("the game's log is not a list");
  if (!Number.isInteger(doc.cursor) || doc.cursor < 0 || doc.cursor > doc.entries.length) return t("the game's log has a damaged position");
  const problem = tableProblem(doc.state) || tableProblem(doc.initial);
  if (problem) return problem;
  for (const entry of doc.entries) {
    const bad = entryProblem(entry);
    if (bad) return bad;
  }
  return null;
}

/** When a save is set aside: now, but always after the latest of `asides`, so that saves set
 * aside within one millisecond (both slots unreadable, found one after the other) keep their
 * order: the list is ordered by this time, and storage gives its keys in an order of its own. */
export function asideTime(asides, now = Date.now()) {
  const latest = asides.reduce((time, a) => Math.max(time, Date.parse(a.at) || 0), 0);
  return new Date(Math.max(now, latest + 1)).toISOString();
}
