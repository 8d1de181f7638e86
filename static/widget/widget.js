// @ts-check
// The embeddable widget (widget.html): one situation and its ruling, from a share link in the
// fragment (`#r=…`) or sent by the host page (postMessage, see messages.js), with "open on the
// board" and "copy embed code"; or a question of the rules FAQ (`#q=<id>`), or the FAQ with its
// search (`#faq`), drawn by faqview.js. It never writes anything to storage: the user's saved
// table belongs to the board.

import "../app.js"; // starts PyScript and defines window.referee (same module as the page's)
import { language, setLanguage, t, tellCore, translateDocument } from "../shared/i18n.js";
import { plainError } from "../shared/labels.js";
import { peekPayload } from "../shared/linkpeek.js";
import { announcement, changeOf } from "../shared/change.js";
import { el, renderSituation } from "../shared/view.js";
import { loadFaq, showFaq, showQuestion } from "./faqview.js";
import { embedCode, fragmentFor, parseFragment, parseOrigins, refusedOrigins } from "../shared/embed.js";
import {
  API_VERSION, BATCH, MAX_QUEUED, READY, RESIZE, RULING, busyMessage, errorMessage, questionsMessage, readMessage,
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
let shownFaq = null; // {question} or {faq: true}: the FAQ part shown, when it is one
let faqData = null; // the core's FAQ, loaded when a question or the FAQ is first shown
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
  view.replaceChildren(...children.filter(Boolean));
}

function showMessage(state, title, text) {
  setView(state, el("div", { class: `notice notice-${state}`, role: state === "error" ? "alert" : null },
    el("p", { class: "notice-title", text: title }), text ? el("p", { text }) : null));
  $("open-board").hidden = true;
}

