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
// call `tellCore(window.referee)` when the rules are ready (and again after a restart).

export const ENGLISH = "en";
export const STORAGE_KEY = "castaway-referee.language";
const CODE = /^(?:[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*|x-pseudo)$/;

/** @typedef {{language: string, pluralLocale: string, plural: Record<string, number>,
 *   messages: Record<string, string | string[]>}} Catalogue */
/** @typedef {Record<string, string | number>} Params */

/** @type {Catalogue | null} */
let catalogue = null;
let plurals = new Intl.PluralRules(ENGLISH);

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
  const found = catalogue?.messages[msgid];
  return format(typeof found === "string" && found ? found : msgid, params);
}

/**
 * The form of a counted message the language's plural rule picks for n ({n} is filled too).
 * @param {string} singular @param {string} plural @param {number} n @param {Params} [params]
 */
export function tn(singular, plural, n, params = {}) {
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
  return catalogue ? catalogue.language : ENGLISH;
}

/** Speak a catalogue already loaded (English when null). @param {Catalogue | null} loaded */
export function useCatalogue(loaded) {
  catalogue = loaded;
  plurals = new Intl.PluralRules(loaded ? loaded.pluralLocale : ENGLISH);
}

/** @param {string} lang @returns {Promise<Catalogue>} */
async function fetchCatalogue(lang) {
  // static/locale/, from the pages at the site's root: not import.meta, which the board's
  // bundle (a classic script, tools/vendor.py) does not have.
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

/** Speak the language this page was opened in; English if its catalogue cannot be had. */
export async function startLanguage() {
  let storage = null;
  try { storage = window.localStorage; } catch { /* a sandboxed frame: nothing kept */ }
  try {
    return await setLanguage(chosenLanguage(window.location.href, storage));
  } catch {
    return setLanguage(ENGLISH);
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
