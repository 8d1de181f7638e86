// @ts-check
// How the page notices that Python died under it. Three ways, and each is noticed:
//   - a fatal error in Pyodide ("Pyodide already fatally failed and can no longer be used"):
//     a call fails, and a question only a live Python answers (referee_boot) fails too
//     (lifeline.js asks it);
//   - the worker is gone (terminated, crashed): it holds a Web Lock for as long as it lives
//     (bridge.hold_while_alive) and the page waits for the same lock, so the page is granted
//     it the moment the worker goes; its `error` and `messageerror` events are checked too
//     (watchLife);
//   - the worker hangs, or an answer is lost: no answer at all for the call deadline while
//     calls wait (a ruling takes about a millisecond, the biggest call well under a second on
//     a slow tablet; start-up is not counted), and then a grace of a quarter of it more (a
//     timer that fired late, after the device slept, gives the worker time to answer first)
//     (createWatchdog).

/** @typedef {import("./pyscript.js").XWorker} XWorker */

/**
 * Watch a worker that answers: its events make `suspect()` ask whether it still lives; its
 * Web Lock, once granted to the page, says `gone()`. (Where the Locks API is refused, e.g. an
 * opaque origin, the call deadline still applies.)
 * @param {XWorker} xworker
 * @param {{ suspect: () => void, gone: () => void }} say
 */
export function watchLife(xworker, { suspect, gone }) {
  xworker.onerror = () => suspect();
  xworker.addEventListener("messageerror", () => suspect());
  const locks = navigator.locks;
  if (!locks || typeof locks.request !== "function") return;
  const name = `castaway-referee.rules-worker.${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  xworker.sync.referee_hold(name).then(
    () => locks.request(name, () => {
      gone();
    }),
    () => {},
  ).catch(() => {});
}

/**
 * The call deadline: `hung()` once calls have waited `deadlineMs` with no answer at all from
 * the live worker, and then the grace. `progress()` at each answer, `started()` when work is
 * first given, `arm()` while calls wait, `stop()` when the worker is given up.
 * @param {{ deadlineMs: number, pending: () => boolean, live: () => boolean, hung: () => void }} watch
 */
export function createWatchdog({ deadlineMs, pending, live, hung }) {
  const graceMs = deadlineMs / 4;
  let lastProgress = 0; // when the live worker last answered (or was first given work)
  let watchdog = null;

  function arm(strikes = 0) {
    if (watchdog !== null) return;
    const wait = strikes ? graceMs : Math.max(0, lastProgress + deadlineMs - performance.now());
    watchdog = setTimeout(() => {
      watchdog = null;
      if (!pending() || !live()) return;
      if (performance.now() - lastProgress < deadlineMs) arm();
      else if (!strikes) arm(1);
      else hung();
    }, wait);
  }

  function stop() {
    clearTimeout(watchdog);
    watchdog = null;
  }

  function progress() {
    lastProgress = performance.now();
    stop();
    if (pending()) arm();
  }

  const started = () => { lastProgress = performance.now(); };

  return { arm, stop, progress, started };
}
