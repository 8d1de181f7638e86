// @ts-check
// What the page shows of the rules' start: the status line (#rules-status), <html
// data-rules-ready> and performance.mark("rules-ready"); and the promise every call waits on,
// settled once, when the first Python answers or cannot start.

import { RefereeError } from "./envelope.js";
import { t } from "../shared/i18n.js";

const html = document.documentElement;

/** The status line's state ("loading", "ready", "error") and words. `brief` words (the
 * everyday "Loading the rules…" and "Rules ready.") keep to the header's one line; any other
 * (what a slow start waits for, a failure, a restart) is a sentence the player must read, given
 * a row of its own where the header is narrow (<p data-words="sentence">, index.html). */
export function setStatus(state, text, { brief = false } = {}) {
  const line = document.getElementById("rules-status");
  const label = document.getElementById("rules-status-text");
  if (line) {
    line.dataset.state = state;
    line.dataset.words = brief ? "brief" : "sentence";
  }
  if (label) label.textContent = text;
}

let attachHandle;
let failBoot;
/** Resolves with the function that calls Python once it is ready; rejects if it cannot start.
 * @type {Promise<(method: string, text: string) => Promise<string>>} */
export const handleReady = new Promise((resolve, reject) => {
  attachHandle = resolve;
  failBoot = reject;
});
// Rejections of handleReady are always observed by rule() callers; this keeps an
// early boot failure from surfacing as an unhandled rejection when nobody has asked yet.
handleReady.catch(() => {});

let bootSettled = false;

// The page's timeline, from the worker's epoch milliseconds.
const onPageTimeline = (timings) =>
  Object.fromEntries(
    Object.entries(timings || {}).map(([name, t]) => [name, Math.round(t - performance.timeOrigin)]),
  );

/** Python answers (`boot`: its boot report): calls go to `handle` from now on. */
export function rulesReady(handle, boot) {
  attachHandle(handle);
  bootSettled = true;
  // detail: when each start-up stage ended (ms from navigation start) and the size of
  // Python's WebAssembly memory, for bench/load_bench.py.
  performance.mark("rules-ready", { detail: { timings: onPageTimeline(boot.timings), wasmBytes: boot.wasmBytes } });
  html.dataset.rulesReady = "true";
  delete html.dataset.rulesAwaiting;
  setStatus("ready", t("Rules ready."), { brief: true });
}

/** Python could not start (said once; a failure after the start is the lifeline's).
 * `reload`: the status line also offers to reload the page. */
export function rulesFailed(message, { reload = false } = {}) {
  if (bootSettled) return;
  bootSettled = true;
  html.dataset.rulesReady = "error";
  delete html.dataset.rulesAwaiting;
  const text = t("The rules could not be loaded: {reason}", { reason: message });
  setStatus("error", text);
  if (reload) offerReload();
  failBoot(new RefereeError("rules_unavailable", text));
}

/** The start goes on, but the status line says what it waits for (`state` "loading"), or
 * that it stopped and will go on by itself (`state` "error"). Calls keep waiting. */
export function rulesWaiting(state, text, { brief = false } = {}) {
  if (bootSettled) return;
  setStatus(state, text, { brief });
}

/** A Reload button on the status line. */
function offerReload() {
  const line = document.getElementById("rules-status");
  if (!line || line.querySelector("button")) return;
  const button = document.createElement("button");
  button.type = "button";
  button.dataset.testid = "rules-reload";
  button.textContent = t("Reload");
  button.addEventListener("click", () => location.reload());
  line.append(button);
}
