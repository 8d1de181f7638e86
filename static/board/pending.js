// @ts-check
// The table as the board draws it: the core's table, with each value set and not yet answered
// laid over it, so that a tap shows at once, also while the rules load or a move before it is
// still being answered (main.js, ctl.pending).

/**
 * `state` with each pending value in place, sharing every part it leaves as it is. Only a
 * plain value (a count, a yes/no, a choice, a name) is laid over, and only where the table
 * has a place for it: a piece added or taken away (Friday joining, Jenny leaving) is the
 * core's to build, and shows once it has answered.
 * @template T
 * @param {T} state
 * @param {Map<string, { value: unknown }>} pending path ("characters/0/wounds") -> what was set
 * @returns {T}
 */
export function withPending(state, pending) {
  let shown = state;
  for (const [path, { value }] of pending) {
    if (!isPlain(value)) continue;
    shown = /** @type {T} */ (setAt(shown, path.split("/"), value) ?? shown);
  }
  return shown;
}

/** @param {unknown} value */
function isPlain(value) {
  return typeof value === "number" || typeof value === "string" || typeof value === "boolean";
}

/**
 * `at` with `value` at `steps`, copied along the way; `at` itself if it holds it already;
 * undefined if the table has no such place, or an object or a list there.
 * @param {unknown} at
 * @param {string[]} steps
 * @param {unknown} value
 * @returns {unknown}
 */
function setAt(at, [step, ...rest], value) {
  if (at === null || typeof at !== "object" || step === "__proto__") return undefined;
  const record = /** @type {Record<string, unknown>} */ (at);
  if (Array.isArray(at) && !(Number.isInteger(Number(step)) && Number(step) >= 0 && Number(step) < at.length)) return undefined;
  const old = Object.hasOwn(record, step) ? record[step] : undefined;
  let now;
  if (rest.length) {
    now = setAt(old, rest, value);
    if (now === undefined) return undefined;
  } else {
    if (old !== null && typeof old === "object") return undefined;
    now = value;
  }
  if (now === old) return at;
  const copy = Array.isArray(at) ? at.slice() : { ...record };
  /** @type {Record<string, unknown>} */ (copy)[step] = now;
  return copy;
}
