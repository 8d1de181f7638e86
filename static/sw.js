// Castaway Referee's service worker: the whole site, offline, one build at a time.
//
// It lives in static/ with the rest of the site and is served with
// "Service-Worker-Allowed: /" (netlify.toml, tools/serve.py) so that it can control the
// pages at the site root; static/app.js registers it with scope "../".
//
// static/vendor/build.js (written by tools/vendor.py) names this build and lists every
// file it needs with its SHA-256. Install fetches them all, checked by subresource
// integrity, into a cache named after the build; a file that does not match (a deploy
// landed half-way) fails the install, which the browser retries later. Every request
// is then answered from that one cache, never from another build's: a new deploy
// installs beside it, waits, and takes over only when the page says so (the page offers
// "Update available: reload"), so old and new files never mix. build.js changes with
// every build, and the browser compares imported scripts too when it checks for updates.

importScripts("./vendor/build.js"); /* global BUILD */

const PREFIX = "castaway-referee-";
const CACHE = PREFIX + BUILD.id;
const ROOT = new URL("../", self.location.href);
const FILES = BUILD.files.map(([path, sha256]) => [new URL(path, ROOT).href, sha256]);

self.addEventListener("install", (event) => {
  // The site's files (everything under static/: scripts, styles, the runtime, the wheels,
  // the snapshot) are answered from this build's cache by the browser itself, without
  // starting this worker or running its fetch handler for each of them (the static
  // routing API; a file missing from the cache goes to the network, as below). Pages go
  // through the fetch handler, which ignores their query.
  if (event.addRoutes) {
    event.addRoutes({
      condition: {
        urlPattern: new URLPattern({ pathname: `${ROOT.pathname}static/*` }),
        requestMethod: "get",
      },
      source: { cacheName: CACHE },
    }).catch((error) => console.warn(`static routes not added: ${error}`)); // the handler serves
  }
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      // Vendored files are immutable under their URLs, so the HTTP cache may serve them;
      // the page's own files are revalidated (their Cache-Control is no-cache).
      cache.addAll(FILES.map(([url, sha256]) => new Request(url, { integrity: `sha256-${sha256}` }))),
    ),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
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
