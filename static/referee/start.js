// @ts-check
// The rules' start, watched stage by stage, so that the page never waits for ever, whatever
// an engine or the network does. Each stage has a deadline; <html data-rules-awaiting> names
// the stage under way ("files", "snapshot", "core", "scratch", "network"), and the status line
// says what is awaited once a stage is slow.
//   files     PyScript's module (the page's part of the start). Failed or late: the network
//             is taken for lost (below).
//   snapshot  a worker restoring Python from the full snapshot; late: that worker is ended and
//   core      a new one restores the core snapshot (the loader pyodide-snapshot-core.mjs);
//   scratch   late too: a new one starts Python from scratch; late again: the status line says
//             what never came and offers to reload.
// A start that fails while the site cannot be reached (a first visit that lost the network:
// "Failed to fetch dynamically imported module…") is not final: the page says so, waits for
// the network (the "online" event, and a small request now and then), and starts again by
// itself, without a reload. A page at an opaque origin (a widget framed with
// sandbox="allow-scripts" and no allow-same-origin) gets no worker of PyScript's kind from
// the browser: it says so plainly at once.

import { t } from "../shared/i18n.js";
import { firstLine } from "./envelope.js";
import { bootReport, importPyScript, newWorker, startWorker } from "./pyscript.js";
import { rulesFailed, rulesWaiting } from "./status.js";

const html = document.documentElement;

/** @typedef {import("./pyscript.js").XWorker} XWorker */
/** @typedef {"files" | "snapshot" | "core" | "scratch"} Stage */

/** Which step of getting the rules ready a stage is, in a player's words. @param {Stage} stage */
function awaited(stage) {
  if (stage === "files") return t("step 1 of 3: downloading them");
  if (stage === "snapshot") return t("step 2 of 3: starting them");
  if (stage === "core") return t("step 2 of 3: starting them a slower way");
  return t("step 3 of 3: starting them the slowest way, which can take a few minutes");
}

/** Why the rules could not be had, once the last way to start them has run out of time. */
function lateWords(stage) {
  return stage === "files" ? t("their files could not be downloaded in time.") : t("they did not start in time, even the slowest way.");
}

const PATHS = /** @type {const} */ (["snapshot", "core", "scratch"]);
// How many times a start that failed for want of the network is tried again.
const NETWORK_RETRIES = 20;
// A stage that has not ended after this long is said on the status line.
const SLOW_MS = 8_000;

class Late extends Error {}

/**
 * `promise`, or a Late rejection after `ms`; meanwhile <html data-rules-awaiting> is `stage`
 * and, once slow, the status line says what is awaited.
 * @template T @param {Promise<T>} promise @param {Stage} stage @param {number} ms
 * @returns {Promise<T>}
 */
function watched(promise, stage, ms) {
  html.dataset.rulesAwaiting = stage;
  let slow;
  let late;
  const deadline = new Promise((_, reject) => {
    slow = setTimeout(() => rulesWaiting("loading", t("Still getting the rules ready ({step}). You can set up the table meanwhile.", { step: awaited(stage) })), Math.min(SLOW_MS, ms));
    late = setTimeout(() => reject(new Late(stage)), ms);
  });
  return /** @type {Promise<T>} */ (Promise.race([promise, deadline]).finally(() => {
    clearTimeout(slow);
    clearTimeout(late);
  }));
}

/** Whether the site answers a small request (the service worker's copy counts). */
async function reachable(url) {
  try {
    return (await fetch(url, { cache: "no-store" })).ok;
  } catch {
    return false;
  }
}

/** Resolves once the site answers again: at the "online" event, or a try now and then. */
async function networkBack(url) {
  for (let wait = 1_000; ; wait = Math.min(wait * 2, 15_000)) {
    await new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        removeEventListener("online", done);
        resolve(undefined);
      };
      const timer = setTimeout(done, wait);
      addEventListener("online", done);
    });
    if (await reachable(url)) return;
  }
}

