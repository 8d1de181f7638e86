// @ts-check
// The rules FAQ (faq.html): every entry of the core's FAQ (pyapp/data/faq.json) as a question,
// its situation in words and on a small board, and the ruling the core computes now, in this
// page, from the entry's example request. The answers are never written anywhere.
//
// Anchors: every rule code of the catalogue (C1, C1a, G-combat, R6…) is an element id, so
// `faq.html#C6` reaches its rule: a question's code wraps its entry (`#C6` holds `#resolving-
// character`, the entry's own id, kept for older links); a code with no question is a short
// card of its own. Codes are also found case-insensitively (`#c6`). A source the rules cite is
// `#source-<key>` (`#source-DZ-UD`). The reached entry is scrolled to and highlighted.
// A question's own address is `faq.html#q=<id>` (its id never changes once published); an id
// the FAQ has not got is said plainly, with the nearest questions (the core's faq_search).

import "../app.js"; // defines window.referee and starts the rules worker
import { t, tn } from "../shared/i18n.js";
import { plainError } from "../shared/labels.js";
import { el, renderSituation, switchWords } from "../shared/view.js";
import { clauseQuote, externalLink, setupLine, sourceKey } from "../shared/rule-entry.js";
import { embedControls } from "../shared/embed-panel.js";

const referee = window.referee;
const html = document.documentElement;
/** @param {string} id */
const $ = (id) => document.getElementById(id);
/** @param {string} id */
const $input = (id) => /** @type {HTMLInputElement} */ ($(id));
const WIDE = window.matchMedia("(min-width: 64em)");

// The page's sections, their titles said when drawn.
const GROUPS = () => [
  { id: "rule", title: t("The rule, clause by clause"), test: (c) => c.startsWith("C") },
  { id: "around", title: t("Around the rule"), test: (c) => c.startsWith("G-") },
  { id: "rulings", title: t("Where the rules are silent: our rulings"), test: (c) => c.startsWith("R") },
];

const codeIds = new Map(); // lower-cased rule code or entry id -> element id
let userMoved = false; // the reader scrolled or typed since the page opened

// ------------------------------------------------------------------ entries

// One question: its situation, and the ruling the referee computes live. A rule code is shown
// as it is, never translated (`data-typed`, as view.js's codes).
function entryShell(entry, clause, sources, { quoted = true } = {}) {
  return el("article", {
    class: "faq-entry", id: entry.id, "data-testid": "faq-entry", tabindex: "-1",
    data: { clause: entry.clause, state: "pending" }, "aria-labelledby": `${entry.id}-q`,
  },
  el("h3", { id: `${entry.id}-q`, class: "question" },
    el("span", { class: "clause", "data-typed": "", text: entry.clause }), " ", entry.question),
  el("p", { class: "faq-answer", "data-testid": "faq-answer", text: entry.answer }),
  quoted ? clauseQuote(clause, sources) : null,
  setupLine(entry),
  el("div", { class: "live" }, el("p", { class: "pending", text: t("The referee is ruling…") })),
  el("ul", { class: "entry-links" }),
  el("div", { class: "entry-embed" }, embedControls({ question: entry.id }, t("Embed this question"))));
}

// A rule's questions (a rule may have several: one per kind of demand it decides). The rule
// code wraps them, so that faq.html#C6 reaches the first; the rule's text is quoted once.
function codeBlock(entries, clause, sources) {
  return el("div", { class: "code-anchor", id: clause.id, data: { search: searchText(entries, clause) } },
    entries.map((entry, i) => entryShell(entry, clause, sources, { quoted: i === 0 })));
}

// A rule the referee cites that has no question of its own: its text and source.
function clauseCard(clause, sources) {
  return el("div", { class: "code-anchor", id: clause.id, data: { search: searchText(null, clause) } },
    el("article", { class: "faq-clause", "data-testid": "faq-clause", tabindex: "-1",
      data: { clause: clause.id }, "aria-labelledby": `${clause.id}-t` },
    el("h3", { id: `${clause.id}-t`, class: "question" },
      el("span", { class: "clause", "data-typed": "", text: clause.id }), " ", clause.title),
    clauseQuote(clause, sources, { titled: false })));
}

