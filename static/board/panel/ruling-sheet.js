// @ts-check
// The ruling sheet: the core's ruling in full under the demand (what is paid, gained, the
// Wounds, what follows, the players' choices, and why, step by step, each step citing its
// rule), and the rule drawer a cited code opens beside the table.

import { t } from "../../shared/i18n.js";
import { codeTitle } from "../../shared/view.js";
import { h } from "../dom.js";
import { decisions } from "./choices.js";

// The Wounds table's columns: short enough to fit the panel, the full name for screen readers.
const WOUND_COLUMNS = () => [[t("Who"), ""], [t("Unmet demand"), t("Wounds for the unmet demand")], [t("Other Wounds"), ""],
  [t("Morale arrows"), t("Morale arrows passed")], [t("Dies?"), ""]];
const SHOWN = { none: "none", ask: "none", unpicked: "none", pending: "pending", applying: "pending", preview: "preview", applied: "applied", stale: "stale", error: "error" };

/** What is paid, each line with how sure it is, as the core says it ("Wood: 1 of 2 paid —
 * rules"): the first lines of `words.outcome`. */
const paidSure = (r) => (r.words.outcome ? r.words.outcome.slice(0, r.words.paid.length) : r.words.paid);
/** Our rulings that change nothing here, each on a line of its own, as the core says them:
 * the last lines of `words.outcome`. */
const ownLines = (r) => (r.words.outcome || []).slice(r.words.paid.length + r.words.wounds.length);

