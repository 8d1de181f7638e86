// @ts-check
// The FAQ in every language the build has, one address each (faq.html?lang=de#<entry>), so
// that a forum post can link the answer in its readers' language: a line of links in the
// header, each language by its own name, drawn once the FAQ is ready (the list is a small
// file of the build, static/locale/languages.json), each keeping the entry the reader is at.

import { language, offeredLanguages, t } from "../shared/i18n.js";

/** @param {Element} into */
export async function drawLanguageLinks(into) {
  const offered = await offeredLanguages();
  if (offered.length < 2) return;
  const links = offered.map(({ code, name }) => {
    const link = document.createElement("a");
    Object.assign(link, { lang: code, hreflang: code, textContent: name, translate: false });
    link.dataset.testid = `faq-language-${code}`;
    if (code === language()) link.setAttribute("aria-current", "page");
    return /** @type {[string, HTMLAnchorElement]} */ ([code, link]);
  });
  const follow = () => {
    for (const [code, link] of links) {
      const url = new URL(location.href);
      url.searchParams.set("lang", code);
      link.href = url.href;
    }
  };
  follow();
  addEventListener("hashchange", follow);
  const nav = document.createElement("nav");
  nav.className = "faq-languages";
  nav.dataset.testid = "faq-languages";
  nav.setAttribute("aria-label", t("This FAQ in other languages"));
  const list = document.createElement("ul");
  list.append(...links.map(([, link]) => { const item = document.createElement("li"); item.append(link); return item; }));
  nav.append(list);
  into.append(nav);
}
