// @ts-check
// The rule drawer: a rule code of a ruling (C1, G-card-wounds, R6…) opens its rule beside the
// table, with its FAQ entry in full, as the FAQ page shows it: the question, the rule's text
// (the answer), its sources explained, and the worked example, ruled by the core in this page
// when the drawer first shows it (then kept). A code in the example's steps switches the
// drawer to that rule, with a Back. The table and its ruling stay in view and usable: it is a
// side sheet in landscape and a bottom sheet upright (board.css), not a modal. Loaded on the
// first tap on a code, so the board's start does not wait for it.

import { t, tn } from "../../shared/i18n.js";
import { clauseQuote, setupLine } from "../../shared/rule-entry.js";
import { embedControls } from "../../shared/embed-panel.js";
import { codeWords, el, renderDemands, renderRuling } from "../../shared/view.js";
import { plainError } from "../../shared/labels.js";

/** How sure a rule, or one part of it (`part`, its id), is: the core's words (the clauses
 * answer's `words`). */
function sureWords(clause, part = null) {
  return part ? clause.words.parts[part] : clause.words.sure;
}

// How sure the rule is. A rule in parts has no one certainty: each part has its own (the
// core's data). Opened from a step that applies a part, that part's comes first, then the
// other parts', each with its own; never a rule-wide "official" above a part that is not.
function certaintyLines(clause, applied) {
  const parts = clause.parts || [];
  if (!parts.length) {
    return [el("p", { class: `rule-sure sure-${clause.certainty}`, "data-testid": "rule-certainty", text: sureWords(clause) })];
  }
  const partLine = (p) => el("li", { class: `rule-part sure-${p.certainty}`, "data-testid": "rule-part", data: { part: p.id } },
    el("strong", { text: t("{part}:", { part: p.title }) }), " ", p.text, " ", el("span", { class: "rule-part-sure", text: sureWords(clause, p.id) }));
  const others = parts.filter((p) => p !== applied);
  return [
    applied
      ? el("p", { class: `rule-sure sure-${applied.certainty}`, "data-testid": "rule-certainty", data: { part: applied.id } },
        t("The step applies one part of this rule, “{part}”: {text}", { part: applied.title, text: applied.text }), " ",
        el("strong", { text: sureWords(clause, applied.id) }))
      : el("p", { class: "rule-sure sure-parts", "data-testid": "rule-certainty", text: t("This rule has parts, and each is as sure as it says below.") }),
    el("p", { class: "rule-parts-title", text: applied ? t("Its other parts:") : t("Its parts:") }),
    el("ul", { class: "rule-parts", "data-testid": "rule-parts" }, others.map(partLine)),
  ];
}

/** The rule as a screen reader hears it when the drawer shows it. */
function ruleSaid(clause, applied, examples) {
  return [
    t("Rule {code}: {title}.", { code: clause.id, title: clause.title }),
    applied ? t("This step applies “{part}”: {sure}", { part: applied.title, sure: sureWords(clause, applied.id) }) : null,
    clause.text,
    examples ? tn("A worked example follows.", "{n} worked examples follow.", examples) : null,
  ].filter(Boolean).join(" ");
}

/**
 * `dialog`: the <dialog> of index.html; `say(text)`: announce in the board's live region;
 * `headline(ruling, state)` and `paid(ruling)`: the board's own headline and "What is paid"
 * lines, so the example's ruling reads like the table's; `rule(request)`: the core's ruling.
 */
// The page's one dialog is wired by the drawer made last: a card's panel made again (a new
// language) takes its listeners over rather than add a second set.
/** @type {AbortController | null} */
let wiring = null;