function searchText(entries, clause) {
  return [...(entries || []).flatMap((e) => [e.question, e.answer, e.setup, e.id]),
    clause.id, clause.title, clause.text, clause.switch, clause.switch && switchWords(clause.switch)].filter(Boolean).join(" ").toLowerCase();
}

function tocLink(href, code, title) {
  return el("li", {}, el("a", { href, class: "toc-link", data: { code } },
    el("span", { class: "clause", "data-typed": "", text: code }), el("span", { class: "toc-text", text: title })));
}

function sourcesSection(sources) {
  const items = [...sources.values()].map((s) => el("li", {
    class: "source-item", id: `source-${s.key}`, tabindex: "-1", data: { search: `${s.key} ${s.name} ${s.about}`.toLowerCase() },
  },
    el("p", { class: "source-name" }, s.url ? externalLink(s) : el("strong", { text: s.name })),
    el("p", { class: "source-about", text: s.about }),
    sourceKey(s)));
  return el("section", { class: "faq-group", id: "sources", "aria-labelledby": "group-sources" },
    el("h2", { id: "group-sources", text: t("Where these rules come from") }),
    el("p", { class: "group-intro", text: t("The rules are quoted from public pages. Most come from Dized, the official rules app that Portal Games, the publisher, provides for the game; a few from copies of the first edition's rulebook. Links open the source on its own site.") }),
    el("ul", { class: "source-list" }, items));
}

function renderShells(entries, clauses, sources) {
  const toc = [];
  const sections = [];
  const byClause = new Map();
  for (const e of entries) byClause.set(e.clause, [...(byClause.get(e.clause) || []), e]);
  for (const group of GROUPS()) {
    const codes = Object.keys(clauses).filter(group.test);
    if (!codes.length) continue;
    const links = [];
    const blocks = [];
    for (const code of codes) {
      const own = byClause.get(code);
      blocks.push(own ? codeBlock(own, clauses[code], sources) : clauseCard(clauses[code], sources));
      links.push(tocLink(`#${code}`, code, clauses[code].title));
      codeIds.set(code.toLowerCase(), code);
      for (const entry of own || []) codeIds.set(entry.id, code);
    }
    toc.push(el("li", { class: "toc-group" },
      el("a", { class: "toc-group-link", href: `#group-${group.id}`, text: group.title }),
      el("ol", { class: "toc-entries" }, links)));
    sections.push(el("section", { class: "faq-group", "aria-labelledby": `group-${group.id}` },
      el("h2", { id: `group-${group.id}`, tabindex: "-1", text: group.title }), blocks));
  }
  toc.push(el("li", { class: "toc-group" },
    el("a", { class: "toc-group-link", href: "#sources", text: t("Where these rules come from") })));
  sections.push(sourcesSection(sources));
  $("faq-toc").replaceChildren(el("ol", { class: "toc-groups" }, toc));
  $("faq-list").replaceChildren(...sections);
}

// ------------------------------------------------------------------ ruling

async function ruleEntry(entry, clauses) {
  const article = $(entry.id);
  if (!article) return; // a question on a rule the catalogue does not have: not shown
  const live = article.querySelector(".live");
  try {
    const ruling = await referee.rule(entry.example);
    live.replaceChildren(renderSituation(entry.example, ruling, clauses,
      { headingLevel: 4, clauseHref: (code) => `#${encodeURIComponent(code)}` }));
    article.dataset.state = "ruled";
  } catch (error) {
    live.replaceChildren(el("p", { class: "entry-error", role: "alert",
      text: t("The referee could not rule on this example: {reason}", { reason: plainError(error) }) }));
    article.dataset.state = "error";
    return;
  }
  try {
    const payload = await referee.links.encode(entry.example);
    article.querySelector(".entry-links").replaceChildren(
      el("li", {}, el("a", { class: "entry-link", href: `./index.html#r=${payload}`, "data-testid": "open-board",
        text: t("Open on the board") })),
      el("li", {}, el("a", { class: "entry-link", href: `./widget.html#r=${payload}`, "data-testid": "embed",
        text: t("Share or embed") })),
      el("li", {}, el("a", { class: "entry-link", href: `#q=${encodeURIComponent(entry.id)}`, "data-testid": "question-link",
        text: t("Link to this question") })));
  } catch {
    // the ruling is shown; only the links are missing
  }
}

