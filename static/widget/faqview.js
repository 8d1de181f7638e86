// @ts-check
// The rules FAQ in the widget: one question (`widget.html#q=<id>`) with its one-line answer,
// the clause it rests on and how sure it is, and its example ruled live by the core with its
// before/after picture; or every question with a search box (`widget.html#faq`), the core's
// faq_search (the card finder's typo-tolerant search over the questions, their answers and
// the clauses' texts). The core words everything; this module only draws it.

import { t, tn } from "../shared/i18n.js";
import { plainError } from "../shared/labels.js";
import { clauseQuote, setupLine } from "../shared/rule-entry.js";
import { el, renderSituation } from "../shared/view.js";

/**
 * The FAQ as the core has it (questions, answers, examples and sources), loaded once.
 * @param {any} referee
 */
export async function loadFaq(referee) {
  const { faq } = await referee.call("faq", "");
  return {
    entries: faq.entries,
    byId: new Map(faq.entries.map((e) => [e.id, e])),
    sources: new Map((faq.sources || []).map((s) => [s.key, s])),
  };
}

// Where the FAQ page shows a question (`faq.html#q=<id>`) or one of its anchors.
const faqPage = (fragment) => new URL(`faq.html#${fragment}`, location.href).href;

function awayLink(href, text, testid) {
  return el("a", { class: "entry-link", href, target: "_blank", rel: "noopener noreferrer", "data-testid": testid, text });
}

// A list of questions, each a link to itself in the widget, its answer beneath.
function questionList(entries, linkFor, testid) {
  return el("ol", { class: "faq-questions", "data-testid": testid }, entries.map((e) => el("li", { class: "faq-question", data: { question: e.id } },
    el("a", { class: "faq-question-link", href: linkFor({ question: e.id }) },
      el("span", { class: "clause", "data-typed": "", text: e.clause }), " ", e.question),
    el("p", { class: "faq-question-answer", text: e.answer }))));
}

/**
 * A question id the FAQ has not got: said plainly, with the nearest questions (the core's).
 * @param {any} referee
 */
async function unknownQuestion(referee, id, linkFor) {
  let found;
  try {
    found = await referee.call("faq_search", { id });
  } catch (error) {
    return el("div", { class: "notice notice-error", role: "alert" },
      el("p", { class: "notice-title", text: t("This question cannot be shown.") }), el("p", { text: plainError(error) }));
  }
  return el("div", { class: "notice notice-error", role: "alert", "data-testid": "unknown-question" },
    el("p", { class: "notice-title", text: found.miss }),
    found.questions.length ? questionList(found.questions, linkFor, "nearest-questions") : null,
    el("p", {}, el("a", { class: "entry-link", href: linkFor({ faq: true }), text: t("All the questions") })));
}

/**
 * One question: its answer in one line, then its rule and how sure it is, its situation and
 * the live ruling of its example. `onAnswer` is called when the answer is on screen, then
 * the ruling is awaited; returns {request, ruling} (ruling null if the referee could not).
 * @param {HTMLElement} view
 * @param {any} referee
 */
export async function showQuestion(view, referee, faq, clauses, id, { linkFor, onAnswer }) {
  const entry = faq.byId.get(id) || faq.byId.get(String(id).toLowerCase());
  if (!entry) {
    view.dataset.state = "error";
    view.replaceChildren(await unknownQuestion(referee, id, linkFor));
    return null;
  }
  const live = el("div", { class: "live" },
    el("p", { class: "pending", role: "status", text: t("The referee is ruling…") }));
  view.dataset.state = "question";
  view.replaceChildren(el("article", { class: "faq-entry", "data-testid": "faq-question", data: { question: entry.id } },
    el("h2", { class: "question" }, el("span", { class: "clause", "data-typed": "", text: entry.clause }), " ", entry.question),
    el("p", { class: "faq-answer", "data-testid": "faq-answer", text: entry.answer }),
    clauseQuote(clauses[entry.clause], faq.sources, { ownHref: faqPage("source-rulings.md") }),
    setupLine(entry),
    live,
    el("ul", { class: "entry-links" },
      el("li", {}, awayLink(faqPage(`q=${encodeURIComponent(entry.id)}`), t("Read it in the rules FAQ"), "faq-page-link")),
      el("li", {}, el("a", { class: "entry-link", href: linkFor({ faq: true }), "data-testid": "all-questions", text: t("All the questions") })))));
  onAnswer();
  try {
    const ruling = await referee.rule(entry.example);
    live.replaceChildren(renderSituation(entry.example, ruling, clauses, {
      headingLevel: 3, clauseTarget: "_blank", clauseHref: (code) => faqPage(encodeURIComponent(code)),
    }));
    view.dataset.state = "shown";
    return { request: entry.example, ruling };
  } catch (error) {
    live.replaceChildren(el("p", { class: "entry-error", role: "alert",
      text: t("The referee could not rule on this example: {reason}", { reason: plainError(error) }) }));
    return { request: entry.example, ruling: null };
  }
}

/**
 * Every question, and a search box: what is typed goes to the core's faq_search, the best
 * matches drawn in its order (the latest search wins; an empty box shows them all).
 * @param {HTMLElement} view
 * @param {any} referee
 */
export function showFaq(view, referee, faq, { linkFor }) {
  const input = /** @type {HTMLInputElement} */ (el("input", {
    id: "faq-search", class: "filter-input", type: "search", autocomplete: "off", spellcheck: "false",
    "data-testid": "faq-search", "aria-describedby": "faq-search-count",
    placeholder: t("Ask in your own words: keep the food, Friday, C6…"),
  }));
  const count = el("p", { id: "faq-search-count", class: "filter-count", "aria-live": "polite", "data-testid": "faq-search-count" });
  const results = el("div", { class: "faq-results" }, questionList(faq.entries, linkFor, "faq-questions"));
  let asked = 0;
  const search = async () => {
    const query = input.value.trim();
    const mine = ++asked;
    if (!query) {
      count.textContent = "";
      results.replaceChildren(questionList(faq.entries, linkFor, "faq-questions"));
      view.dataset.searched = "";
      return;
    }
    let found;
    try {
      found = await referee.call("faq_search", { query });
    } catch (error) {
      if (mine === asked) count.textContent = plainError(error);
      return;
    }
    if (mine !== asked) return; // a later search is on its way
    count.textContent = found.miss || tn("{n} question found.", "{n} questions found.", found.questions.length);
    results.replaceChildren(questionList(found.questions, linkFor, "faq-questions"));
    view.dataset.searched = query;
  };
  input.addEventListener("input", () => { search(); });
  view.dataset.state = "faq";
  view.replaceChildren(el("section", { class: "faq-widget", "aria-labelledby": "faq-widget-title" },
    el("h2", { id: "faq-widget-title", class: "faq-widget-title", text: t("The rules FAQ") }),
    el("div", { class: "filter" }, el("label", { for: "faq-search", class: "visually-hidden", text: t("Find a question") }), input),
    count, results));
}
