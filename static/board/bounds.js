// @ts-check
// What the board draws is clamped, never what is stored: a value the models allow
// (62,000 Discovery tokens, a long list of planned Actions) is drawn as a table needs it, the
// rest as a count, so drawing never throws and never builds more DOM than a real table.

import { tn } from "../shared/i18n.js";

/** The most items of one list drawn one by one; the rest are counted ("and 61,950 more"). */
export const SHOWN = 40;

/** The first `n` items of `list` (an empty list for anything that is not a list). */
export function few(list, n = SHOWN) {
  return Array.isArray(list) ? (list.length > n ? list.slice(0, n) : list) : [];
}

/** How many items of `list` are not drawn. */
export function hidden(list, n = SHOWN) {
  return Array.isArray(list) ? Math.max(0, list.length - n) : 0;
}

/** `value` as a whole number between `lo` and `hi` (anything else: `lo`). */
export function clamp(value, lo, hi) {
  return Number.isFinite(value) ? Math.min(hi, Math.max(lo, Math.trunc(value))) : lo;
}

/** "and 61,950 more" for the items of a list that are not drawn: of a list of `what`
 * ("actions", "sources", "spaces"), or of anything. */
export function moreText(count, what = "") {
  const shown = { count: count.toLocaleString("en") };
  switch (what) {
    case "actions": return tn("and {count} more planned Action, not shown one by one", "and {count} more planned Actions, not shown one by one", count, shown);
    case "sources": return tn("and {count} more source, not shown one by one", "and {count} more sources, not shown one by one", count, shown);
    case "spaces": return tn("and {count} more space, not shown one by one", "and {count} more spaces, not shown one by one", count, shown);
    default: return tn("and {count} more, not shown one by one", "and {count} more, not shown one by one", count, shown);
  }
}