export function createRuleDrawer({ dialog, say, headline, paid, rule }) {
  wiring?.abort();
  wiring = new AbortController();
  const { signal } = wiring;
  const $ = (id) => document.getElementById(id);
  let faq = { clauses: {}, entries: {}, sources: new Map() };
  const rulings = new Map(); // entry id -> Promise of the core's ruling on its example
  let shown = null; // the code shown
  let trail = []; // the codes shown before it, for Back
  let from = null; // the code link that opened the drawer, where the keyboard goes back to
  let origin = null; // its code, to find the link again if the ruling was drawn anew

  function setFaq(entries, clauses, sources) {
    const byCode = {};
    for (const e of entries || []) (byCode[e.clause] ||= []).push(e);
    faq = { clauses: clauses || {}, entries: byCode, sources: new Map((sources || []).map((s) => [s.key, s])) };
    rulings.clear();
  }

  // A step may cite a part of a rule ("C1.partial"): its rule is the code before the dot.
  const clauseOf = (code) => faq.clauses[code] || faq.clauses[String(code).split(".")[0]] || null;

  /** Open on `code`, from the link `link` (focus returns there); `part`: the part of the
   * rule the step applies ("R8.zero"), when the rule has parts. */
  function open(code, link, part = null) {
    from = link || null;
    origin = code;
    trail = [];
    show(code, part);
    if (!dialog.open) dialog.show();
    document.documentElement.dataset.ruleDrawer = "open";
    $("rule-title").focus({ preventScroll: true });
  }

  function show(code, part = null) {
    const clause = clauseOf(code);
    const parts = clause.parts || [];
    const applied = parts.find((p) => p.id === (part || code)) || null;
    shown = { code: clause.id, part: applied ? applied.id : null };
    const entries = faq.entries[clause.id] || [];
    dialog.dataset.code = clause.id;
    if (applied) dialog.dataset.part = applied.id;
    else delete dialog.dataset.part;
    $("rule-title").replaceChildren(el("span", { class: "clause", translate: "no", text: clause.id }), ` ${clause.title}`);
    $("rule-body").replaceChildren(
      ...certaintyLines(clause, applied),
      clauseQuote(clause, faq.sources, { titled: false, explained: true, ownHref: "./faq.html#source-rulings.md", partsNote: false }),
      ...entries.map((entry) => entrySection(entry)));
    $("rule-body").scrollTop = 0;
    dialog.scrollTop = 0;
    const back = $("rule-back");
    back.hidden = trail.length === 0;
    back.textContent = trail.length ? t("Back to {rule}", { rule: codeWords(trail.at(-1).code, faq.clauses) }) : t("Back");
    /** @type {HTMLAnchorElement} */ ($("rule-faq")).href = entries.length ? `./faq.html#${entries[0].id}` : `./faq.html#${encodeURIComponent(clause.id)}`;
    say(ruleSaid(clause, applied, entries.length));
  }

  // One FAQ question on the rule: the question, its situation, and its example's ruling.
  function entrySection(entry) {
    const example = el("div", { class: "rule-example", "data-testid": "rule-example" },
      el("p", { class: "rule-pending", role: "status", text: t("The referee is ruling the example…") }));
    const section = el("section", { class: "rule-entry", "data-testid": "rule-entry", data: { entry: entry.id, state: "pending" },
      "aria-labelledby": `rule-entry-${entry.id}` },
    el("h3", { id: `rule-entry-${entry.id}`, class: "rule-question", "data-testid": "rule-question" },
      el("span", { class: "visually-hidden", text: t("The question:") }), " ", entry.question),
    el("p", { class: "rule-answer", "data-testid": "rule-answer", text: entry.answer }),
    el("h4", { class: "rule-example-title", text: t("Worked example") }),
    setupLine(entry),
    example,
    el("div", { class: "rule-embed" }, embedControls({ question: entry.id }, t("Embed this question"))));
    ruled(entry).then((ruling) => {
      example.replaceChildren(...workedExample(entry.example, ruling));
      section.dataset.state = "ruled";
    }, (error) => {
      example.replaceChildren(el("p", { class: "form-error", role: "alert",
        text: t("The referee could not rule on this example: {reason}", { reason: plainError(error) }) }));
      section.dataset.state = "error";
    });
    return section;
  }

  function ruled(entry) {
    if (!rulings.has(entry.id)) {
      const asked = rule(entry.example);
      asked.catch(() => rulings.delete(entry.id)); // asked again next time
      rulings.set(entry.id, asked);
    }
    return rulings.get(entry.id);
  }

  // The card, then the ruling as the table shows one: its headline, what is paid, the
  // Wounds, and the steps with their codes (links that switch the drawer to that rule).
  function workedExample(request, ruling) {
    const paidLines = paid(ruling);
    const parts = [
      renderDemands(request, ruling),
      el("p", { class: "verdict rule-example-headline", "data-testid": "rule-example-headline", text: headline(ruling) }),
      el("p", { class: "rule-paid-title", text: t("What is paid") }),
      paidLines.length ? el("ul", { class: "payments", "data-testid": "rule-example-paid" }, paidLines.map((line) => el("li", { text: line })))
        : el("p", { class: "hint", "data-testid": "rule-example-paid", text: t("Nothing to pay.") }),
      renderRuling(request, ruling, faq.clauses, { headingLevel: 5, clauseHref: (code) => `./faq.html#${encodeURIComponent(code)}` }),
    ];
    // The shared renderer marks its parts for the FAQ's tests; here the board's own ruling
    // has the same marks, so the example's are told apart.
    for (const part of parts) {
      for (const node of [part, ...part.querySelectorAll("[data-testid]")]) {
        if (node.dataset.testid && !node.dataset.testid.startsWith("rule-")) node.dataset.testid = `rule-example-${node.dataset.testid}`;
      }
    }
    return parts;
  }

  function close() {
    if (dialog.open) dialog.close();
  }

  dialog.addEventListener("close", () => {
    delete document.documentElement.dataset.ruleDrawer;
    // The ruling may have been drawn again meanwhile: its link to the same code, then.
    const back = from && from.isConnected ? from
      : document.querySelector(`#panel a.clause[data-clause="${CSS.escape(origin || "")}"]`);
    from = null;
    if (back) back.focus();
  }, { signal });
  dialog.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation(); // the board's own Escape (drop what is held) is not meant
    close();
  }, { signal });
  dialog.addEventListener("click", (event) => {
    const link = event.target.closest("a.clause-link");
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    const code = link.closest("[data-clause]")?.dataset.clause;
    if (!code || !clauseOf(code)) return; // unknown here: the FAQ page, then
    event.preventDefault();
    trail.push(shown);
    show(code, link.closest("[data-part]")?.dataset.part || null);
    $("rule-title").focus({ preventScroll: true });
  }, { signal });
  $("rule-back").addEventListener("click", () => {
    if (!trail.length) return;
    const back = trail.pop();
    show(back.code, back.part);
    $("rule-title").focus({ preventScroll: true });
  }, { signal });
  $("rule-close").addEventListener("click", close, { signal });

  return { setFaq, open, close, knows: (code) => Boolean(clauseOf(code)) };
}
