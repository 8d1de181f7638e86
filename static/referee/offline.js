// @ts-check
// Offline use: the service worker registered, and its builds followed.
//
// The service worker (static/sw.js) keeps the whole site for offline use, one build at a
// time. It is registered once the rules are ready, so that its downloads (mostly from the
// HTTP cache by then) never compete with the first start. <html data-offline-ready> is
// "true" once a build is cached, "failed" when none could be.
//
// Updates are atomic: a page runs one build, from first file to last. A new build installs
// beside the running one and waits; the page offers "Update available: Reload", and the
// button makes the waiting build take over and then reloads, so the page lands on that
// build (also in a tab that was the site's first visit, which the first service worker
// took over only after it had loaded). Whenever another build takes over this page
// (another tab pressed Reload), the page reloads at once rather than go on running its
// build with the other's files. A build that cannot be installed (its files do not match
// its build list: a deploy landed half-way) is dropped whole, the working one stays, and
// the visitor is told whether offline use goes on with the version they have or is not
// available yet.
//
// An install never keeps the page waiting unseen. The service worker posts its progress
// (static/sw.js: files held, files being fetched and how long since their last bytes);
// while a first install goes on, <html data-offline-ready> is "installing", and
// "stalled" when a file has sent nothing for STALLED_MS or the service worker has said
// nothing for SILENT_MS: the page then says what it is waiting for, and that the site works
// meanwhile while online. The service worker asks a quiet file again itself; an install
// that failed for the network (not for a file that does not match its build list) is tried
// again from this page after RETRY_MS. The registration's workers are checked every few
// seconds too (held()), so a change of state the engine never told cannot leave it waiting.

import { t } from "../shared/i18n.js";

const html = document.documentElement;

const UPDATE_CHECK_MS = 30 * 60 * 1000; // a tab left open checks again when shown after this
const STALLED_MS = 10_000; // a file that sent nothing for this long: say so (sw.js asks at 20 s)
const SILENT_MS = 15_000; // an installing service worker that said nothing for this long
const TICK_MS = 2_000;
const FAILURE_WORD_MS = 3_000; // how long a failed install's last word may trail its state
const RETRY_MS = [15_000, 60_000, 300_000]; // an install that failed for the network, again

function bar(id, words, label, action) {
  document.getElementById(id)?.remove();
  const line = document.createElement("div");
  line.id = id;
  line.className = "update-available";
  line.setAttribute("role", "status");
  line.dataset.testid = id;
  const text = document.createElement("span");
  text.textContent = `${words} `;
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = label;
  button.addEventListener("click", () => action(button, line));
  line.append(text, button);
  document.body.append(line);
  return line;
}

function offerUpdate(registration, takeOver) {
  if (document.getElementById("update-available")) return;
  bar("update-available", t("Update available."), t("Reload"), (button) => {
    button.disabled = true;
    button.textContent = t("Updating…");
    takeOver(registration.waiting);
  });
}

function tellInstallFailed(registration) {
  const kept = Boolean(registration.active);
  if (!kept) html.dataset.offlineReady = "failed";
  html.dataset.offlineUpdate = "failed";
  bar("offline-problem", kept
    ? t("An update of this site could not be saved on this device. You keep the version you have, which works offline.")
    : t("This site could not be saved on this device for offline use. It works while you are online, and will try again on your next visit."),
  t("OK"), (_button, line) => line.remove());
}

/**
 * What an install is waiting for, from the service worker's last word (sw.js's Progress)
 * and when it came: a file's path, "" for the service worker itself, or null when nothing
 * has stalled.
 * @param {any} last @param {number} heardAt
 */
function awaited(last, heardAt) {
  if (performance.now() - heardAt >= SILENT_MS) return "";
  const quiet = Object.entries(last?.fetching ?? {}).filter(([, f]) => f.quietMs >= STALLED_MS);
  if (!quiet.length) return null;
  return quiet.sort(([, a], [, b]) => b.quietMs - a.quietMs)[0][0];
}

function tellStalled(file, first) {
  const words = file
    ? t("Saving for offline use is waiting for a file ({file}). The site works while you are online; saving goes on by itself.", { file })
    : t("Saving for offline use is waiting for the browser. The site works while you are online; saving goes on by itself.");
  if (first) html.dataset.offlineReady = "stalled";
  else html.dataset.offlineUpdate = "stalled";
  const shown = document.getElementById("offline-problem");
  if (shown?.dataset.stalled !== undefined) {
    /** @type {HTMLElement} */ (shown.firstElementChild).textContent = `${words} `;
    return;
  }
  bar("offline-problem", words, t("OK"), (_button, line) => line.remove()).dataset.stalled = file;
}

/**
 * Register the service worker `swUrl` for `scope`, and follow its builds.
 * @param {URL} swUrl @param {string} scope
 */
