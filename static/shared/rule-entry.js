// @ts-check
// A rule and its sources, drawn for people: shared by the FAQ page (faq.html) and the board's
// rule drawer (index.html), so that a rule reads the same in both. Presentation only: the
// rule's words and sources come from the core's catalogue and FAQ; text goes in as text.

import { t } from "./i18n.js";
import { el } from "./view.js";

/** The keys a clause's `source` names ("DZ-UD, DZ-Q-partial"). */
export function sourceKeys(source) {
  return String(source || "").split(",").map((k) => k.trim()).filter(Boolean);
}

/** A link to a source's public page, in a new tab, said to be another site. */
export function externalLink(source) {
  return el("a", { class: "source-link", href: source.url, target: "_blank", rel: "noopener noreferrer" },
    source.name, el("span", { class: "external", "aria-hidden": "true", text: " ↗" }),
    el("span", { class: "visually-hidden", text: " " + t("(another site, opens in a new tab)") }));
}

// Where a clause comes from: links to the public pages it cites, or, for our own rulings,
// that no public source settles it (`ownHref`: where our rulings are explained).
function sourceLine(clause, sources, ownHref) {
  const cited = sourceKeys(clause.source).map((k) => sources.get(k)).filter(Boolean);
  const linked = cited.filter((s) => s.url);
  const items = linked.map((s) => el("li", {}, externalLink(s)));
  // Our rulings' list: "no public source settles this" only of a rule that is partly our own
  // reading (the core says which); a stated one is written down there, and said so.
  if (cited.some((s) => !s.url)) {
    items.push(el("li", {}, el("a", { class: "source-link source-own", href: ownHref },
      clause.words.own ? t("Our own ruling: no public source settles this")
        : t("Written down in our rulings: the game states it"))));
  }
  return el("div", { class: "clause-sources" },
    el("span", { class: "sources-label", text: linked.length ? t("Source:") : t("Where from:") }),
    el("ul", { class: "source-links" }, items));
}

// Each source a clause cites, explained: its name (a link to its public page when it has
// one), what it is, and the code the rules cite it by. The FAQ page says this once, in its
// sources section; the drawer, which shows one rule, says it beside the rule.
function sourceNotes(clause, sources) {
  const cited = sourceKeys(clause.source).map((k) => sources.get(k)).filter(Boolean);
  if (!cited.length) return null;
  return el("div", { class: "clause-sources" },
    el("p", { class: "sources-label", text: t("Where this comes from:") }),
    el("ul", { class: "source-notes", "data-testid": "rule-sources" }, cited.map((s) => el("li", { class: "source-note", data: { source: s.key } },
      el("p", { class: "source-name" }, s.url ? externalLink(s) : el("strong", { text: s.name })),
      el("p", { class: "source-about", text: s.about }),
      sourceKey(s)))));
}

/** "Cited as DZ-UD": the code a public source is cited by. Our own rulings have no public
 * page and no code a player would meet, so nothing is said (their key is a file's name). */
export function sourceKey(source) {
  // One sentence, one text: the code inside it, where the language puts it.
  return source.url ? el("p", { class: "source-key", text: t("Cited as {code}", { code: source.key }) }) : null;
}

/**
 * The rule's text (with its title, unless `titled` is false because a heading says it), a
 * note when it is our own ruling (from the core's certainty, never from its code), and its
 * sources: as links (`explained` false, for the FAQ page, whose sources section explains
 * them) or explained in place (`explained` true). A ruling in parts has no one certainty:
 * the note names each part in words with its own (`partsNote` false where a list says it).
 */
export function clauseQuote(clause, sources, { titled = true, explained = false, ownHref = "#source-rulings.md", partsNote = true } = {}) {
  if (!clause) return null;
  const house = clause.id.startsWith("R");
  // How sure it is, beside its text: the core's words (the clauses answer's `words.note`); a
  // rule in parts names each part with its own, unless a list below says them (`partsNote`).
  const note = (clause.parts || []).length && !partsNote ? null : clause.words.note || null;
  return el("div", { class: `clause-quote${house ? " clause-house" : ""}` },
    el("p", { class: "clause-text", "data-testid": "clause-text" }, titled ? el("strong", { text: t("{title}:", { title: clause.title }) + " " }) : null, clause.text,
      note ? el("span", { class: "house-note", text: note }) : null),
    explained ? sourceNotes(clause, sources) : sourceLine(clause, sources, ownHref));
}

/** The situation of a question's example, in words ("The situation: …"). */
export function setupLine(entry) {
  return el("p", { class: "setup" }, el("strong", { text: t("The situation:") + " " }), entry.setup);
}
