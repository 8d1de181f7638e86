// @ts-check
// The page's half of the message catalogue (the core's is pyapp/rules/i18n.py): every word
// the page shows is `t(msgid, params)` or `tn(singular, plural, n, params)`, with the same
// `{name}` placeholders as the core's messages. `tools/i18n.py extract` finds these calls
// (Babel's JavaScript extractor, keywords t and tn) and puts them in locale/messages.pot.
//
// English needs no file: the msgid is the text. Another language is static/locale/<lang>.json
// (built by `tools/i18n.py compile`): {language, pluralLocale, plural, messages}, where
// `messages` maps a msgid to its text or to its plural forms, and `plural` maps the CLDR
// category Intl.PluralRules(pluralLocale) gives a count to the index of its form. The plural
// rule is data, never code to evaluate (the CSP forbids eval).
//
// The language is chosen by the URL's ?lang= (remembered in localStorage under STORAGE_KEY),
// else the one remembered, else English. The core speaks the page's language once told:
// `tellCore(referee)` before the rules take their first call (static/app.js does, for the first
// Python and for each one started after a death).
//
// One language for the whole page: this module runs twice on the board (as a module for
// app.js, and bundled into the classic script static/vendor/board.js), so the active catalogue
// is kept in one place both copies read, `globalThis[SHARED_KEY]`, never in a module's own
// variables: one `setLanguage` speaks for both, and `startLanguage` loads the file once.
// Static page text (index.html, widget.html, faq.html) is translated in place by
// `translateDocument`: tools/i18n.py extracts the same text nodes and attributes, whitespace
// runs taken as one space.

export const ENGLISH = "en";
export const STORAGE_KEY = "castaway-referee.language";
export const SHARED_KEY = "castawayRefereeWords";
const CODE = /^(?:[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*|x-pseudo)$/;
// The attributes a reader sees or hears, as tools/i18n.py's HTML_ATTRIBUTES.
const ATTRIBUTES = ["title", "aria-label", "placeholder", "alt"];

/** @typedef {{language: string, pluralLocale: string, plural: Record<string, number>,
 *   messages: Record<string, string | string[]>}} Catalogue */
/** @typedef {Record<string, string | number>} Params */

/** @typedef {{catalogue: Catalogue | null, plurals: Intl.PluralRules,
 *   starting: Promise<string> | null}} Words */

/** The page's one language state, shared by every copy of this module. @returns {Words} */
function words() {
  const home = /** @type {Record<string, Words>} */ (/** @type {unknown} */ (globalThis));
  home[SHARED_KEY] ??= { catalogue: null, plurals: new Intl.PluralRules(ENGLISH), starting: null };
  return home[SHARED_KEY];
}

/**
 * `text` with its `{name}` placeholders filled from params (`{{` and `}}` are braces, as in
 * Python's str.format); a placeholder without a value is left as it is.
 * @param {string} text @param {Params} [params]
 */
export function format(text, params = {}) {
  return text.replace(/\{\{|\}\}|\{(\w+)\}/g, (whole, name) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    return Object.hasOwn(params, name) ? String(params[name]) : whole;
  });
}

/** The message in the active language. @param {string} msgid @param {Params} [params] */
export function t(msgid, params) {
  const found = words().catalogue?.messages[msgid];
  return format(typeof found === "string" && found ? found : msgid, params);
}

/**
 * The form of a counted message the language's plural rule picks for n ({n} is filled too).
 * @param {string} singular @param {string} plural @param {number} n @param {Params} [params]
 */
export function tn(singular, plural, n, params = {}) {
  const { catalogue, plurals } = words();
  const category = plurals.select(n);
  const forms = catalogue?.messages[singular];
  let text;
  if (Array.isArray(forms) && catalogue) {
    text = forms[catalogue.plural[category] ?? forms.length - 1] ?? plural;
  } else {
    text = category === "one" ? singular : plural;
  }
  return format(text, { n, ...params });
}

/** The active language's code. */
export function language() {
  const { catalogue } = words();
  return catalogue ? catalogue.language : ENGLISH;
}

/** Speak a catalogue already loaded (English when null). @param {Catalogue | null} loaded */
export function useCatalogue(loaded) {
  const state = words();
  state.catalogue = loaded;
  state.plurals = new Intl.PluralRules(loaded ? loaded.pluralLocale : ENGLISH);
}