// ------------------------------------------------------------------ going to an anchor

// What a fragment names, read in this one place: `q=<question id>` (a question's stable
// address), or an element's id (a rule code, an entry id, a source) in any case.
function fragmentOf(hash) {
  const text = String(hash).replace(/^#/, "");
  if (/^q=/.test(text)) return { question: (new URLSearchParams(text).get("q") || "").trim().toLowerCase() };
  try {
    return { id: decodeURIComponent(text) };
  } catch {
    return { id: "" };
  }
}

// The element a fragment names.
function anchorOf(hash) {
  const { question, id } = fragmentOf(hash);
  if (question !== undefined) return question ? document.querySelector(`.faq-entry[id="${CSS.escape(question)}"]`) : null;
  if (!id) return null;
  return document.getElementById(id) || document.getElementById(codeIds.get(id.toLowerCase()) || "");
}

// `#q=<id>` for a question the FAQ has not got: said at the top of the list, with the
// nearest questions; any other fragment takes the notice away.
async function sayUnknownQuestion(hash) {
  const { question } = fragmentOf(hash);
  const old = $("unknown-question");
  if (old) old.remove();
  if (question === undefined || anchorOf(hash)) return;
  const found = await referee.call("faq_search", { id: question });
  const notice = el("div", { id: "unknown-question", class: "unknown-question", role: "alert", "data-testid": "unknown-question", tabindex: "-1" },
    el("p", { class: "notice-title", text: found.miss }),
    found.questions.length ? el("ul", { class: "nearest-questions", "data-testid": "nearest-questions" }, found.questions.map((q) => el("li", {},
      el("a", { class: "toc-link", href: `#q=${encodeURIComponent(q.id)}`, data: { question: q.id } },
        el("span", { class: "clause", "data-typed": "", text: q.clause }), el("span", { class: "toc-text", text: q.question }))))) : null);
  $("faq-list").prepend(notice);
  notice.scrollIntoView({ block: "start" });
}

// The entry, rule card or source a fragment's element belongs to (none for a section title).
function highlightable(node) {
  return node.querySelector(":scope > .faq-entry, :scope > .faq-clause")
    || node.closest(".faq-entry, .faq-clause, .source-item");
}

// Scroll to the fragment's entry, mark it, and put the keyboard there.
function goTo(hash, { focus = true } = {}) {
  const anchor = anchorOf(hash);
  if (!anchor) return false;
  const target = highlightable(anchor) || anchor;
  if (anchor.closest("[hidden]")) clearFilter();
  for (const old of document.querySelectorAll(".is-target")) old.classList.remove("is-target");
  if (target !== anchor || anchor.matches(".faq-entry, .faq-clause, .source-item")) target.classList.add("is-target");
  anchor.scrollIntoView({ block: "start" });
  if (focus && target.tabIndex === -1) target.focus({ preventScroll: true });
  markCurrent(anchor.id);
  return true;
}

function markCurrent(id) {
  for (const link of $("faq-toc").querySelectorAll("[aria-current]")) link.removeAttribute("aria-current");
  const toc = $("faq-toc");
  const link = toc.querySelector(`a[href="#${CSS.escape(id)}"]`);
  if (!link) return;
  link.setAttribute("aria-current", "location");
  // Keep it in sight in the sidebar (scrolling the list only, never the page).
  const inner = link.getBoundingClientRect();
  const outer = toc.getBoundingClientRect();
  if (outer.height && (inner.top < outer.top || inner.bottom > outer.bottom)) {
    toc.scrollTop += inner.top - outer.top - outer.height / 3;
  }
}

// ------------------------------------------------------------------ contents and filter

function setTocOpen(open) {
  $("toc-toggle").setAttribute("aria-expanded", String(open));
  $("faq-toc").classList.toggle("is-open", open);
  const current = open && /** @type {HTMLAnchorElement | null} */ ($("faq-toc").querySelector("a[aria-current]"));
  if (current) markCurrent(current.hash.slice(1)); // scrolls the list to it
}

function wireContents() {
  const toggle = $("toc-toggle");
  toggle.addEventListener("click", () => setTocOpen(toggle.getAttribute("aria-expanded") !== "true"));
  $("faq-toc").addEventListener("click", (event) => {
    if (/** @type {Element} */ (event.target).closest("a") && !WIDE.matches) setTocOpen(false);
  });
  // A link to the fragment already in the address bar fires no "hashchange": go there anyway.
  document.addEventListener("click", (event) => {
    const link = /** @type {HTMLAnchorElement | null} */ (/** @type {Element} */ (event.target).closest("a[href^='#']"));
    if (link && link.hash === location.hash) {
      event.preventDefault();
      goTo(link.hash);
    }
  });
  // Upright, the contents drop over the page: a tap elsewhere closes them.
  document.addEventListener("pointerdown", (event) => {
    if (!WIDE.matches && toggle.getAttribute("aria-expanded") === "true"
      && !/** @type {Element} */ (event.target).closest(".faq-side")) setTocOpen(false);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && toggle.getAttribute("aria-expanded") === "true" && !WIDE.matches) {
      setTocOpen(false);
      toggle.focus();
    }
  });
}

