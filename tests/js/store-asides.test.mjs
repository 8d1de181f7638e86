// @ts-check
// static/board/store.js, saves set aside: listed oldest first, in the order they were set
// aside, even when several are set aside within one millisecond (both slots of a save found
// unreadable, one after the other) and storage gives its keys in an order of its own.
import { test } from "node:test";
import assert from "node:assert/strict";

/** localStorage, in memory, giving its keys newest first (as no browser promises either). */
function memoryStorage() {
  const items = new Map();
  return {
    get length() {
      return items.size;
    },
    key: (i) => [...items.keys()].reverse()[i] ?? null,
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}

/** A Store on fresh storage, with the clock stopped at `now` while `body` runs. */
async function withStore(now, body) {
  Object.assign(globalThis, { window: { localStorage: memoryStorage() } });
  const { Store } = await import("../../static/board/store.js");
  const clock = Date.now;
  Date.now = () => now;
  try {
    return body(new Store());
  } finally {
    Date.now = clock;
  }
}

test("saves set aside within one millisecond keep the order they were set aside in", () =>
  withStore(Date.parse("2026-12-05T13:00:00.000Z"), (store) => {
    for (const key of ["slot-a", "slot-b", "slot-c"]) store.setAside(key, "unreadable");
    assert.deepEqual(store.asides().map((a) => a.key), ["slot-a", "slot-b", "slot-c"]);
    assert.deepEqual(store.asides().map((a) => a.at), [
      "2026-12-05T13:00:00.000Z", "2026-12-05T13:00:00.001Z", "2026-12-05T13:00:00.002Z",
    ]); // prettier-ignore
  }));

test("a save set aside later is listed after one set aside before, whatever the clock says", () =>
  withStore(Date.parse("2026-12-05T13:00:00.000Z"), (store) => {
    store.setAside("earlier", "unreadable");
    Date.now = () => Date.parse("2026-12-05T12:00:00.000Z"); // the clock put back an hour
    store.setAside("later", "refused");
    assert.deepEqual(store.asides().map((a) => a.key), ["earlier", "later"]);
  }));
