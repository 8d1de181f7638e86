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

// How the install is going, kept for the page (static/referee/offline.js), which tells the
// visitor when it has stalled, and for a test that failed: how many files are held, which
// are being fetched (their bytes so far, how long since the last ones came, their tries),
// and why it failed. Posted to every window of the site at least every PROGRESS_MS while
// installing, and to a window that asks ("install-progress").
const PROGRESS_MS = 2000;
// A file whose bytes stop coming for QUIET_MS is asked for again (a download the browser
// never settles, or a server that went silent), at most TRIES times in all.
const QUIET_MS = 20_000;
const TRIES = 3;
// Files fetched at the same time: a request queued behind the browser's own per-host limit
// gets no bytes, and would look stalled.
const AT_ONCE = 4;

/**
 * @typedef {{ bytes: number, quietMs: number, tries: number, storing: boolean }} Fetching
 * @typedef {{ type: "castaway-install", build: string, state: string, files: number,
 *   held: number, fetching: Record<string, Fetching>, failed: null | { file: string,
 *   why: "mismatch" | "http" | "stalled" | "network" | "storage", detail: string } }} Progress
 */
/** @type {Progress} */
const progress = {
  type: "castaway-install", build: BUILD.id, state: "waiting", files: FILES.length, held: 0,
  fetching: {}, failed: null,
};
/** @type {Map<string, number>} when each file being fetched last had bytes */
const lastBytes = new Map();

function snapshot() {
  const now = Date.now();
  for (const [file, at] of lastBytes) progress.fetching[file].quietMs = now - at;
  return structuredClone(progress);
}

async function tell() {
  const message = snapshot();
  for (const client of await worker.clients.matchAll({ includeUncontrolled: true, type: "window" })) {
    client.postMessage(message);
  }
}

/** A file that could not be had, and why (Progress.failed's why). */
class FileError extends Error {
  /** @param {string} file @param {"mismatch" | "http" | "stalled" | "network" | "storage"} why @param {string} detail */
  constructor(file, why, detail) {
    super(`${file}: ${detail}`);
    this.file = file;
    this.why = why;
    this.detail = detail;
  }
}

/** @param {ArrayBuffer} buffer */
function base64(buffer) {
  let text = "";
  for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
  return btoa(text);
}

// One file as the build list has it, once. Vendored files are immutable under their URLs,
// so the HTTP cache may serve them (`reload`: asked of the server again); the page's own
// files are revalidated (no-cache). Its body is read here as it comes (a copy of it: the
// response itself goes to the cache whole), so that a download that stops is seen and
// given up, and its SHA-256 checked against the build list's.
async function fetchOnce(url, file, sha256, reload) {
  const abort = new AbortController();
  lastBytes.set(file, Date.now());
  const watchdog = setInterval(() => {
    if (Date.now() - (lastBytes.get(file) ?? 0) > QUIET_MS) abort.abort();
  }, 1000);
  try {
    const response = await fetch(url, { signal: abort.signal, cache: reload ? "reload" : "default" });
    lastBytes.set(file, Date.now());
    if (!response.ok || !response.body) throw new FileError(file, "http", `HTTP ${response.status}`);
    const reader = /** @type {ReadableStream<Uint8Array>} */ (response.clone().body).getReader();
    const chunks = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      progress.fetching[file].bytes += value.byteLength;
      lastBytes.set(file, Date.now());
    }
    const body = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
    chunks.reduce((at, chunk) => (body.set(chunk, at), at + chunk.byteLength), 0);
    const digest = base64(await crypto.subtle.digest("SHA-256", body));
    if (digest !== sha256) throw new FileError(file, "mismatch", "its content is not the build list's");
    return response;
  } catch (error) {
    if (error instanceof FileError) throw error;
    if (abort.signal.aborted) throw new FileError(file, "stalled", `no bytes for ${QUIET_MS / 1000} s`);
    throw new FileError(file, "network", String(error));
  } finally {
    clearInterval(watchdog);
  }
}

// One file, checked, into the cache: asked for again when it stalls or the network fails;
// a copy that does not match (one the HTTP cache kept from another build) is asked for once
// more from the server, and a second mismatch is final (a deploy landed half-way).
async function store(cache, url, sha256) {
  const file = url.slice(ROOT.href.length) || "/";
  progress.fetching[file] = { bytes: 0, quietMs: 0, tries: 0, storing: false };
  let response;
  for (let tries = 1; ; tries++) {
    progress.fetching[file].tries = tries;
    progress.fetching[file].bytes = 0;
    try {
      response = await fetchOnce(url, file, sha256, tries > 1);
      break;
    } catch (error) {
      const final = error.why === "http" || (error.why === "mismatch" && tries > 1);
      if (final || tries >= TRIES) throw error;
    }
  }
  lastBytes.delete(file);
  progress.fetching[file].storing = true;
  try {
    await cache.put(url, response);
  } catch (error) {
    throw new FileError(file, "storage", String(error));
  }
  delete progress.fetching[file];
  progress.held++;
}

// All of this build's files, or nothing: a file that does not match the build list (a
// deploy landed half-way) or cannot be had fails the install, and the half-filled cache is
// dropped, so that the build that works (its own cache) stays and is used until a whole
// build installs. The page tells the visitor, and tries again when it was the network.
async function precache() {
  const existed = await caches.has(CACHE); // the same build installing again: keep it
  const cache = await caches.open(CACHE);
  const queue = [...FILES];
  progress.state = "installing";
  const timer = setInterval(tell, PROGRESS_MS);
  tell();
  try {
    await Promise.all(Array.from({ length: AT_ONCE }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await store(cache, ...next);
    }));
    progress.state = "installed";
  } catch (error) {
    queue.length = 0; // the other downloads stop after their current file
    progress.state = "failed";
    progress.failed = error instanceof FileError
      ? { file: error.file, why: error.why, detail: error.detail }
      : { file: "", why: "storage", detail: String(error) };
    if (!existed) await caches.delete(CACHE);
    throw error;
  } finally {
    clearInterval(timer);
    await tell();
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
  if (event.data === "install-progress") event.source?.postMessage(snapshot());
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
