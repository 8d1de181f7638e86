// @ts-check
// The page's one door to the rules: call(method, payload) -> Promise<envelope>, to
// pyapp.service.Service.call; and by name, rule, session, links and catalogue (see
// pyapp/service.py). Each resolves with its value or rejects with a RefereeError.

import { asText, parseEnvelope } from "./envelope.js";

/** @typedef {import("../../types/core").Request} Request */

/** A history brought up to date with a session answer's `changes` (pyapp/session.py: take
 * `initial` if given, drop the first `dropped` entries, keep `keep` of those left, append
 * `entries`, set `cursor`); null if there is nothing to bring up to date. */
function caughtUp(history, changes) {
  const initial = changes.initial ?? (history && history.initial);
  if (!initial) return null;
  const kept = history ? history.entries.slice(changes.dropped, changes.dropped + changes.keep) : [];
  return { initial, entries: [...kept, ...changes.entries], cursor: changes.cursor };
}

/**
 * The door, once `handleReady` gives the function that calls Python.
 * @param {Promise<(method: string, text: string) => Promise<string>>} handleReady
 */
export function createDoor(handleReady) {
  // The board's table as Python last had it (every session answer carries it): what a new
  // Python is given back after a restart. null when no session answer said (then the page
  // that owns the table hears "referee:restarted" and may send it again).
  let lastHistory = null;

  // call(method, payload) -> Promise<envelope>: the one door to pyapp.service.Service.call.
  async function call(method, payload) {
    const text = asText(payload);
    const handle = await handleReady;
    return parseEnvelope(String(await handle(method, text)));
  }

  /** @type {(request: Request | string) => Promise<import("../../types/core").Ruling>} */
  const rule = async (request) => (await call("rule", request)).ruling;
  // The board's session: {cmd: "snapshot" | "edit" | "preview" | "apply" | "undo" | ...}.
  // Its table (the snapshot's history) is remembered, for a restart of Python.
  async function session(command) {
    const envelope = await call("session", command);
    if (envelope.changes) lastHistory = caughtUp(lastHistory, envelope.changes);
    else if (envelope.snapshot) lastHistory = envelope.snapshot.history || null;
    return envelope;
  }
  const links = Object.freeze({
    /** @type {(request: Request | string) => Promise<string>} */
    encode: async (request) => (await call("link_encode", request)).link,
    /** @type {(payload: string) => Promise<Request>} */
    decode: async (payload) => (await call("link_decode", String(payload))).request,
    /** The request, the words the link carried (`said`, or null), whether the rules still say
     * them (`holds`) and, when they do not, the one line that says so (`differs`).
     * @type {(payload: string) => Promise<{request: Request, said: import("../../types/core").LinkWords | null, holds: boolean | null, differs: string}>} */
    open: async (payload) => {
      const { request, said, holds, differs } = await call("link_decode", String(payload));
      return { request, said, holds, differs };
    },
  });
  /** @type {() => Promise<import("../../types/core").Catalogue>} */
  const catalogue = async () => (await call("catalogue", "")).catalogue;

  return { rule, session, links, catalogue, call, table: () => lastHistory };
}
