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
// The language is chosen by the URL's ?lang= (remembered in localStorage under STORAGE_KEY)
// or a `lang=` in its fragment (the widget's embed code), else the one remembered (the
// board's Settings), else the browser's (navigator.languages), else English. The core speaks the page's language once told:
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
 *   starting: Promise<string> | null, page: WeakMap<Node, Record<string, Said>>}} Words */
/** What translateDocument wrote in a text node or an attribute, and the English it replaced.
 * @typedef {{source: string, wrote: string}} Said */

/** The page's one language state, shared by every copy of this module. @returns {Words} */
function words() {
  const home = /** @type {Record<string, Words>} */ (/** @type {unknown} */ (globalThis));
  home[SHARED_KEY] ??= { catalogue: null, plurals: new Intl.PluralRules(ENGLISH), starting: null, page: new WeakMap() };
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

/** The browser's languages (navigator.languages: "de-AT", "de", "en-GB") by their primary
 * code, best first, up to English, which every page has.
 * @param {readonly string[]} preferred */
export function browserLanguages(preferred) {
  /** @type {string[]} */
  const codes = [];
  for (const tag of preferred) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (code === ENGLISH) break;
    if (CODE.test(code) && !codes.includes(code)) codes.push(code);
  }
  return codes;
}

/**
 * The languages the page should try, best first, English last: ?lang= (then remembered), or
 * a `lang=` in the fragment (a widget's embed code: never remembered), else the remembered
 * one, else the browser's languages (`preferred`, navigator.languages). A language without a
 * catalogue in this build is passed over for the next (startLanguage). Storage that cannot be
 * used (a sandboxed frame) is passed over.
 * @param {string} href @param {Pick<Storage, "getItem" | "setItem"> | null} storage
 * @param {readonly string[]} [preferred]
 */
