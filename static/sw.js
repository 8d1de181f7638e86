// @ts-check
// Castaway Referee's service worker: the whole site, offline, one build at a time.
//
// It lives in static/ with the rest of the site and is served with
// "Service-Worker-Allowed: /" (netlify.toml, tools/serve.py) so that it can control the
// pages at the site root; static/app.js registers it with scope "../".
//
// static/vendor/build.js (written by tools/vendor.py) names this build and lists every
// file it needs with its SHA-256. Install fetches them all, checked by subresource
// integrity, into a cache named after the build; a file that does not match (a deploy
// landed half-way) fails the install and leaves no cache behind, and the browser retries
// later (the page tells the visitor, static/app.js). Every request
// is then answered from that one cache, never from another build's: a new deploy
// installs beside it, waits, and takes over only when the page says so (the page offers
// "Update available: reload"), so old and new files never mix. build.js changes with
// every build, and the browser compares imported scripts too when it checks for updates.

importScripts("./vendor/build.js"); /* global BUILD */

/** This service worker's global scope (`self` is typed as any worker's). */
const worker = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

const PREFIX = "castaway-referee-";
const CACHE = PREFIX + BUILD.id;
const ROOT = new URL("../", worker.location.href);
const FILES = BUILD.files.map(([path, sha256]) => [new URL(path, ROOT).href, sha256]);

// The pages (index.html, faq.html, widget.html and the site's root): the build's files that
// are not under static/.
const PAGES = BUILD.files.map(([path]) => path).filter((path) => !path.startsWith("static/"));

worker.addEventListener("install", (installing) => {
  const event = /** @type {InstallEvent} */ (installing);
  // The site's files (everything under static/: scripts, styles, the runtime, the wheels,
  // the snapshot) and its pages are answered from this build's cache by the browser itself,
  // without starting this worker or running its fetch handler (the static routing API; a
  // file missing from the cache goes to the network, as below). A page load so need not
  // wait for this worker to start (after a browser restart, for instance). A page asked
  // for with a query goes through the fetch handler, which ignores the query (a share
  // link's table is in the #fragment, which is never sent).
  if (event.addRoutes) {
    /** @param {URLPatternInit} pattern @returns {RouterRule} */
    const fromCache = (pattern) => ({
      condition: { urlPattern: new URLPattern(pattern), requestMethod: "get" },
      source: { cacheName: CACHE },
    });
    event.addRoutes([
      fromCache({ pathname: `${ROOT.pathname}static/*` }),
      ...PAGES.map((path) => fromCache({ pathname: ROOT.pathname + path, search: "" })),
    ]).catch((error) => console.warn(`static routes not added: ${error}`)); // the handler serves
  }
  event.waitUntil(precache());
});

// One file as the build list has it. Vendored files are immutable under their URLs, so the
// HTTP cache may serve them; the page's own files are revalidated (no-cache). A copy that
// does not match (one the HTTP cache kept from another build) is asked for once more from
// the server.
async function fetchChecked(url, sha256) {
  const integrity = `sha256-${sha256}`;
  let response;
  try {
    response = await fetch(new Request(url, { integrity }));
  } catch {
    response = await fetch(new Request(url, { integrity, cache: "reload" }));
  }
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

// All of this build's files, or nothing: a file that does not match the build list (a
// deploy landed half-way) fails the install, and the half-filled cache is dropped, so that
// the build that works (its own cache) stays and is used until a whole build installs.
async function precache() {
  const existed = await caches.has(CACHE); // the same build installing again: keep it
  const cache = await caches.open(CACHE);
  try {
    await Promise.all(FILES.map(async ([url, sha256]) => cache.put(url, await fetchChecked(url, sha256))));
  } catch (error) {
    if (!existed) await caches.delete(CACHE);
    throw error;
  }
}

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") worker.skipWaiting();
});

worker.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(ROOT.origin + "/")) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      // A page is the same page whatever its query (share links use the #fragment).
      const hit = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
      return hit || fetch(request);
    })(),
  );
});
