// The rules FAQ (faq.html): every entry of the core's FAQ (pyapp/data/faq.json) as a question,
// its situation in words and on a small board, and the ruling the core computes now, in this
// page, from the entry's example request. The answers are never written anywhere.

import "../app.js"; // defines window.referee and starts the rules worker
import { el, renderSituation } from "../widget/view.js";

const referee = window.referee;
const html = document.documentElement;
const $ = (id) => document.getElementById(id);

const GROUPS = [
  { id: "rule", title: "The rule, clause by clause", test: (c) => c.startsWith("C") },
  { id: "around", title: "Around the rule", test: (c) => c.startsWith("G-") },
  { id: "rulings", title: "Where the rules are silent: our rulings", test: (c) => c.startsWith("R") },
];

function groupOf(entry) {
  return GROUPS.find((g) => g.test(entry.clause)) || GROUPS[1];
}

function clauseLine(clause) {
  if (!clause) return null;
  const house = clause.id.startsWith("R");
  return el("p", { class: `clause-quote${house ? " clause-house" : ""}` },
    el("span", { class: "clause", text: clause.id }),
    el("strong", { text: clause.title }), ": ", clause.text,
    house ? el("span", { class: "source", text: clause.switch
      ? ` No official ruling; this app's default (switch: ${clause.switch}).`
      : " No official ruling; this app's default." })
      : el("span", { class: "source", text: ` (${clause.source})` }));
}

function entryShell(entry, clauses) {
  return el("article", {
    class: "faq-entry", id: entry.id, "data-testid": "faq-entry",
    data: { clause: entry.clause, state: "pending" }, "aria-labelledby": `${entry.id}-q`,
  },
    el("h3", { id: `${entry.id}-q`, class: "question" },
      el("span", { class: "clause", text: entry.clause }), entry.question),
    clauseLine(clauses[entry.clause]),
    el("p", { class: "setup", text: entry.setup }),
    el("div", { class: "live" }, el("p", { class: "pending", text: "The referee is ruling…" })),
    el("p", { class: "entry-links" }));
}

function renderShells(entries, clauses) {
  const toc = [];
  const sections = [];
  for (const group of GROUPS) {
    const mine = entries.filter((e) => groupOf(e) === group);
    if (!mine.length) continue;
    toc.push(el("h2", { class: "toc-title", text: group.title }),
      el("ol", {}, mine.map((e) => el("li", {},
        el("a", { href: `#${e.id}` }, el("span", { class: "clause", text: e.clause }), e.question)))));
    sections.push(el("section", { class: "faq-group", "aria-labelledby": `group-${group.id}` },
      el("h2", { id: `group-${group.id}`, text: group.title }),
      mine.map((e) => entryShell(e, clauses))));
  }
  $("faq-toc").replaceChildren(...toc);
  $("faq-list").replaceChildren(...sections);
}

async function ruleEntry(entry, clauses) {
  const article = $(entry.id);
  const live = article.querySelector(".live");
  try {
    const ruling = await referee.rule(entry.example);
    live.replaceChildren(renderSituation(entry.example, ruling, clauses));
    article.dataset.state = "ruled";
  } catch (error) {
    live.replaceChildren(el("p", { class: "entry-error", role: "alert",
      text: `The referee could not rule on this example: ${error.message}` }));
    article.dataset.state = "error";
    return;
  }
  try {
    const payload = await referee.links.encode(entry.example);
    article.querySelector(".entry-links").replaceChildren(
      el("a", { href: `./index.html#r=${payload}`, "data-testid": "open-board", text: "Open on the board" }),
      " · ",
      el("a", { href: `./widget.html#r=${payload}`, "data-testid": "embed", text: "Share or embed" }),
      " · ",
      el("a", { href: `#${entry.id}`, text: "Link to this question" }));
  } catch {
    // the ruling is shown; only the links are missing
  }
}

function jumpToFragment() {
  const id = decodeURIComponent(location.hash.slice(1));
  const target = id && document.getElementById(id);
  if (target) target.scrollIntoView();
}

async function start() {
  const list = $("faq-list");
  if (!(await referee.ready)) {
    list.dataset.state = "error";
    list.replaceChildren(el("p", { class: "entry-error", role: "alert",
      text: "The rules could not be loaded, so the examples cannot be ruled. Reload the page to try again." }));
    return;
  }
  const [{ faq }, { clauses }] = await Promise.all([referee.call("faq", ""), referee.call("clauses", "")]);
  renderShells(faq.entries, clauses);
  jumpToFragment();
  for (const entry of faq.entries) await ruleEntry(entry, clauses);
  list.dataset.state = "ready";
  html.dataset.faqReady = "true";
  performance.mark("faq-ready");
}

start().catch((error) => {
  const list = $("faq-list");
  list.dataset.state = "error";
  list.replaceChildren(el("p", { class: "entry-error", role: "alert",
    text: `The FAQ could not be shown: ${error && error.message}` }));
});
