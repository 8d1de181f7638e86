// @ts-check
// The board's log: the game's history, newest first, each entry a change of the table or a
// ruling, those undone marked so.

import { h } from "./dom.js";
import { t, tn } from "../shared/i18n.js";

// The newest entries of the log are drawn, the rest counted (a game of 3,000 changes does not
// build 3,000 list items at each move); Export gives the whole log.
const LOG_SHOWN = 100;

/**
 * The log, drawn into `list` from the journal; cards named by `cardName` once the card list
 * is known (`draw(cardsKnown)`).
 * @param {{ list: HTMLElement, journal: import("./journal.js").Journal, cardName: (id: string) => string }} log
 */
export function createLogView({ list, journal, cardName }) {
  /** Draw the log (again, where it changed). */
  function draw(cardsKnown) {
    const { entries, cursor } = journal;
    const sig = `${entries.length}|${cursor}|${journal.revision}|${cardsKnown}|${journal.initial !== null}`;
    if (list.dataset.sig === sig) return;
    list.dataset.size = String(entries.length);
    list.dataset.sig = sig;
    if (logItems.cards !== cardsKnown) logItems.drawn.clear(); // card ids become card names
    logItems.cards = cardsKnown;
    const first = Math.max(0, entries.length - LOG_SHOWN);
    const drawn = new Map();
    for (let i = entries.length - 1; i >= first; i -= 1) drawn.set(`${i}|${i < cursor}`, logItem(entries[i], i, i < cursor));
    logItems.drawn = drawn;
    const items = [...drawn.values()].map((item) => item.node);
    if (first > 0) {
      items.push(h("li", { class: "hint", data: { testid: "log-earlier" },
        text: tn("…and {count} earlier entry (Export keeps them all).", "…and {count} earlier entries (Export keeps them all).", first, { count: first.toLocaleString("en") }) }));
    }
    if (!items.length) items.push(h("li", { class: "hint", text: t("Nothing yet: changes and rulings appear here, newest first.") }));
    placeChildren(list, items);
  }

  // The log's items as last drawn, by position and whether applied: a move adds one item and
  // the rest stay in the page as they are (no 100 items rebuilt, restyled and laid out again).
  const logItems = { cards: false, drawn: new Map() }; // "index|applied" -> {entry, node}

  function logItem(e, i, applied) {
    const old = logItems.drawn.get(`${i}|${applied}`);
    if (old && old.entry === e) return old;
    const node = h("li", { class: ["log-entry", `log-${e.kind}`, !applied && "is-undone"], data: { testid: `log-${i}` } },
      h("span", { class: "log-kind", text: e.kind === "ruling" ? t("Ruling") : t("Table") }),
      h("span", { class: "log-text", text: e.card ? t("{card}: {summary}", { card: cardName(e.card), summary: e.summary || t("(no summary)") }) : e.summary || t("(no summary)") }),
      applied ? null : [" ", h("span", { class: "log-undone", text: t("(undone)") })]);
    return { entry: e, node };
  }

  return { draw };
}

/** Make `nodes` the children of `parent`, in order, moving or removing only what differs. */
function placeChildren(parent, nodes) {
  let at = parent.firstChild;
  for (const node of nodes) {
    if (node === at) at = at.nextSibling;
    else parent.insertBefore(node, at);
  }
  while (at) {
    const next = at.nextSibling;
    at.remove();
    at = next;
  }
}