/** @param {string} [differs] the core's line when the link's own words say otherwise */
async function show(request, ruling, payload, differs = "") {
  current = { request, ruling, payload };
  if (shownFaq) { // back from a FAQ question to a ruling: the heading and the embed say so
    shownFaq = null;
    embedTitle();
    $("brand-what").textContent = t("a ruling on unfulfilled demand");
  }
  setView("shown", differs ? el("p", { class: "notice", role: "status", "data-testid": "ruling-differs", text: differs }) : null,
    renderSituation(request, ruling, clauses, {
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
  let differs = "";
  try {
    ({ request, differs } = await referee.links.open(payload));
  } catch (error) {
    current = null;
    html.dataset.rulingShown = "false";
    $("as-json").hidden = true;
    showMessage("error", t("This link cannot be opened."), plainError(error));
    return;
  }
  try {
    await show(request, await referee.rule(request), payload, differs);
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
// bounded queue (past MAX_QUEUED, each is answered at once with a "busy" error: shed, never
// lost); they are ruled in batches of at most BATCH (the only calls the rules worker has in
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
  if (read.lang && read.lang !== language()) { // `speak` could not load it
    answer(event, errorMessage(read.id, { type: "unknown_language", message: t("There are no words for the language {code} in this widget.", { code: JSON.stringify(read.lang) }) }));
    return null;
  }
  if (read.faq) {
    try {
      answer(event, questionsMessage(read.id, await referee.call("faq_search", read.faq)));
    } catch (error) {
      answer(event, errorMessage(read.id, error));
    }
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
      const batch = queue.splice(0, sameLanguage(queue));
      await speak(langOf(batch[0].data));
      note();
      await drawLatest(await Promise.all(batch.map(ruleOne)));
      note();
      await yieldToPage();
    }
  } finally {
    pumping = false;
  }
}

// A message's `lang` (messages.js): the language of its answer, and of the widget from then on.
const langOf = (data) => (data && typeof data === "object" && typeof data.lang === "string" ? data.lang : null);

// How many of the next messages are answered together (at most BATCH): those that ask for
// the language of the first, or for none.
function sameLanguage(waiting) {
  const first = langOf(waiting[0].data);
  let n = 1;
  while (n < Math.min(BATCH, waiting.length) && [null, first].includes(langOf(waiting[n].data))) n += 1;
  return n;
}

// The widget speaks `lang` (loaded if it is not spoken already), the core told, its page's
// words said again in it, and the clauses' titles asked for again. A language the build
// lacks changes nothing: ruleOne refuses its messages by name.
async function speak(lang) {
  if (!lang || lang === language()) return;
  try {
    await setLanguage(lang);
  } catch {
    return;
  }
  await tellCore(referee, { always: true });
  translateDocument();
  clauses = (await referee.call("clauses", "")).clauses;
  undrawn = null;
}

function onMessage(event) {
  if (!allowed.has(event.origin) || !event.source) {
    ignored += 1;
    html.dataset.messagesIgnored = String(ignored);
    return;
  }
  if (queue.length >= MAX_QUEUED) {
    // Answered "busy" in its own task, as it came: reading its id and answering take a
    // fraction of a millisecond, and nothing of it is kept. Put off to later tasks, every
    // shed request would be held until then, and no stall would be shorter: a task of one
    // message is the least the browser runs (bench/widget_bench.py --trace gives each long
    // task's thread time beside its wall time).
    shed += 1;
    answer(event, busyMessage(event.data, MAX_QUEUED));
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
  let shown = shownFaq;
  try {
    shown = shown || await payloadOfCurrent();
  } catch {
    shown = null;
  }
  $textarea("embed-code").value = embedCode(widgetUrl(), shown, origins);
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
  setView("checking", renderSituation(request, null, {}), request.said ? linkSaid(request.said)
    : el("div", { class: "notice notice-loading", role: "status", "data-testid": "ruling-coming" },
      el("p", { class: "notice-title", text: t("Working out the ruling…") }),
      el("p", { text: t("The rules are loading; the ruling appears here.") })));
}

/** The ruling's words the link carried, as the core said them when it was shared: shown as
 * text (they come from a URL), marked as being checked, until the rules' ruling replaces them. */
function linkSaid(said) {
  const lang = said.lang !== language() ? said.lang : null;
  return el("div", { class: "notice notice-loading", role: "status", "data-testid": "ruling-coming" },
    el("p", { text: t("The link's ruling, being checked by the rules…") }),
    el("p", { class: "notice-title", lang, "data-testid": "link-headline", text: said.headline }),
    said.outcome.length ? el("ul", { lang, "data-testid": "link-outcome" }, said.outcome.map((line) => el("li", { text: line }))) : null);
}

// A link to a question or the FAQ in this widget, its embed's origins kept.
const linkFor = (shown) => `#${fragmentFor(shown, settings.origins)}`;

// The panel's heading and what the named sites may send: situations to a ruling, questions
// to the FAQ.
function embedTitle() {
  $("embed-title").textContent = shownFaq && shownFaq.question ? t("Embed this question")
    : shownFaq ? t("Embed the rules FAQ") : t("Embed this ruling");
  $("embed-origins-label").textContent = shownFaq
    ? t("Sites whose pages may send the widget questions (origins such as https://forum.example, one per line; optional)")
    : t("Sites whose pages may send the widget situations (origins such as https://forum.example, one per line; optional)");
}

// `#q=<id>` or `#faq`: the question (its answer at once, then its example ruled) or, with
// no question, the FAQ.
/** @param {{question: string | null}} shown */
async function showFaqPart({ question }) {
  if (!faqData) faqData = await loadFaq(referee);
  current = null;
  $("as-json").hidden = true;
  $("open-board").hidden = true;
  html.dataset.rulingShown = "false";
  html.dataset.questionShown = "false";
  shownFaq = question ? { question } : { faq: true };
  embedTitle();
  $("brand-what").textContent = question ? t("a question of the rules FAQ") : t("the rules FAQ, question by question");
  if (!$("embed-panel").hidden) refreshEmbed();
  const view = $("widget-view");
  if (!question) {
    showFaq(view, referee, faqData, { linkFor });
    html.dataset.faqShown = "true";
    return;
  }
  const shown = await showQuestion(view, referee, faqData, clauses, question, {
    linkFor,
    onAnswer: () => {
      if (!performance.getEntriesByName("answer-shown").length) performance.mark("answer-shown");
    },
  });
  if (shown && shown.ruling) {
    if (!performance.getEntriesByName("question-ruled").length) performance.mark("question-ruled");
    current = { request: shown.request, ruling: shown.ruling, payload: null };
    $("request-json").textContent = JSON.stringify(shown.request, null, 2);
    $("ruling-json").textContent = JSON.stringify(shown.ruling, null, 2);
    $("as-json").hidden = false;
    await linkBoard();
  }
  html.dataset.questionShown = shown ? "true" : "unknown";
}

async function start() {
  wireEmbed();
  const faqPart = settings.question || settings.faq;
  if (faqPart) {
    showMessage("loading", t("Loading the rules…"), "");
  } else if (settings.payload) {
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
  if (faqPart) await showFaqPart(settings);
  else if (settings.payload) await openLink(settings.payload);
  addEventListener("hashchange", () => {
    const { payload, question, faq } = parseFragment(location.hash);
    if (payload && (!current || payload !== current.payload)) openLink(payload);
    else if (question || faq) showFaqPart({ question }).catch((error) => showMessage("error", t("The widget stopped."), plainError(error)));
  });
  watchHeight();
  tellParent({ type: READY, version: API_VERSION });
}

start().catch((error) => showMessage("error", t("The widget stopped."), plainError(error)));
