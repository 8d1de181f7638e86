// @ts-check
// What a ruling would change, drawn on the pieces themselves: a wound track with the ruling's
// new Wounds hatched and its death space marked, a count as it stands and as the ruling leaves
// it ("3 → 1"), a figure's death and a lost game in words with a mark. One drawing for the
// board (static/board/render.js) and the widget (./view.js); its look is ./change.css.
// It decides nothing: the table before is the one ruled on, and the table after, who dies
// and whether the game is lost are the core's ruling (`state`, `wounds[].died`, `game_lost`),
// said in the core's words (`words.wounds`, `words.lost`).

import { t } from "./i18n.js";
import { arrow, skull } from "./marks.js";

/**
 * What the page needs of a ruling's change: the table after, who dies, the lost game's words.
 * @typedef {{ after: any, died: Set<string>, lost: string, said: string[] }} Change
 */

function node(tag, cls, ...children) {
  const made = document.createElement(tag);
  if (cls) made.className = cls;
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    made.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return made;
}

/** A figure of a table by its id ("cook", "friday", "jenny"), else null. */
export function figureOf(state, id) {
  if (!state) return null;
  if (id === "friday") return state.friday || null;
  if (id === "jenny") return state.jenny || null;
  return (state.characters || []).find((c) => c.role === id) || null;
}

/**
 * The change a ruling makes, as the core says it; null without a ruling. `said` is what to
 * announce on the pieces: each death and the lost game, in the core's own sentences.
 * @param {any} ruling
 * @returns {Change | null}
 */
export function changeOf(ruling) {
  if (!ruling || !ruling.state) return null;
  const wounds = ruling.wounds || [];
  const words = ruling.words || null;
  const died = new Set(wounds.filter((w) => w.died).map((w) => w.figure));
  const said = words ? wounds.map((w, i) => (w.died ? t("{summary}.", { summary: words.wounds[i] }) : null)).filter(Boolean) : [];
  const lost = ruling.game_lost ? (words && words.lost) || t("The game is lost.") : "";
  if (lost) said.push(lost);
  return { after: ruling.state, died, lost, said };
}

/** What to announce of a change on the pieces (each death, the lost game), or "". */
export function announcement(change) {
  return change && change.said.length ? t("On the table, if applied: {what}", { what: change.said.join(" ") }) : "";
}

/**
 * A wound track's spaces as dots: Wounds taken filled, the ruling's new ones hatched, the Morale
 * arrows and the death space marked (a figure the ruling kills: its death space filled and
 * ringed). In `rows` rows of as many dots as fit evenly. aria-hidden: its words are beside it.
 * @param {{ track: { death_at: number, morale_arrows?: number[] }, before: number, after?: number,
 *   dies?: boolean, rows?: number }} spec
 */
export function woundDots({ track, before, after = before, dies = false, rows = 1 }) {
  const death = Math.max(1, Math.min(track.death_at, 30)); // drawn within the models' range
  const upto = Math.max(before, after);
  const arrows = new Set(track.morale_arrows || []);
  const dot = (at) => {
    const kind = at <= before ? "wd-had" : at <= upto ? "wd-new" : "wd-free";
    const cls = ["wd", kind, arrows.has(at) && "wd-arrow", at === death && "wd-death", at === death && dies && "wd-dies"];
    return node("span", cls.filter(Boolean).join(" "), at === death ? skull() : arrows.has(at) ? arrow() : null);
  };
  const per = Math.ceil(death / Math.max(1, rows));
  const lines = [];
  for (let from = 1; from <= death; from += per) {
    lines.push(node("span", "wd-row", ...Array.from({ length: Math.min(per, death - from + 1) }, (_, i) => dot(from + i))));
  }
  const box = node("span", "wound-dots", ...lines);
  box.setAttribute("aria-hidden", "true");
  box.dataset.before = String(before);
  box.dataset.after = String(upto);
  return box;
}

/** A wound track in words: "Wounds 2 of 13", "Wounds 2 → 5 of 13", and death when it comes. */
export function woundWords(before, after, most, dies = false) {
  const now = after > before ? t("Wounds {before} → {after} of {most}", { before, after, most })
    : t("Wounds {before} of {most}", { before, most });
  return dies ? t("{wounds}: dies", { wounds: now }) : now;
}

/**
 * A count as it stands, or as it stands and as the ruling leaves it ("3 → 1", "−1 → −3"),
 * in large figures; `show` writes a value (a sign for Morale).
 * @param {number} before @param {number | undefined} after @param {(n: number) => string} [show]
 */
export function countChange(before, after, show = String) {
  const changed = after !== undefined && after !== null && after !== before;
  const box = node("span", changed ? `count-change ${after < before ? "change-down" : "change-up"}` : "count-now",
    changed ? `${show(before)} → ${show(after)}` : show(before));
  box.dataset.before = String(before);
  box.dataset.after = String(changed ? after : before);
  return box;
}

/** A figure's death, on its card: the skull and the word, never the colour alone. */
export function deathMark() {
  const mark = node("span", "dies", skull(), node("span", "", t("Dies")));
  mark.dataset.testid = "dies";
  return mark;
}

/** A lost game, on the table: the skull and the core's sentence. */
export function lostMark(text) {
  const mark = node("p", "lost-preview", skull(), node("strong", "", text));
  mark.dataset.testid = "lost-preview";
  return mark;
}

/**
 * A pile's cubes as the ruling leaves them: those it spends struck through, those it adds
 * outlined; at most `max` drawn (the count says the rest).
 * @param {string} kind @param {number} before @param {number} after @param {number} max
 */
export function cubeRow(kind, before, after, max) {
  const n = Math.max(before, after);
  const shown = Math.min(n, max);
  const cells = [];
  for (let i = 1; i <= shown; i += 1) {
    const change = i > after ? " cube-spent" : i > before ? " cube-gained" : "";
    cells.push(node("span", `cube cube-${kind}${change}`));
  }
  return { cells, more: n - shown };
}