/**
 * Start Python, watched. `loaders` are the loaders' URLs, one per way to start
 * (tools/pyodide-snapshot.mjs): each path after the first gives PyScript its own as the
 * `interpreter`. Resolves with the worker and its boot report, or never (the status line
 * then says why, and `rulesFailed` has rejected the calls).
 * @param {{ core: string, config: { interpreter: string }, loaders: Record<typeof PATHS[number], string>,
 *   mainPy: string, deadlines: Record<Stage, number>, greet: (xworker: XWorker) => Promise<void> }} how
 * @returns {Promise<{ pyscript: Promise<import("./pyscript.js").PyScript>, xworker: XWorker, boot: any }>}
 */
export async function startRules({ core, config, loaders, mainPy, deadlines, greet }) {
  if (self.origin === "null") {
    rulesFailed(t("this page is framed in a sandbox that gives it no origin of its own, where the browser does not let the rules run. Open the referee in a tab of its own."));
    return new Promise(() => {});
  }
  let failures = 0;
  /** After a failure: if the site cannot be reached, wait for it and say so; true if so. */
  async function waitedForNetwork(error) {
    if (error instanceof Late && error.message !== "files") return false;
    if (++failures > NETWORK_RETRIES || (await reachable(config.interpreter))) return false;
    html.dataset.rulesAwaiting = "network";
    rulesWaiting("error", t("The rules could not be loaded: the connection was lost. They will load by themselves once it is back."));
    await networkBack(config.interpreter);
    rulesWaiting("loading", t("Loading the rules…"), { brief: true });
    return true;
  }

  // PyScript's module. A failed import is not tried again under the same URL (the browser
  // may keep the failure): a new query makes it a new module.
  /** @type {Promise<import("./pyscript.js").PyScript>} */
  let pyscript;
  for (let attempt = 0; ; attempt++) {
    pyscript = importPyScript(attempt ? `${core}?attempt=${attempt}` : core);
    try {
      await watched(pyscript, "files", deadlines.files);
      break;
    } catch (error) {
      if (!(await waitedForNetwork(error))) {
        rulesFailed(error instanceof Late ? lateWords("files") : firstLine(error), { reload: true });
        return new Promise(() => {});
      }
    }
  }

  // Every worker PyScript makes, so that one that is late can be ended.
  /** @type {XWorker | null} */
  let created = null;
  const { hooks } = await pyscript;
  hooks.main.onWorker.add((_wrap, xworker) => {
    created = /** @type {XWorker} */ (/** @type {unknown} */ (xworker));
  });

  let first = true;
  for (let path = 0; path < PATHS.length; ) {
    const stage = PATHS[path];
    const interpreter = path ? loaders[stage] : config.interpreter;
    const how = { config: { ...config, interpreter }, mainPy };
    created = null;
    // What the worker reports while starting (the runtime or a wheel failed to load) ends
    // this start as a failure, whether or not PyScript's own promise ever settles.
    let reported;
    const failedEarly = new Promise((_, reject) => (reported = reject));
    const started = Promise.race([
      first
        ? startWorker(pyscript, { ...how, onStartError: (message) => reported(new Error(message)) })
        : newWorker(pyscript, how).then(async (xworker) => ({ xworker, boot: await bootReport(xworker) })),
      failedEarly,
    ]);
    first = false;
    try {
      const { xworker, boot } = await watched(started, stage, deadlines[stage]);
      await greet(xworker);
      return { pyscript, xworker, boot };
    } catch (error) {
      started.catch(() => {}); // a late start that fails later is of no interest now
      /** @type {XWorker | null} */ (created)?.terminate();
      if (error instanceof Late) {
        path++;
        continue;
      }
      if (await waitedForNetwork(error)) continue; // the same way, once more
      rulesFailed(firstLine(error), { reload: true });
      return new Promise(() => {});
    }
  }
  rulesFailed(lateWords("scratch"), { reload: true });
  return new Promise(() => {});
}
