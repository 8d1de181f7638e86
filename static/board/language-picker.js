// @ts-check
// The board's language control, in Settings: the languages this build has (the build's
// static/locale/languages.json, fetched when Settings is first opened, so that an English
// reader's start fetches nothing), each by its own name (English, Polski, Deutsch, Français,
// Español). A choice is spoken at once and kept for the next visit (main.js's
// ctl.chooseLanguage tells the core too). One <select> for the page's life: the game region
// is drawn anew often, and its list must not be fetched again each time.

import { h } from "./dom.js";
import { language, offeredLanguages, t } from "../shared/i18n.js";

/** @typedef {import("../shared/i18n.js").Offered} Offered */

/** @param {(code: string) => Promise<unknown>} choose */
export function createLanguagePicker(choose) {
  const select = /** @type {HTMLSelectElement} */ (h("select", {
    id: "language-picker", class: "language-picker", translate: "no", data: { testid: "language-picker" },
  }));
  /** @type {Promise<Offered[]> | null} */
  let offered = null;

  /** @param {Offered[]} list */
  function fill(list) {
    const now = language();
    // A language spoken but not offered (x-pseudo, opened by ?lang=) is shown by its code.
    const shown = list.some(({ code }) => code === now) ? list : [...list, { code: now, name: now }];
    select.replaceChildren(...shown.map(({ code, name }) => h("option", { value: code, lang: code, text: name, selected: code === now })));
    select.dataset.ready = "true";
  }

  /** The list, fetched once (again after a failure). */
  function load() {
    offered ??= offeredLanguages().then((list) => { fill(list); return list; }, () => { offered = null; return []; });
    return offered;
  }

  select.addEventListener("change", () => {
    const code = select.value;
    select.disabled = true;
    choose(code).finally(() => { select.disabled = false; });
  });

  /** The control's row, with its label in the language spoken now. */
  function row() {
    if (select.options.length) for (const option of select.options) option.selected = option.value === language();
    return h("div", { class: "language-row", data: { testid: "language-row" } },
      h("label", { for: "language-picker", class: "row-label", text: t("Language") }), select);
  }

  return { row, load, select };
}
