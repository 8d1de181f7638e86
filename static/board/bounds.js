// @ts-check
// What the board draws is clamped, never what is stored: a value the models allow
// (62,000 Discovery tokens, a long list of planned Actions) is drawn as a table needs it, the
// rest as a count, so drawing never throws and never builds more DOM than a real table.

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

/** "and 61,950 more" for the items of a list that are not drawn. */
export function moreText(count, what = "more") {
  return `and ${count.toLocaleString("en")} ${what}, not shown one by one`;
}
