// @ts-check
// The embeddable widget (widget.html): one situation and its ruling, from a share link in the
// fragment (`#r=…`) or sent by the host page (postMessage, see messages.js), with "open on the
// board" and "copy embed code". It never writes anything to storage: the user's saved table
// belongs to the board.

import "../app.js"; // starts PyScript and defines window.referee (same module as the page's)
import { t } from "../shared/i18n.js";
import { plainError } from "../shared/labels.js";
import { peekPayload } from "../shared/linkpeek.js";
import { announcement, changeOf } from "../shared/change.js";
import { el, renderSituation } from "../shared/view.js";
import {
  API_VERSION, BATCH, MAX_QUEUED, READY, RESIZE, RULING, busyMessage, embedCode, errorMessage, parseFragment,
  parseOrigins, readMessage, refusedOrigins,
} from "./messages.js";

const referee = window.referee;
const html = document.documentElement;
/** @param {string} id */
const $ = (id) => document.getElementById(id);
/** @param {string} id */
const $textarea = (id) => /** @type {HTMLTextAreaElement} */ ($(id));

// The allow-list is the embed code's: read once, when the widget loads.
const settings = parseFragment(location.hash);
const allowed = new Set(settings.origins);
let clauses = {};
let current = null; // {request, ruling, payload}
let shownOnce = false;
let ignored = 0;
let clausesLoaded;
const started = new Promise((resolve) => {
  clausesLoaded = resolve;
});

// ------------------------------------------------------------------ showing

function setView(state, ...children) {
  const view = $("widget-view");
  view.dataset.state = state;
  view.replaceChildren(...children);
}

function showMessage(state, title, text) {
  setView(state, el("div", { class: `notice notice-${state}`, role: state === "error" ? "alert" : null },
    el("p", { class: "notice-title", text: title }), text ? el("p", { text }) : null));
  $("open-board").hidden = true;
}

async function show(request, ruling, payload) {
  current = { request, ruling, payload };
  setView("shown", renderSituation(request, ruling, clauses, {
    headingLevel: 2, clauseTarget: "_blank",
    clauseHref: (code) => new URL(`faq.html#${encodeURIComponent(code)}`, location.href).href,
  }));
  // A death or a lost game, said as well as drawn on the pieces.
  $("widget-live").textContent = announcement(changeOf(ruling));
  $("request-json").textContent = JSON.stringify(request, null, 2);
  $("ruling-json").textContent = JSON.stringify(ruling, null, 2);
  $("as-json").hidden = false;
  if (!shownOnce) {
    shownOnce = true;
    performance.mark("ruling-shown");
  }
  html.dataset.rulingShown = "true";
  await linkBoard();
}

async function payloadOfCurrent() {
  if (!current) return null;
  if (!current.payload) current.payload = await referee.links.encode(current.request);
  return current.payload;
}

async function linkBoard() {
  const link = /** @type {HTMLAnchorElement} */ ($("open-board"));
  try {
    const payload = await payloadOfCurrent();
    link.href = new URL(`index.html#r=${payload}`, location.href).href;
    link.hidden = false;
  } catch {
    link.hidden = true;
  }
  if (!$("embed-panel").hidden) await refreshEmbed();
}

async function openLink(payload) {
  let request;
  try {
    request = await referee.links.decode(payload);
  } catch (error) {
    current = null;
    html.dataset.rulingShown = "false";
    $("as-json").hidden = true;
    showMessage("error", t("This link cannot be opened."), plainError(error));
    return;
  }
  try {
    await show(request, await referee.rule(request), payload);
  } catch (error) {
    showMessage("error", t("The referee cannot rule on this link."), plainError(error));
  }
}

// ------------------------------------------------------------------ messages

function parentOrigin() {
  if (window.parent === window) return null;
  const ancestors = location.ancestorOrigins;
  if (ancestors && ancestors.length) return allowed.has(ancestors[0]) ? ancestors[0] : null;
  return undefined; // unknown (no ancestorOrigins): try each allowed origin
}

