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
// the players: a lost game and a death; then Wounds and Determination (who suffers); then any
// other count or level it changes, each in the table's order.
const MARKED = ["#board [data-testid=lost-preview], #board [data-testid=dies]",
  "#board .char-card :is(.wd-new, .count-change)",
  "#board .count-change, #board .level-after"];
// The row a mark belongs to, brought whole into view.
const MARKED_ROW = ".char-card, .pile, .camp-row, .planned, [data-testid=lost-preview]";

/** With the sheet unfolded (upright, on a phone), the ruling's change on the pieces brought
 * into view above the sheet's edge, by scrolling the table: the rows of the marks that matter
 * most (MARKED), left alone if already in view. The sheet stays open (nothing of the ruling
 * hidden) and is fitted again to the rows it then lies between; only if those rows cannot be
 * seen above it (a death and the lost game on a phone) does it fold to its verdict bar, the
 * headline and Apply still shown, unfolded again by one tap on its toggle. True if folded.
 * @returns {boolean} */
export function showChangeAboveSheet() {
  if (!isSheet() || html.dataset.sheet === "closed") return false;
  // A player changing the table is looking at it: the page is not moved under their finger.
  const at = document.activeElement;
  if (at && at.closest("#board")) return false;
  const marks = MARKED.map((q) => [...document.querySelectorAll(q)]).find((found) => found.length);
  const panel = document.getElementById("panel");
  if (!marks || !panel) return false;
  const span = (els) => {
    const boxes = els.map((el) => el.getBoundingClientRect());
    return { top: Math.min(...boxes.map((r) => r.top)), bottom: Math.max(...boxes.map((r) => r.bottom)) };
  };
  const header = document.querySelector(".site-header");
  const top = (header ? Math.max(0, header.getBoundingClientRect().bottom) : 0) + MARGIN;
  const rows = span(marks.map((mark) => mark.closest(MARKED_ROW) || mark));
  const edge = () => panel.getBoundingClientRect().top - MARGIN;
  if (rows.top >= top && rows.bottom <= edge()) return false;
  const shown = [rows, span(marks)].find((r) => r.bottom - r.top <= edge() - top);
  if (!shown) foldSheet();
  scrollBy({ top: (shown || rows).top - top, behavior: "instant" });
  if (shown) fitSheet();
  return !shown;
}

const MARGIN = 12; // between the change shown and the header or the sheet's edge