export function languageChoices(href, storage, preferred = []) {
  const url = new URL(href);
  const asked = url.searchParams.get("lang");
  const framed = new URLSearchParams(url.hash.replace(/^#/, "")).get("lang");
  /** @param {string | null | undefined} code */
  const usable = (code) => Boolean(code && CODE.test(code));
  /** @param {string[]} codes */
  const ending = (codes) => [...codes.filter((c) => c !== ENGLISH), ENGLISH];
  if (usable(asked)) {
    rememberLanguage(/** @type {string} */ (asked), storage);
    return ending([/** @type {string} */ (asked)]);
  }
  if (usable(framed)) return ending([/** @type {string} */ (framed)]);
  let kept = null;
  try {
    kept = storage?.getItem(STORAGE_KEY);
  } catch { /* storage denied: nothing remembered */ }
  return ending(usable(kept) ? [/** @type {string} */ (kept)] : browserLanguages(preferred));
}

/** The language the page speaks first (languageChoices' first).
 * @param {string} href @param {Pick<Storage, "getItem" | "setItem"> | null} storage
 * @param {readonly string[]} [preferred] */
export function chosenLanguage(href, storage, preferred = []) {
  return languageChoices(href, storage, preferred)[0];
}

/** Keep the reader's choice (the Settings control, ?lang=) for the next visit; storage that
 * cannot be used keeps nothing.
 * @param {string} lang @param {Pick<Storage, "setItem"> | null} storage */
export function rememberLanguage(lang, storage) {
  try {
    storage?.setItem(STORAGE_KEY, lang);
  } catch { /* a sandboxed frame: nothing kept */ }
}

/** The page's storage, or null where it is denied. */
function pageStorage() {
  try { return window.localStorage; } catch { return null; }
}

/** Speak the language this page was opened in; English if no choice has a catalogue.
 * Called by every part of the page that draws words; the choice is made and its file
 * fetched once (English fetches nothing). */
export function startLanguage() {
  const state = words();
  state.starting ??= (async () => {
    for (const lang of languageChoices(window.location.href, pageStorage(), navigator.languages ?? [])) {
      try {
        return await setLanguage(lang);
      } catch { /* none in this build: the next one */ }
    }
    return setLanguage(ENGLISH);
  })();
  return state.starting;
}

/** Speak `lang` from now on and keep it for the next visit (the Settings control).
 * @param {string} lang */
export async function chooseLanguage(lang) {
  const said = await setLanguage(lang);
  rememberLanguage(said, pageStorage());
  return said;
}

/** @typedef {{code: string, name: string}} Offered */

/** The languages this build has, each by its own name (English, Polski, Deutsch ...): the
 * build writes static/locale/languages.json (tools/i18n.py compile), fetched when asked.
 * @returns {Promise<Offered[]>} */
export async function offeredLanguages() {
  const answer = await fetch(new URL("static/locale/languages.json", document.baseURI));
  if (!answer.ok) throw new Error("The list of languages could not be loaded.");
  return answer.json();
}

/** `href` without its ?lang=: a link for another reader, who reads it in their own language.
 * @param {string} href */
export function withoutLanguage(href) {
  const url = new URL(href);
  url.searchParams.delete("lang");
  return url.href;
}

/** "  Loading the rules…\n  " -> "Loading the rules…": whitespace runs as one space, as
 * tools/i18n.py reads the pages' text. @param {string} text */
const normalised = (text) => text.split(/\s+/).filter(Boolean).join(" ");

/**
 * The static page's words in the active language: each text node and each `title`,
 * `aria-label`, `placeholder` and `alt` whose text (whitespace normalised) is a message of
 * the catalogue takes its translation (the node's leading and trailing whitespace kept);
 * text inside script, style, template and `[data-typed]` is left alone. `<html lang>` says
 * the language. The English each replaced is kept, so that the page can change language
 * again (English puts it back); text the page has since written anew is taken as it is.
 * @param {Document | Element} [root]
 */
export function translateDocument(root = document) {
  const doc = root.ownerDocument ?? /** @type {Document} */ (root);
  doc.documentElement.lang = language();
  const messages = words().catalogue?.messages;
  const { page } = words();
  /** The text to show for `now`, what was said there before (`said`) remembered.
   * @param {string} now @param {Said | undefined} said */
  const translated = (now, said) => {
    const source = said && said.wrote === now ? said.source : now;
    const found = messages?.[normalised(source)];
    return { source, text: typeof found === "string" && found ? found : null };
  };
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = /** @type {Text} */ (node);
    if (!text.data.trim() || text.parentElement?.closest("script, style, template, [data-typed]")) continue;
    const kept = page.get(text);
    const { source, text: found } = translated(text.data, kept?.[""]);
    if (found === null) {
      if (kept?.[""] && source !== text.data) text.data = source; // back to English
      continue;
    }
    const [, lead, , trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(source) ?? ["", "", "", ""];
    text.data = `${lead}${found}${trail}`;
    page.set(text, { "": { source, wrote: text.data } });
  }
  for (const element of root.querySelectorAll(ATTRIBUTES.map((name) => `[${name}]`).join(", "))) {
    if (element.closest("[data-typed]")) continue;
    const kept = page.get(element) ?? {};
    for (const name of ATTRIBUTES) {
      if (!element.hasAttribute(name)) continue;
      const now = element.getAttribute(name) ?? "";
      const { source, text: found } = translated(now, kept[name]);
      const shown = found ?? source;
      if (shown !== now) element.setAttribute(name, shown);
      if (found !== null) kept[name] = { source, wrote: shown };
    }
    page.set(element, kept);
  }
}

/**
 * Have the core answer in the page's language (pyapp/service.py's `language`): resolves
 * once it does. Nothing to say for English, the core's own, to a Python just started; a core
 * that has spoken another language is told English too (`always`).
 * @param {{call: (method: string, payload: unknown) => Promise<unknown>}} referee
 * @param {{always?: boolean}} [options]
 */
export async function tellCore(referee, { always = false } = {}) {
  if (always || language() !== ENGLISH) await referee.call("language", { language: language() });
}