function tellParent(message) {
  const origin = parentOrigin();
  if (origin === null) return;
  for (const target of origin === undefined ? allowed : [origin]) {
    try {
      window.parent.postMessage(message, target);
    } catch {
      // the parent is gone or not of that origin: nothing to tell
    }
  }
}

function reply(event, message) {
  try {
    event.source.postMessage(message, event.origin);
  } catch {
    // the sender's window is gone: nobody to answer
  }
}

// A flood of messages must not freeze the widget: messages from allowed origins wait in a
// bounded queue (past MAX_QUEUED, each is answered with a "busy" error, a slice at a time:
// shed, never lost); they are ruled in batches of at most BATCH (the only calls the rules worker has in
// flight for them, so a click's own call waits for one batch at most), and the page gets
// its turn between batches (its clicks, its drawing). Only the latest situation ruled is
// drawn: after each batch while more wait, at most once every DRAW_EVERY_MS, and always
// once the queue is empty (the others are answered, and would be drawn over at once).
const DRAW_EVERY_MS = 1000;
let drawnAt = -Infinity;
let undrawn = null; // {text, ruling}: the latest situation ruled, not drawn yet
const queue = [];
let pumping = false;
let answered = 0;
let shed = 0;

// The counts on <html data-messages-queued/-answered/-shed>, written at most once per task
// that follows (a flood's thousands of arrivals are as many tasks: one write each would
// restyle the page thousands of times).
let noting = false;
function note() {
  if (noting) return;
  noting = true;
  setTimeout(() => {
    noting = false;
    html.dataset.messagesQueued = String(queue.length);
    html.dataset.messagesAnswered = String(answered);
    html.dataset.messagesShed = String(shed);
  });
}

function answer(event, message) {
  reply(event, message);
  answered += 1;
}

// Lets the page run its input and rendering tasks before the next batch.
const yieldToPage = () =>
  globalThis.scheduler && typeof globalThis.scheduler.yield === "function"
    ? globalThis.scheduler.yield()
    : new Promise((resolve) => setTimeout(resolve, 0));

async function ruleOne(event) {
  const read = readMessage(event.data);
  if (!read.ok) {
    answer(event, errorMessage(read.id, read.error));
    return null;
  }
  try {
    const ruling = await referee.rule(read.text);
    answer(event, { type: RULING, id: read.id, ruling });
    return { text: read.text, ruling };
  } catch (error) {
    answer(event, errorMessage(read.id, error));
    return null;
  }
}

async function drawLatest(ruled) {
  undrawn = ruled.filter(Boolean).pop() || undrawn;
  if (!undrawn || (queue.length && performance.now() - drawnAt < DRAW_EVERY_MS)) return;
  const { text, ruling } = undrawn;
  undrawn = null;
  drawnAt = performance.now();
  try {
    await show(JSON.parse(text), ruling, null);
  } catch (error) {
    showMessage("error", t("The widget could not draw this situation."), plainError(error));
  }
}

async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    await started; // clause titles first, so that the ruling shows whole
    while (queue.length) {
      const batch = queue.splice(0, BATCH);
      note();
      await drawLatest(await Promise.all(batch.map(ruleOne)));
      note();
      await yieldToPage();
    }
  } finally {
    pumping = false;
  }
}

// Messages past the queue's bound, answered "busy" in slices of at most SLICE_MS with the page's
// turn between them: reading a message's id reads its whole request, and answering thousands
// at once, as they came, held the page for a second and more.
const SLICE_MS = 8;
let shedding = [];
let shedFrom = 0;
let answeringShed = false;

async function answerShed() {
  if (answeringShed) return;
  answeringShed = true;
  try {
    while (shedFrom < shedding.length) {
      const until = performance.now() + SLICE_MS;
      while (shedFrom < shedding.length && performance.now() < until) {
        const event = shedding[shedFrom];
        shedding[shedFrom] = null; // its request can go as soon as it is answered
        shedFrom += 1;
        answer(event, busyMessage(event.data, MAX_QUEUED));
      }
      note();
      await yieldToPage();
    }
  } finally {
    shedding = [];
    shedFrom = 0;
    answeringShed = false;
  }
}

