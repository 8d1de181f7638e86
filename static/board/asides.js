// @ts-check
// What the autosave tells the player above the table: a save that failed or was set aside
// (each notice with its reason), and the saves kept aside, each with Download and Discard.

import { h } from "./dom.js";
import { t, tn } from "../shared/i18n.js";
import { KEEP_GAMES, saveMessage } from "./store.js";

/**
 * The autosave's notices and its list of saves kept aside.
 * @param {{ store: import("./store.js").Store, say: (text: string) => void }} board
 */
export function createSaveNotices({ store, say }) {
  const $ = (id) => document.getElementById(id);
  const html = document.documentElement;

  function notice(kind, extra, detail, facts) {
    const box = $("board-notices");
    box.querySelector(`[data-notice="${kind}"]`)?.remove();
    const message = saveMessage(kind, facts) || kind;
    box.append(h("p", { class: "notice", data: { notice: kind, testid: `notice-${kind}` } },
      h("span", { text: detail ? t("{message} What was wrong: {detail}.", { message, detail }) : message }), extra || null));
  }

  function clearNotice(kind) {
    $("board-notices").querySelector(`[data-notice="${kind}"]`)?.remove();
  }

  function download(file) {
    const a = h("a", { href: URL.createObjectURL(new Blob([file.text], { type: file.type })), download: file.name, class: "visually-hidden" });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  }

  /** "Download the unreadable save" for the aside entry `key` (the newest if none given). */
  function downloadButton(key) {
    return h("button", { type: "button", class: "secondary small", data: { testid: "download-aside" }, onclick: () => {
      const entry = key || store.asides().at(-1)?.key;
      const file = entry && store.asideFile(entry);
      if (file) download(file);
    } }, t("Download the save kept aside"));
  }

  let asidesOpen = false; // the player opened the folded list: it stays open across redraws
  // "Hide" on the quiet line of earlier tables: remembered on this device (store.hideAsides)
  // until a save is set aside for a problem (unreadable, refused, another tab's), which is
  // always shown; hiddenNow holds it for this visit where nothing can be stored.
  let hiddenNow = false;

  /** The saves set aside, each with Download and Discard; nothing goes without the player. */
  function drawAsides() {
    const box = $("board-notices");
    const slot = $("asides-slot");
    box.querySelector("[data-notice=asides]")?.remove();
    slot?.replaceChildren();
    const list = store.asides();
    html.dataset.asides = String(list.length);
    if (!list.length) return;
    // A save kept aside because of a problem opens in full, above the table, so it is read;
    // games the player replaced on purpose (New game) are one small line in the header that
    // opens the list, and the player may hide it.
    const problem = list.some((entry) => entry.why !== "new-game");
    if (problem) { store.hideAsides(false); hiddenNow = false; }
    else if (hiddenNow || store.asidesHidden()) return;
    const quiet = !problem && slot;
    const count = list.length;
    const rows = h("ul", { class: "aside-list" }, list.map((entry, i) => h("li", { data: { testid: `aside-${i}`, why: entry.why } },
      h("span", { text: entry.at ? t("{what} ({when})", { what: store.describe(entry), when: entry.at.slice(0, 16).replace("T", " ") }) : store.describe(entry) }),
      h("button", { type: "button", class: "secondary small", data: { testid: `aside-download-${i}` },
        onclick: () => { const file = store.asideFile(entry.key); if (file) download(file); } }, t("Download")),
      h("button", { type: "button", class: "quiet small", data: { testid: `aside-discard-${i}` },
        "aria-label": t("Discard {what}", { what: store.describe(entry) }),
        onclick: () => { store.forget(entry.key); drawAsides(); say(t("Discarded the table kept aside.")); } }, t("Discard")))));
    const sentence = problem ? tn("Kept aside on this device: one table. Download one to keep it, or discard it.",
      "Kept aside on this device: {n} tables. Download one to keep it, or discard it.", count)
      : tn("Your earlier tables are kept on this device ({n} of at most {most}: after that, each New game lets the oldest go). Download one to keep it, or discard it.",
        "Your earlier tables are kept on this device ({n} of at most {most}: after that, each New game lets the oldest go). Download one to keep it, or discard it.", count, { most: KEEP_GAMES });
    const sheet = h("details", { class: ["notice", "asides", quiet && "asides-quiet"], data: { notice: "asides", testid: "asides" } },
      h("summary", { data: { testid: "asides-summary" },
        text: quiet ? t("Earlier tables ({count})", { count }) : sentence }),
      quiet ? h("div", { class: "asides-menu" },
        h("p", { class: "asides-say", text: sentence }),
        rows,
        h("button", { type: "button", class: "quiet small", data: { testid: "asides-hide" },
          onclick: () => {
            hiddenNow = true;
            store.hideAsides(true);
            drawAsides();
            say(t("Earlier tables hidden. They stay on this device."));
          } }, t("Hide this line"))) : rows);
    sheet.open = problem || asidesOpen;
    sheet.addEventListener("toggle", () => { asidesOpen = sheet.open; });
    if (quiet) slot.append(sheet);
    else box.append(sheet);
  }

  return { notice, clearNotice, downloadButton, drawAsides };
}
