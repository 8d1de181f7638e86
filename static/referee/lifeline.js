// @ts-check
// The calls to Python, kept through its death: each call is sent to the live worker and
// remembered until answered. When Python dies (watch.js says how that is noticed) the page
// says so, starts a new Python (PyScript's PyWorker, the same config and main.py), gives it
// the board's table back and sends it again every call the old one left unanswered, in order,
// so no move is lost. A call is not sent again when it may be what killed Python (the call
// that failed fatally, the call a hung worker was on) or when it was already waiting when a
// Python died before: it gets a plain error instead.
// <html data-rules-restarts> counts the restarts, <html data-rules-stopped> says how the last
// one died ("fatal", "gone", "hung"), <html data-rules-restarting> is there meanwhile, and the
// window gets a "referee:restarted" event ({restarts, tableRestored}) once the new one answers.

import { bridgeError, envelopeError, firstLine } from "./envelope.js";
import { t } from "../shared/i18n.js";
import { bootReport } from "./pyscript.js";
import { setStatus } from "./status.js";
import { createWatchdog, watchLife } from "./watch.js";

/** @typedef {import("./pyscript.js").XWorker} XWorker */

const html = document.documentElement;

// Worded when said (the language may arrive after this module runs).
const stoppedOnThis = () => envelopeError("rules_restarted",
  t("The rules engine stopped while working on this, so it was not done; the engine has been restarted and your table is kept."));

async function isAlive(xworker) {
  try {
    await bootReport(xworker);
    return true;
  } catch {
    return false;
  }
}

async function restoreTable(xworker, history) {
  const answer = JSON.parse(await xworker.sync.referee_call("session", JSON.stringify({ cmd: "load", history })));
  if (!answer.ok) throw new Error(answer.error && answer.error.message);
}

/**
 * The line to Python: `start(xworker)` with the first worker, then `call(method, text)`
 * resolves with the envelope's text (never rejects).
 * @param {{ deadlineMs: number, newWorker: () => Promise<XWorker>,
 *   greet: (xworker: XWorker) => Promise<void>, table: () => object | null }} how
 *   `greet(xworker)`: what a new Python is told before anything else (the page's language);
 *   `table()`: the board's table as Python last had it, given back to a new Python.
 */
export function createLifeline({ deadlineMs, newWorker, greet, table }) {
  // The worker that answers calls now: a promise, replaced while Python is restarted (calls
  // made meanwhile wait for the new one).
  let current = null;
  let live = null; // the worker that answers calls now (null while a new one starts)
  let restarts = 0;
  // The calls sent to the live worker and not answered yet, oldest first: {method, text,
  // resolve, tries, attempt}. The worker answers them in order.
  const outstanding = new Set();
  const watchdog = createWatchdog({
    deadlineMs,
    pending: () => outstanding.size > 0,
    live: () => live !== null,
    hung: () => restartPython(live, "hung"),
  });

  async function checkAlive(xworker) {
    if (xworker === live && !(await isAlive(xworker))) restartPython(xworker);
  }

  // Once a worker answers: watch its events and its Web Lock.
  function watch(xworker) {
    live = xworker;
    watchLife(xworker, {
      suspect: () => checkAlive(xworker),
      gone: () => {
        if (xworker === live) restartPython(xworker, "gone");
      },
    });
  }

  function start(xworker) {
    current = Promise.resolve(xworker);
    watch(xworker);
  }

  function call(method, text) {
    return new Promise((resolve) => send({ method, text, resolve, tries: 0, attempt: null }));
  }

  async function send(call) {
    let xworker;
    try {
      xworker = await current;
    } catch {
      call.resolve(envelopeError("rules_unavailable", t("The rules engine stopped and could not be restarted. Reload the page.")));
      return;
    }
    const attempt = {};
    call.attempt = attempt;
    call.tries += 1;
    if (!outstanding.size) watchdog.started();
    outstanding.add(call);
    watchdog.arm();
    let answer;
    try {
      answer = await xworker.sync.referee_call(call.method, call.text);
    } catch (error) {
      const alive = await isAlive(xworker);
      if (call.attempt !== attempt) return; // a restart took it over meanwhile
      outstanding.delete(call);
      if (alive) {
        watchdog.progress();
        call.resolve(bridgeError(error));
        return;
      }
      restartPython(xworker, "fatal", call); // this call may be what killed Python
      call.resolve(stoppedOnThis());
      return;
    }
    if (call.attempt !== attempt) return; // a late answer from a worker given up on
    outstanding.delete(call);
    watchdog.progress();
    call.resolve(answer);
  }

  // `why`: "fatal" (`suspect` is the call that failed), "hung" (the oldest call waiting is
  // the one the worker was on) or "gone" (no call is to blame).
  function restartPython(dead, why = "fatal", suspect = null) {
    if (dead !== live) return; // already being replaced
    live = null;
    restarts += 1;
    html.dataset.rulesRestarts = String(restarts);
    html.dataset.rulesRestarting = "true";
    html.dataset.rulesStopped = why;
    setStatus("loading", t("The rules engine stopped. Restarting it… Your table is kept."));
    const left = [...outstanding];
    outstanding.clear();
    watchdog.stop();
    const blamed = suspect || (why === "hung" ? left[0] : null);
    const history = table();
    const next = (async () => {
      try {
        dead.terminate();
      } catch {
        // already gone
      }
      const xworker = await newWorker();
      await greet(xworker);
      if (history) await restoreTable(xworker, history);
      watch(xworker);
      return xworker;
    })();
    current = next;
    // The calls left unanswered go again, in order, once the new Python has the table (they
    // wait on `current`, ahead of any call made from now on).
    for (const call of left) {
      call.attempt = null;
      if (call === blamed || call.tries > 1) call.resolve(stoppedOnThis());
      else send(call);
    }
    next.then(() => restarted(Boolean(history)), stoppedForGood);
  }

  function restarted(tableRestored) {
    delete html.dataset.rulesRestarting;
    setStatus("ready", t("Rules ready again: the rules engine had stopped and was restarted. Your table is kept."));
    window.dispatchEvent(new CustomEvent("referee:restarted", { detail: { restarts, tableRestored } }));
  }

  function stoppedForGood(error) {
    delete html.dataset.rulesRestarting;
    html.dataset.rulesReady = "error";
    setStatus("error", t("The rules engine stopped and could not be restarted ({reason}). Your table is kept; reload the page.", { reason: firstLine(error) }));
  }

  return { start, call };
}