function onMessage(event) {
  if (!allowed.has(event.origin) || !event.source) {
    ignored += 1;
    html.dataset.messagesIgnored = String(ignored);
    return;
  }
  if (queue.length >= MAX_QUEUED) {
    shed += 1;
    shedding.push(event);
    answerShed().catch(() => {}); // each is answered "busy" once, a slice at a time
    note();
    return;
  }
  queue.push(event);
  note();
  pump().catch(() => {}); // every message is answered by ruleOne, whatever happens
}

addEventListener("message", onMessage);

// ------------------------------------------------------------------ embed code

function widgetUrl() {
  return new URL("widget.html", location.href).href;
}

async function refreshEmbed() {
  const { origins, invalid } = parseOrigins($textarea("embed-origins").value);
  $("embed-invalid").textContent = refusedOrigins(invalid);
  let payload = null;
  try {
    payload = await payloadOfCurrent();
  } catch {
    payload = null;
  }
  $textarea("embed-code").value = embedCode(widgetUrl(), payload, origins);
  $("copy-status").textContent = "";
}

async function copyEmbed() {
  const code = $textarea("embed-code");
  code.select();
  let copied = false;
  try {
    await navigator.clipboard.writeText(code.value);
    copied = true;
  } catch {
    try {
      copied = document.execCommand("copy");
    } catch {
      copied = false;
    }
  }
  $("copy-status").textContent = copied ? t("Copied.") : t("Select the code and copy it (Ctrl+C / ⌘C).");
}

function wireEmbed() {
  $textarea("embed-origins").value = settings.origins.join("\n");
  $("embed-toggle").addEventListener("click", () => {
    const panel = $("embed-panel");
    panel.hidden = !panel.hidden;
    $("embed-toggle").setAttribute("aria-expanded", String(!panel.hidden));
    if (!panel.hidden) refreshEmbed();
  });
  $("embed-origins").addEventListener("input", () => refreshEmbed());
  $("copy-embed").addEventListener("click", () => copyEmbed());
}

function watchHeight() {
  if (window.parent === window || typeof ResizeObserver !== "function") return;
  let last = 0;
  new ResizeObserver(() => {
    const height = Math.ceil(document.documentElement.scrollHeight);
    if (height !== last) {
      last = height;
      tellParent({ type: RESIZE, height });
    }
  }).observe(document.body);
}

// ------------------------------------------------------------------ start

/** A link's table and demand, read by the page alone (../shared/linkpeek.js), shown at once while
 * the rules load (seconds, on a first visit); the ruling takes the line's place when they have
 * read the link too. A link the page cannot read waits for the rules, which say what is wrong. */
async function peek(payload) {
  const request = await peekPayload(payload);
  if (!request || current) return;
  setView("checking", renderSituation(request, null, {}),
    el("div", { class: "notice notice-loading", role: "status", "data-testid": "ruling-coming" },
      el("p", { class: "notice-title", text: t("Working out the ruling…") }),
      el("p", { text: t("The rules are loading; the ruling appears here.") })));
}

async function start() {
  wireEmbed();
  if (settings.payload) {
    showMessage("loading", t("Loading the rules…"), "");
    await peek(settings.payload);
  } else showMessage("waiting", t("No situation yet."), allowed.size
    ? t("Waiting for the host page to send one.")
    : t("Open a Castaway Referee share link in this widget: widget.html#r=…"));
  if (!(await referee.ready)) {
    clausesLoaded();
    showMessage("error", t("The rules could not be loaded."), t("Reload the page to try again."));
    return;
  }
  try {
    clauses = (await referee.call("clauses", "")).clauses;
  } catch {
    clauses = {}; // the ruling still shows, without clause titles
  }
  clausesLoaded();
  if (settings.payload) await openLink(settings.payload);
  addEventListener("hashchange", () => {
    const { payload } = parseFragment(location.hash);
    if (payload && (!current || payload !== current.payload)) openLink(payload);
  });
  watchHeight();
  tellParent({ type: READY, version: API_VERSION });
}

start().catch((error) => showMessage("error", t("The widget stopped."), plainError(error)));