export async function keepOffline(swUrl, scope) {
  const sw = navigator.serviceWorker;
  // Framed in another site (the widget), the whole build would be cached in that site's
  // storage for a page that is only ever shown there online: not worth ~50 MB of theirs.
  if (!sw || window.top !== window) return;
  // The first service worker takes over a page it did not serve (the site's first visit):
  // that is this page's own build. Any later change of controller is another build.
  let ownBuildControls = Boolean(sw.controller);
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    location.reload();
  };
  sw.addEventListener("controllerchange", () => {
    if (ownBuildControls) reload();
    ownBuildControls = true;
  });
  const takeOver = (waiting) => {
    if (waiting) waiting.postMessage("skip-waiting"); // then "controllerchange" reloads
    else reload(); // it took over already: a reload is served by it
  };
  // The installing service worker's last word (sw.js's Progress), and when it came.
  let last = null;
  let heardAt = performance.now();
  /** @type {((failed: any) => void) | null} */
  let onFailure = null;
  sw.addEventListener("message", (event) => {
    if (event.data?.type !== "castaway-install") return;
    last = event.data;
    heardAt = performance.now();
    html.dataset.offlineHeld = `${last.held}/${last.files}`;
    if (last.failed) onFailure?.(last.failed);
  });
  sw.startMessages();
  let registering = true; // sw.register() has not answered yet
  /** @type {ServiceWorkerRegistration | null} the last one sw.register() answered */
  let current = null;
  let retries = 0;
  const followed = new WeakSet(); // registrations, and workers, followed already

  const offline = () => {
    html.dataset.offlineReady = "true";
    document.getElementById("offline-problem")?.remove();
  };
  const register = async () => {
    const registration = await sw.register(swUrl, { scope, updateViaCache: "none" });
    current = registration;
    if (!followed.has(registration)) follow(registration);
    else watch(registration, registration.installing);
  };
  // An install that failed for the network, or stalled past the service worker's own
  // tries: asked again later, from this page (a visitor who stays keeps trying).
  const retry = () => {
    const delay = RETRY_MS[Math.min(retries++, RETRY_MS.length - 1)];
    setTimeout(() => register().catch(retry), delay); // offline: the next try
  };
  const failed = (registration, worker) => {
    const first = !registration.active;
    // Its last word tells why; it may come just after its state changed.
    new Promise((resolve) => {
      onFailure = resolve;
      if (last?.failed && last.build && worker.state === "redundant") resolve(last.failed);
      setTimeout(() => resolve(null), FAILURE_WORD_MS);
    }).then((why) => {
      onFailure = null;
      if (why && why.why !== "mismatch" && why.why !== "http") {
        tellStalled(why.file, first);
        retry();
      } else {
        tellInstallFailed(registration);
      }
    });
  };
  function watch(registration, worker) {
    if (!worker || followed.has(worker)) return;
    followed.add(worker);
    let installed = worker.state !== "parsed" && worker.state !== "installing";
    if (!installed) {
      last = null;
      heardAt = performance.now();
      if (!registration.active) html.dataset.offlineReady = "installing";
    }
    const settle = () => {
      if (worker.state === "installed") {
        installed = true;
        if (sw.controller) offerUpdate(registration, takeOver);
      }
      if (worker.state === "activated") offline();
      // Gone before it was installed, and not for a newer build installing after it: its
      // files did not match its build list, or it could not have them (the network).
      const superseded = registration.installing && registration.installing !== worker;
      if (worker.state === "redundant" && !installed && !superseded) failed(registration, worker);
      held(registration);
    };
    worker.addEventListener("statechange", settle);
    settle();
  }
  function follow(registration) {
    followed.add(registration);
    watch(registration, registration.installing);
    watch(registration, registration.waiting);
    watch(registration, registration.active);
    registration.addEventListener("updatefound", () => watch(registration, registration.installing));
  }
  // The registration's own workers are the truth of where its builds are: a worker becomes
  // its waiting one once installed, its active one once that took over. WebKit can leave a
  // page's object of a worker in the state it had when the page first saw it ("installing")
  // while its registration moves on, telling no change of state: seen in a page that
  // registered while another tab's install was under way, and then waited for ever.
  function held(registration) {
    if (registration.active && html.dataset.offlineReady !== "true") offline();
    if (registration.waiting && sw.controller) offerUpdate(registration, takeOver);
  }
  // While an install goes on: say when it has stalled, and when it moves again; and check
  // the registration's workers, should the engine have left a change of state untold.
  setInterval(() => {
    if (current) held(current);
    if (!registering && !current?.installing) {
      if (html.dataset.offlineUpdate === "stalled") delete html.dataset.offlineUpdate;
      return;
    }
    const first = html.dataset.offlineReady !== "true";
    const file = awaited(last, heardAt);
    if (file !== null) tellStalled(file, first);
    else if (first ? html.dataset.offlineReady === "stalled" : html.dataset.offlineUpdate === "stalled") {
      if (first) html.dataset.offlineReady = "installing";
      else delete html.dataset.offlineUpdate;
      document.getElementById("offline-problem")?.remove();
    }
  }, TICK_MS);
  try {
    await register();
  } finally {
    registering = false;
  }
  let checked = Date.now();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible" || Date.now() - checked < UPDATE_CHECK_MS) return;
    checked = Date.now();
    current?.update().catch(() => {}); // offline: checked again next time
  });
}
