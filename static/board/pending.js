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

/**
 * How many changes the commands waiting for the rules make to `state`: a value set again and
 * again counts once, and not at all when it ends as the table has it (a switch tapped on and
 * off again); any other command counts one.
 * @param {unknown} state
 * @param {unknown[]} commands session commands ({cmd: "edit", edits: [...]}, ...)
 * @returns {number}
 */
export function changesWaiting(state, commands) {
  /** @type {Map<string, unknown>} */
  const last = new Map();
  let others = 0;
  for (const command of commands) {
    const set = plainSet(command);
    if (set) {
      last.delete(set.path); // (in the order last set)
      last.set(set.path, set.value);
    } else {
      others += 1;
    }
  }
  let changes = others;
  for (const [path, value] of last) if (valueAt(state, path.split("/")) !== value) changes += 1;
  return changes;
}

/**
 * The one plain value a command sets, if that is all it does.
 * @param {unknown} command
 * @returns {{ path: string, value: unknown } | null}
 */
function plainSet(command) {
  if (command === null || typeof command !== "object") return null;
  const { cmd, edits } = /** @type {{ cmd?: unknown, edits?: unknown }} */ (command);
  if (cmd !== "edit" || !Array.isArray(edits) || edits.length !== 1) return null;
  const edit = edits[0];
  if (edit === null || typeof edit !== "object") return null;
  const { op, path, value } = /** @type {{ op?: unknown, path?: unknown, value?: unknown }} */ (edit);
  return op === "set" && typeof path === "string" && isPlain(value) ? { path, value } : null;
}

/**
 * @param {unknown} at
 * @param {string[]} steps
 * @returns {unknown}
 */
function valueAt(at, steps) {
  for (const step of steps) {
    if (at === null || typeof at !== "object" || !Object.hasOwn(at, step)) return undefined;
    at = /** @type {Record<string, unknown>} */ (at)[step];
  }
  return at;
}