/** @param {import("./panel.js").Panel} p */
export function createRulingSheet(p) {
  const { ctl, els } = p;
  let ruleDrawer = null; // the rule drawer (a promise of it), made on the first tap on a code

  function build() {
    els.ruling = h("div", { class: "ruling", "aria-labelledby": "ruling-title", data: { testid: "ruling" } });
    return els.ruling;
  }

  function drawRuling() {
    const { status: st, ruling: r, error } = p.state;
    els.ruling.dataset.state = SHOWN[st];
    if (st === "error") {
      els.ruling.replaceChildren(h("p", { class: "form-error", role: "alert", data: { testid: "ruling-error" }, text: t("No ruling yet: {reason}", { reason: error }) }));
      return;
    }
    if (!r) { els.ruling.replaceChildren(); return; }
    els.ruling.replaceChildren(...[ // (replaceChildren writes a null as the text "null")
      h("h3", { id: "ruling-title", text: st === "applied" ? t("Ruling applied") : st === "stale" ? t("Applied. The table has changed since.")
        : ctl.shared ? t("The shared ruling") : t("The ruling (nothing is changed yet)") }),
      h("p", { class: ["verdict", r.words.clear && "is-clear"], data: { testid: "verdict" }, text: r.words.headline }),
      h("p", { class: ["ruling-sure", `sure-${r.words.sure.grade}`], data: { testid: "ruling-certainty", grade: r.words.sure.grade } },
        h("strong", { text: t("{label}.", { label: r.words.sure.label }) }), " ", r.words.sure.text),
      h("h4", { text: t("What is paid") }),
      r.payments.length ? h("ul", { class: "payments", data: { testid: "payments" } }, paidSure(r).map((text) => h("li", { text })))
        : h("p", { class: "hint", text: t("Nothing to pay.") }),
      r.gains && r.gains.length ? h("h4", { text: t("What the players gain") }) : null,
      r.gains && r.gains.length ? h("ul", { class: "gains", data: { testid: "gains" } }, r.words.gains.map((text) => h("li", { text }))) : null,
      h("h4", { text: t("Wounds") }),
      r.wounds.length ? woundsTable(r) : h("p", { class: "hint", data: { testid: "no-wounds" }, text: t("No one is wounded.") }),
      ownLines(r).length ? h("ul", { class: "own-rulings", data: { testid: "own-rulings" } }, ownLines(r).map((text) => h("li", { text }))) : null,
      h("h4", { text: t("What follows") }),
      h("ul", { class: "follows", data: { testid: "follows" } }, follows(r)),
      r.decisions.length ? decisions(p, r) : null,
      h("h4", { text: t("Why, step by step") }),
      h("ol", { class: "steps", data: { testid: "steps" } }, r.steps.map((step, i) => h("li", { class: `step-${step.certainty}` },
        ...cite(step.clause, step.part, r.words.titles[i]),
        h("span", { class: "step-text", text: ` ${step.text} ` }),
        h("span", { class: `certainty certainty-${step.certainty}`, text: r.words.steps[i] })))),
      h("p", { class: "fine" }, t("Each code is a clause of the rule (C…), a rule around it (G-…) or one of our rulings, written down where the rules are silent or scattered (R…); each step says how sure it is."),
        " ", t("Tap a code to read its rule."), " ",
        h("a", { class: "faq-more", href: "./faq.html", data: { testid: "faq-from-ruling" } }, t("The rules FAQ explains each one.")))]
      .filter(Boolean));
  }

  function woundsTable(r) {
    return h("table", { class: "wounds-table", data: { testid: "wounds" } },
      h("thead", {}, h("tr", {}, WOUND_COLUMNS().map(([short, long]) => h("th", { scope: "col", title: long || undefined },
        h("span", { "aria-hidden": long ? "true" : undefined, text: short }), long ? h("span", { class: "visually-hidden", text: long }) : null)))),
      h("tbody", {}, r.wounds.map((w, i) => h("tr", { data: { figure: w.figure } },
        // How sure this figure's Wounds are ("rules", "our ruling (…)"), under the name: the
        // table keeps the panel's width.
        h("th", { scope: "row" }, r.words.names[i],
          h("span", { class: "line-sure", data: { testid: "wound-sure" }, text: (r.words.wounds_sure || [])[i] || "" })),
        h("td", { text: w.unfulfilled }), h("td", { text: w.other }),
        h("td", { text: w.morale_arrows }), h("td", { text: w.died ? t("yes") : t("no") })))));
  }

  /** What follows, as the core says it; what could still avoid a loss cites its rule (C4). */
  function follows(r) {
    return r.words.follows.map((text) => (text === r.words.not_spent
      ? h("li", { data: { testid: "not-spent" } }, ...cite("C4"), ` ${text}`)
      : h("li", { class: text === r.words.lost ? "lost-line" : null, text })));
  }

  /** A rule code as a ruling cites it: the code (a link to its rule, shown beside the table)
   * and, beside it, its words ("C3" and "What can be discarded must be"): a code is never
   * shown bare. The words are the widget's (codeTitle, static/shared/view.js). */
  function cite(code, part = null, title = null) {
    const words = title || codeTitle(code, p.faq.clauses);
    return [clauseLink(code, part), words ? h("span", { class: "clause-name", text: ` ${words}:` }) : null];
  }

  // A rule code in the ruling: a link to its FAQ entry, which opens in the rule drawer beside
  // the table (offline too; ./rule-drawer.js) rather than on the FAQ page, which would leave
  // the board (and, in a tablet's installed app, the app). A modified click still follows
  // the link.
  function clauseLink(code, part = null) {
    const entry = p.faq.byClause[code];
    const clause = p.faq.clauses[code];
    const name = clause ? clause.title : "";
    // (translate="no": a code is a name, the same in every language)
    return h("a", { class: "clause", translate: "no", href: entry ? `./faq.html#${entry}` : "./faq.html",
      title: name || undefined, "aria-label": clauseLabel(code, name, Boolean(entry)), "aria-haspopup": "dialog",
      data: part ? { clause: code, part } : { clause: code },
      onclick: (e) => {
        if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey || !clause) return;
        e.preventDefault();
        showRule(code, e.currentTarget, part);
      } }, code);
  }

  /** What a code's link says to a screen reader: its rule, and whether a worked example comes. */
  function clauseLabel(code, name, example) {
    if (name) {
      return example ? t("{code}: {name} (the rule and its worked example, shown beside the table)", { code, name })
        : t("{code}: {name} (the rule, shown beside the table)", { code, name });
    }
    return example ? t("{code} (the rule and its worked example, shown beside the table)", { code })
      : t("{code} (the rule, shown beside the table)", { code });
  }

  /** The rule behind a code, in the drawer: its text, how sure it is, its sources and its
   * FAQ entry with the worked example ruled by the core. The drawer is made on the first
   * tap (its module is inside the board's bundle, static/vendor/board.js, so this import
   * fetches nothing; it still works with the modules unbundled). */
  async function showRule(code, from, part = null) {
    const dialog = document.getElementById("rule-dialog");
    if (!dialog) return;
    if (!ruleDrawer) {
      ruleDrawer = import("./rule-drawer.js").then(({ createRuleDrawer }) => {
        const drawer = createRuleDrawer({ dialog, say: (text) => ctl.say(text), headline: (r) => r.words.headline, paid: paidSure,
          rule: (request) => window.referee.rule(request) });
        drawer.setFaq(p.faq.entries, p.faq.clauses, p.faq.sources);
        return drawer;
      });
      ruleDrawer.catch(() => { ruleDrawer = null; }); // tried again on the next tap
    }
    let drawer;
    try {
      drawer = await ruleDrawer;
    } catch {
      ctl.say(t("The rule could not be shown here; the link opens it in the rules FAQ."));
      location.href = from ? from.href : "./faq.html";
      return;
    }
    drawer.open(code, from, part);
  }

  /** The FAQ and the rule catalogue came: the codes link to their entries. */
  function setFaq(entries, clauses, sources) {
    /** @type {Record<string, string>} */
    const byClause = {};
    for (const e of entries) if (!byClause[e.clause]) byClause[e.clause] = e.id;
    p.faq = { byClause, entries, sources: sources || [], clauses: clauses || {} };
    if (ruleDrawer) ruleDrawer.then((drawer) => drawer.setFaq(entries, p.faq.clauses, p.faq.sources), () => {});
    if (p.state.ruling) drawRuling();
  }

  return { build, drawRuling, showRule, setFaq };
}
