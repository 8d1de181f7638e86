// @ts-check
// The card's sheet where the panel is a bottom sheet (a tablet held upright, a phone): it
// opens folded to its verdict bar (on the first visit and after every New game), and when it
// is unfolded its top edge falls between two rows of the table, never across one (the Weapon
// row cut in half), and the piece in hand, if any, is scrolled clear of it.

import { SHEET_LAYOUT } from "./controls.js";

// The rows of the table a sheet's edge may pass between, never through: each region's rows,
// a character's card, a pile.
const ROWS = "#board .region > :not(.camp-grid, .char-grid, .piles), #board :is(.camp-grid, .char-grid, .piles) > *";
// The open sheet's height, as a share of the window: 52% unless a row would be cut, then the
// nearest height between 40% and 60% that cuts none. On a phone, where the verdict bar takes
// a good part of it, 62% (between 55% and 70%).
const TABLET = { usual: 0.52, least: 0.4, most: 0.6 };
const PHONE = { usual: 0.62, least: 0.55, most: 0.7 };
const PHONE_LAYOUT = "(max-width: 699.98px)";

const html = document.documentElement;

/** True where the panel is a bottom sheet. */
export const isSheet = () => matchMedia(SHEET_LAYOUT).matches;

/** The sheet folded to its bar (where there is a sheet). */
export function foldSheet() {
  if (isSheet()) html.dataset.sheet = "closed";
}

/** The sheet unfolded: its height fitted to the table's rows, the piece in hand kept in view. */
export function unfoldSheet() {
  html.dataset.sheet = "open";
  if (isSheet()) keepHeldInView(innerHeight - fitSheet());
}

/** The open sheet's height set for the table as it lies now; that height in px. */
function fitSheet() {
  const users = /** @type {HTMLElement[]} */ ([...document.querySelectorAll("#layout, #panel, .toasts")]);
  const px = sheetHeight();
  for (const el of users) el.style.setProperty("--sheet-height", `${px}px`); // CSSOM: allowed by the CSP
  return px;
}

// Turned, or the window resized: the open sheet fitted again to the new height.
addEventListener("resize", () => {
  if (html.dataset.sheet !== "closed" && isSheet()) fitSheet();
});

/** The height whose top edge crosses no row of the table as it lies on screen now. */
function sheetHeight() {
  const vh = innerHeight;
  const HEIGHT = matchMedia(PHONE_LAYOUT).matches ? PHONE : TABLET;
  const rows = [...document.querySelectorAll(ROWS)].map((el) => el.getBoundingClientRect())
    .filter((r) => r.height > 0 && r.bottom > vh * (1 - HEIGHT.most) && r.top < vh * (1 - HEIGHT.least));
  const crosses = (y) => rows.some((r) => r.top < y && y < r.bottom);
  const usual = Math.round(vh * (1 - HEIGHT.usual));
  for (let d = 0; d <= vh * (HEIGHT.most - HEIGHT.least); d += 4) {
    for (const y of [usual + d, usual - d]) { // a row more of the table rather than one less
      if (y >= vh * (1 - HEIGHT.most) && y <= vh * (1 - HEIGHT.least) && !crosses(y)) return Math.round(vh - y);
    }
  }
  return Math.round(vh * HEIGHT.usual);
}

/** The piece in hand (and the caption beside it) above the sheet's top edge `edge`. */
function keepHeldInView(edge) {
  const held = document.querySelector("#board .piece.is-held");
  if (!held) return;
  const r = held.getBoundingClientRect();
  const header = document.querySelector(".site-header");
  const top = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  const margin = 16;
  if (r.bottom > edge - margin) scrollBy({ top: r.bottom - (edge - margin), behavior: "instant" });
  else if (r.top < top + margin) scrollBy({ top: r.top - (top + margin), behavior: "instant" });
}

// What a ruling on show marks on the pieces (static/shared/change.js), by what matters most to
// the players: a lost game with the death that loses it, else the death alone; then Wounds and
// Determination (who suffers); then any other count or level it changes.
const MARKED = ["#board [data-testid=lost-preview], #board [data-testid=dies]", "#board [data-testid=dies]",
  "#board .char-card :is(.wd-new, .count-change)", "#board .count-change, #board .level-after"];
// The row a mark belongs to, brought whole into view if it can be.
const MARKED_ROW = ".char-card, .pile, .camp-row, .planned, [data-testid=lost-preview]";
const MARGIN = 12; // between the change shown and the header or the sheet's edge

/** The top and bottom of `els` on screen. @param {Element[]} els */
function span(els) {
  const boxes = els.map((el) => el.getBoundingClientRect());
  return { top: Math.min(...boxes.map((r) => r.top)), bottom: Math.max(...boxes.map((r) => r.bottom)) };
}

/** With the sheet unfolded (upright, on a phone), the ruling's change on the pieces brought
 * into view above the sheet's edge by scrolling the table: the marks that matter most
 * (MARKED) with their rows, or the marks alone, whichever can be seen there first; left alone
 * if already in view, and not while the player is changing the table (on it, or by Undo and
 * Redo, whose notice is under the toolbar). The sheet stays as it is, open, its headline
 * where it was (a rule's drawer and a reloaded ruling rely on that). */
export function showChangeAboveSheet() {
  const panel = document.getElementById("panel");
  const at = document.activeElement;
  if (!isSheet() || html.dataset.sheet === "closed" || !panel || (at && at.closest("#board, .toolbar"))) return;
  const groups = MARKED.map((q) => [...document.querySelectorAll(q)]).filter((found) => found.length);
  if (!groups.length) return;
  const header = document.querySelector(".site-header");
  const top = (header ? Math.max(0, header.getBoundingClientRect().bottom) : 0) + MARGIN;
  const edge = panel.getBoundingClientRect().top - MARGIN;
  const rowsOf = (marks) => span(marks.map((mark) => mark.closest(MARKED_ROW) || mark));
  const shown = groups.flatMap((marks) => [rowsOf(marks), span(marks)]).find((r) => r.bottom - r.top <= edge - top)
    || rowsOf(groups[0]);
  if (shown.top >= top && shown.bottom <= edge) return;
  scrollBy({ top: shown.top - top, behavior: "instant" });
}
