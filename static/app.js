// Castaway Referee: the JS side of the JS <-> Python bridge, and the tiny "try a ruling" form.
//
// window.referee.rule(request) -> Promise<ruling>
//   request: a plain object (serialised with JSON.stringify) or a string of JSON text.
//   Resolves with the ruling object; rejects with a RefereeError carrying
//   .type, .message and .details ([{loc, msg}]). It never rejects with anything else.
// window.referee.session(command), .links.encode(request), .links.decode(payload),
// .catalogue() and .call(method, payload) work the same way (see pyapp/service.py).
//
// Python (pyapp/bridge.py, started by static/main.py) calls
// window.refereeBridge.attach(handle) once the rules core is imported, where
// handle(method, text) -> string returns the envelope of pyapp.service.Service.call:
//   {"ok": true, ...} | {"ok": false, "error": {"type", "message", "details"}}

import { hooks } from "./vendor/pyscript-0.7.31/core.js";

// PyScript 0.7.31 turns its *worker* hooks into functions with Function() even when
// Python runs on the main thread, and ships one default worker hook, so under a CSP
// without 'unsafe-eval' the boot dies with an EvalError. We run Python on the main
// thread only; dropping that worker hook before PyScript creates its interpreter
// (it runs after Pyodide has loaded, long after this module) avoids eval entirely.
hooks.worker.onBeforeRunAsync.clear();

const html = document.documentElement;

// Error types follow pyapp.api ("validation_error", "request_error", "ruling_error",
// "internal_error", ...); the page adds "bad_request" (not JSON-serialisable),
// "bridge_error" (a fault between JS and Python) and "rules_unavailable" (boot failed).
export class RefereeError extends Error {
  constructor(type, message, details) {
    super(message);
    this.name = "RefereeError";
    this.type = type;
    this.details = Array.isArray(details) ? details : [{ loc: "", msg: message }];
  }
}

let attachHandle;
let failBoot;
const handleReady = new Promise((resolve, reject) => {
  attachHandle = resolve;
  failBoot = reject;
});
// Rejections of handleReady are always observed by rule() callers; this keeps an
// early boot failure from surfacing as an unhandled rejection when nobody has asked yet.
handleReady.catch(() => {});

let bootSettled = false;

function setStatus(state, text) {
  const line = document.getElementById("rules-status");
  const label = document.getElementById("rules-status-text");
  if (line) line.dataset.state = state;
  if (label) label.textContent = text;
}

function rulesReady() {
  bootSettled = true;
  performance.mark("rules-ready");
  html.dataset.rulesReady = "true";
  setStatus("ready", "Rules ready.");
  const submit = document.getElementById("try-submit");
  if (submit) submit.disabled = false;
}

function rulesFailed(message) {
  if (bootSettled) return;
  bootSettled = true;
  html.dataset.rulesReady = "error";
  setStatus("error", `The rules could not be loaded: ${message}`);
  failBoot(new RefereeError("rules_unavailable", `The rules could not be loaded: ${message}`));
}

// Called from Python only.
Object.defineProperty(window, "refereeBridge", {
  value: Object.freeze({
    attach(handle) {
      if (bootSettled) return;
      attachHandle(handle);
      rulesReady();
    },
    fail(message) {
      rulesFailed(String(message));
    },
  }),
});

// Boot failures that pyapp/bridge.py cannot report itself (the runtime, the standard
// library or a wheel failed to load): until the rules are ready, the only scripts at
// work are PyScript and Pyodide, so any uncaught error means the rules are not coming.
function bootError(reason) {
  if (bootSettled) return;
  const text = reason && reason.message ? reason.message : String(reason);
  rulesFailed(text.split("\n")[0]);
}
addEventListener("error", (event) => bootError(event.error || event.message));
addEventListener("unhandledrejection", (event) => bootError(event.reason));

function parseEnvelope(text) {
  let envelope;
  try {
    envelope = JSON.parse(text);
  } catch {
    throw new RefereeError("bridge_error", "The rules core returned something that is not JSON.");
  }
  if (envelope && envelope.ok === true) return envelope;
  const error = (envelope && envelope.error) || {};
  throw new RefereeError(
    typeof error.type === "string" ? error.type : "bridge_error",
    typeof error.message === "string" ? error.message : "The rules core returned an unexpected answer.",
    error.details,
  );
}

function asText(payload) {
  if (typeof payload === "string") return payload;
  let text;
  try {
    text = JSON.stringify(payload);
  } catch (error) {
    throw new RefereeError("bad_request", `The request cannot be written as JSON: ${error.message}`);
  }
  if (text === undefined) throw new RefereeError("bad_request", "The request is empty.");
  return text;
}

// call(method, payload) -> Promise<envelope>: the one door to pyapp.service.Service.call.
async function call(method, payload) {
  const text = asText(payload);
  const handle = await handleReady;
  let answer;
  try {
    answer = handle(method, text);
  } catch (error) {
    // pyapp/bridge.py never raises; this is a fault in the bridge itself.
    throw new RefereeError("bridge_error", String((error && error.message) || error));
  }
  return parseEnvelope(String(answer));
}

const rule = async (request) => (await call("rule", request)).ruling;
// The board's session: {cmd: "snapshot" | "edit" | "preview" | "apply" | "undo" | ...}.
const session = (command) => call("session", command);
const links = Object.freeze({
  encode: async (request) => (await call("link_encode", request)).link,
  decode: async (payload) => (await call("link_decode", String(payload))).request,
});
const catalogue = async () => (await call("catalogue", "")).catalogue;

const ready = handleReady.then(
  () => true,
  () => false,
);

Object.defineProperty(window, "referee", {
  value: Object.freeze({ rule, session, links, catalogue, call, ready, RefereeError }),
  enumerable: true,
});

// ------------------------------------------------------------- "try a ruling"

function showOutput(kind, value) {
  const out = document.getElementById("try-output");
  if (!out) return;
  out.dataset.kind = kind;
  out.textContent = typeof value === "string" ? value : JSON.stringify(value, null, 2);
}

function wireForm() {
  const form = document.getElementById("try-form");
  const input = document.getElementById("try-request");
  if (!form || !input) return;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    showOutput("pending", "Thinking…");
    rule(input.value).then(
      (ruling) => showOutput("ruling", ruling),
      (error) =>
        showOutput("error", {
          error: error.type || "Error",
          message: error.message,
          details: error.details || [],
        }),
    );
  });
}

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", wireForm, { once: true });
} else {
  wireForm();
}
