// What static/sw.js takes from its globals, beyond TypeScript's WebWorker library.

/** This build, from static/vendor/build.js (written by tools/vendor.py): its id and every file
 * to precache, as [path from the site's root, base64 SHA-256]. */
declare var BUILD: { id: string; files: [string, string][] };

/** The Service Worker Static Routing API (not in TypeScript's library yet): routes the browser
 * answers without starting the worker. Only what static/sw.js uses. */
interface RouterRule {
  condition: { urlPattern?: URLPattern; requestMethod?: string };
  source: { cacheName: string };
}

/** The "install" event (TypeScript's library has it as a plain ExtendableEvent). */
interface InstallEvent extends ExtendableEvent {
  /** Absent where the browser has no static routing. */
  addRoutes?(rules: RouterRule | RouterRule[]): Promise<void>;
}