// A rule code alone ("c6") finds that rule only; otherwise every word must be in the text.
function matcher(words) {
  const code = words.length === 1 && codeIds.get(words[0]);
  if (code && codeIds.has(code.toLowerCase())) return (block) => block.id === code;
  return (block) => words.every((w) => block.dataset.search.includes(w));
}

// `near`, the rule codes of the core's nearest questions, shows those rules instead of the
// ones holding every word typed. `pending`: the core is still asked, so "nothing matches" is
// not said (nor announced) yet.
function applyFilter(near = null, pending = false) {
  const query = $input("faq-filter").value.trim();
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = near ? (block) => near.has(block.id) : matcher(words);
  let rules = 0;
  let sourcesShown = 0;
  for (const block of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#faq-list [data-search]"))) {
    block.hidden = !matches(block);
    if (!block.hidden) {
      if (block.classList.contains("source-item")) sourcesShown += 1;
      else rules += 1;
    }
  }
  for (const group of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#faq-list .faq-group"))) {
    group.hidden = words.length > 0 && !group.querySelector("[data-search]:not([hidden])");
  }
  for (const link of /** @type {NodeListOf<HTMLAnchorElement>} */ ($("faq-toc").querySelectorAll(".toc-link"))) {
    const block = document.getElementById(link.dataset.code);
    link.parentElement.hidden = Boolean(block && block.hidden);
  }
  for (const item of /** @type {NodeListOf<HTMLElement>} */ ($("faq-toc").querySelectorAll(".toc-group"))) {
    const list = item.querySelector(".toc-entries");
    const section = document.getElementById(/** @type {HTMLAnchorElement} */ (item.firstElementChild).hash.slice(1));
    item.hidden = list ? words.length > 0 && !list.querySelector("li:not([hidden])")
      : Boolean(section && section.closest("[hidden]"));
  }
  $("filter-clear").hidden = words.length === 0;
  // Filtering, the intro folds away and the first hit comes to the top of the screen.
  document.body.classList.toggle("is-filtering", words.length > 0);
  const found = rules + sourcesShown;
  $("filter-count").textContent = words.length === 0 || (pending && !found) ? "" : foundWords(rules, sourcesShown, query);
  return found;
}

// Nothing holds every word typed (a typo, a question in one's own words): the core's
// typo-tolerant search (faq_search, as in the widget) finds the nearest questions, whose
// rules are shown, unless the reader has typed on meanwhile.
async function nearestQuestions(query) {
  const found = await referee.call("faq_search", { query });
  if ($input("faq-filter").value.trim() !== query) return null;
  if (!found.questions.length) {
    applyFilter(); // now "nothing matches" is the answer
    return null;
  }
  applyFilter(new Set(found.questions.map((q) => codeIds.get(q.id)).filter(Boolean)));
  return $(found.questions[0].id); // the best match
}

// "Found: 2 rules and 1 source.", or that nothing matches the query.
function foundWords(rules, sources, query) {
  const ruleWords = tn("{n} rule", "{n} rules", rules);
  const sourceWords = tn("{n} source", "{n} sources", sources);
  if (rules && sources) return t("Found: {rules} and {sources}.", { rules: ruleWords, sources: sourceWords });
  if (rules || sources) return t("Found: {what}.", { what: rules ? ruleWords : sourceWords });
  return t("Nothing matches “{query}”.", { query });
}

