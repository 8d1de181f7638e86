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

import { t } from "../shared/i18n.js";

const html = document.documentElement;

const UPDATE_CHECK_MS = 30 * 60 * 1000; // a tab left open checks again when shown after this

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
  const registration = await sw.register(swUrl, { scope, updateViaCache: "none" });
  const watch = (worker) => {
    if (!worker) return;
    let installed = worker.state !== "parsed" && worker.state !== "installing";
    const settle = () => {
      if (worker.state === "installed") {
        installed = true;
        if (sw.controller) offerUpdate(registration, takeOver);
      }
      if (worker.state === "activated") {
        html.dataset.offlineReady = "true";
        document.getElementById("offline-problem")?.remove();
      }
      // Gone before it was installed, and not for a newer build installing after it: its
      // files did not match its build list.
      const superseded = registration.installing && registration.installing !== worker;
      if (worker.state === "redundant" && !installed && !superseded) tellInstallFailed(registration);
    };
    worker.addEventListener("statechange", settle);
    settle();
  };
  watch(registration.installing);
  watch(registration.waiting);
  watch(registration.active);
  registration.addEventListener("updatefound", () => watch(registration.installing));
  let checked = Date.now();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible" || Date.now() - checked < UPDATE_CHECK_MS) return;
    checked = Date.now();
    registration.update().catch(() => {}); // offline: checked again next time
  });
}