/** static/locale/<lang>.json, beside the pages (all three at the site's root); not from
 * import.meta.url, which the board's classic-script bundle does not have.
 * @param {string} lang @returns {Promise<Catalogue>} */
async function fetchCatalogue(lang) {
  const answer = await fetch(new URL(`static/locale/${lang}.json`, document.baseURI));
  if (!answer.ok) throw new Error(`There are no words for the language "${lang}".`);
  return answer.json();
}

/**
 * Speak `lang` from now on; resolves with it once its catalogue is loaded (English at once).
 * Rejects, the language unchanged, when there is no such language.
 * @param {string} lang @param {(lang: string) => Promise<Catalogue>} [load]
 */
export async function setLanguage(lang, load = fetchCatalogue) {
  if (!CODE.test(lang)) throw new Error(`"${lang}" is not a language code.`);
  useCatalogue(lang === ENGLISH ? null : await load(lang));
  return language();
}

/**
 * The language the page should speak: ?lang= (then remembered), else the remembered one,
 * else English. Storage that cannot be used (a sandboxed frame) is passed over.
 * @param {string} href @param {Pick<Storage, "getItem" | "setItem"> | null} storage
 */
export function chosenLanguage(href, storage) {
  const asked = new URL(href).searchParams.get("lang");
  try {
    if (asked && CODE.test(asked)) {
      storage?.setItem(STORAGE_KEY, asked);
      return asked;
    }
    const kept = storage?.getItem(STORAGE_KEY);
    return kept && CODE.test(kept) ? kept : ENGLISH;
  } catch {
    return asked && CODE.test(asked) ? asked : ENGLISH;
  }
}

/** Speak the language this page was opened in; English if its catalogue cannot be had.
 * Called by every part of the page that draws words; the choice is made and its file
 * fetched once (English fetches nothing). */
export function startLanguage() {
  const state = words();
  state.starting ??= (async () => {
    let storage = null;
    try { storage = window.localStorage; } catch { /* a sandboxed frame: nothing kept */ }
    try {
      return await setLanguage(chosenLanguage(window.location.href, storage));
    } catch {
      return setLanguage(ENGLISH);
    }
  })();
  return state.starting;
}

/** "  Loading the rules…\n  " -> "Loading the rules…": whitespace runs as one space, as
 * tools/i18n.py reads the pages' text. @param {string} text */
const normalised = (text) => text.split(/\s+/).filter(Boolean).join(" ");

/**
 * The static page's words in the active language: each text node and each `title`,
 * `aria-label`, `placeholder` and `alt` whose text (whitespace normalised) is a message of
 * the catalogue takes its translation (the node's leading and trailing whitespace kept);
 * text inside script, style, template and `[data-typed]` is left alone. `<html lang>` says
 * the language. English changes nothing but `lang`.
 * @param {Document | Element} [root]
 */
export function translateDocument(root = document) {
  const doc = root.ownerDocument ?? /** @type {Document} */ (root);
  doc.documentElement.lang = language();
  const messages = words().catalogue?.messages;
  if (!messages) return;
  /** @param {string} text */
  const translated = (text) => {
    const found = messages[normalised(text)];
    return typeof found === "string" && found ? found : null;
  };
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = /** @type {Text} */ (node);
    if (!text.data.trim() || text.parentElement?.closest("script, style, template, [data-typed]")) continue;
    const found = translated(text.data);
    if (found !== null) {
      const [, lead, , trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text.data) ?? ["", "", "", ""];
      text.data = `${lead}${found}${trail}`;
    }
  }
  for (const element of root.querySelectorAll(ATTRIBUTES.map((name) => `[${name}]`).join(", "))) {
    if (element.closest("[data-typed]")) continue;
    for (const name of ATTRIBUTES) {
      const found = element.hasAttribute(name) ? translated(element.getAttribute(name) ?? "") : null;
      if (found !== null) element.setAttribute(name, found);
    }
  }
}

/**
 * Have the core answer in the page's language (pyapp/service.py's `language`): resolves
 * once it does. Nothing to say for English, the core's own.
 * @param {{call: (method: string, payload: unknown) => Promise<unknown>}} referee
 */
export async function tellCore(referee) {
  if (language() !== ENGLISH) await referee.call("language", { language: language() });
}