function clearFilter() {
  $input("faq-filter").value = "";
  applyFilter();
}

function wireFilter() {
  const input = $input("faq-filter");
  input.disabled = false;
  const toFirstHit = (first = document.querySelector("#faq-list [data-search]:not([hidden])")) => {
    if (first && input.value.trim()) {
      // Upright, just below the sticky bar (which grows by the count's line as one types).
      const under = WIDE.matches ? 0 : document.querySelector(".faq-side").getBoundingClientRect().bottom;
      window.scrollBy(0, first.getBoundingClientRect().top - under - 8);
    }
  };
  input.addEventListener("input", () => {
    userMoved = true;
    const query = input.value.trim();
    if (applyFilter(null, true) || !query) {
      toFirstHit();
      return;
    }
    nearestQuestions(query).then((best) => { if (best) toFirstHit(best); }).catch(() => applyFilter());
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && input.value) {
      event.stopPropagation();
      clearFilter();
    }
  });
  $("filter-clear").addEventListener("click", () => {
    clearFilter();
    input.focus();
  });
}

// The contents follow the reading: the last rule whose top has passed the upper third of the
// screen is marked in them.
function followReading() {
  const anchors = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#faq-list .code-anchor"))];
  let queued = false;
  const mark = () => {
    queued = false;
    const line = Math.min(innerHeight * 0.3, 200);
    let current = null;
    for (const anchor of anchors) {
      if (anchor.hidden) continue;
      if (anchor.getBoundingClientRect().top > line) break;
      current = anchor;
    }
    if (current) markCurrent(current.id);
  };
  addEventListener("scroll", () => {
    if (!queued) requestAnimationFrame(mark);
    queued = true;
  }, { passive: true });
}

// ------------------------------------------------------------------ start

async function start() {
  const list = $("faq-list");
  for (const kind of ["wheel", "touchmove", "keydown"]) {
    addEventListener(kind, () => { userMoved = true; }, { once: true, passive: true });
  }
  if (!(await referee.ready)) {
    list.dataset.state = "error";
    list.replaceChildren(el("p", { class: "entry-error", role: "alert",
      text: t("The rules could not be loaded, so the examples cannot be ruled. Reload the page to try again.") }));
    return;
  }
  const [{ faq }, { clauses }] = await Promise.all([referee.call("faq", ""), referee.call("clauses", "")]);
  const sources = new Map((faq.sources || []).map((s) => [s.key, s]));
  renderShells(faq.entries, clauses, sources);
  wireContents();
  wireFilter();
  followReading();
  addEventListener("hashchange", () => {
    goTo(location.hash);
    sayUnknownQuestion(location.hash).catch(() => {});
  });
  const aimed = goTo(location.hash, { focus: false });
  await sayUnknownQuestion(location.hash).catch(() => {});
  // The entry the link aims at is ruled first; then the others, in order.
  const aimedAt = aimed && highlightable(anchorOf(location.hash));
  const first = aimedAt && aimedAt.closest(".faq-entry");
  const isFirst = (entry) => Number(Boolean(first) && entry.id === first.id);
  const order = [...faq.entries].sort((a, b) => isFirst(b) - isFirst(a));
  for (const entry of order) await ruleEntry(entry, clauses);
  // The examples above it grew as they were ruled: back to it, unless the reader has moved.
  if (aimed && !userMoved) goTo(location.hash, { focus: false });
  list.dataset.state = "ready";
  html.dataset.faqReady = "true";
  performance.mark("faq-ready");
  const header = document.querySelector(".faq-header-inner");
  // Fetched once the FAQ is ready: the FAQ itself is whole without them.
  if (header) import("./languages.js").then(({ drawLanguageLinks }) => drawLanguageLinks(header)).catch(() => {});
}

start().catch((error) => {
  const list = $("faq-list");
  list.dataset.state = "error";
  list.replaceChildren(el("p", { class: "entry-error", role: "alert",
    text: t("The FAQ could not be shown: {reason}", { reason: plainError(error) }) }));
});
