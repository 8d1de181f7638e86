// @ts-check
// What the board says to the player next to the control they used: a message box placed where
// they last tapped (a refusal, a hint, a problem), and the dialog that asks before a table is
// replaced.

import { $, $dialog, h } from "./dom.js";
import { t } from "../shared/i18n.js";

// Where the player last tapped (or clicked, or pressed Enter; or let go of a dragged piece):
// a refusal is shown there, next to the control, not in a corner of the screen.
let tapped = null;
let pointer = "touch"; // what pressed last: a finger, a pen or a mouse

/** Where the player last tapped ({key, testid, x, y}), for a message placed there; or null. */
export const lastTap = () => tapped;
/** What pressed last: "touch", "pen" or "mouse". */
export const lastPointer = () => pointer;

/** Follow the player's taps, clicks and key presses (capturing: before the board hears them).
 * A refusal or a hint is put away by the next tap anywhere else: read and passed by, it no
 * longer covers what the player turned to (the ruling, the table). */
export function watchTaps() {
  document.addEventListener("pointerdown", (e) => {
    const box = $("board-message");
    const kind = box.dataset.kind;
    if ((kind === "refused" || kind === "hint") && !box.contains(/** @type {Node} */ (e.target))) clearMessage(kind);
  }, true);
  document.addEventListener("pointerup", (e) => { tapped = { x: e.clientX, y: e.clientY }; pointer = e.pointerType || "touch"; }, true);
  document.addEventListener("click", (e) => {
    const target = /** @type {Element} */ (e.target);
    const el = target.closest && /** @type {HTMLElement | null} */ (target.closest("[data-key], [data-testid]"));
    tapped = el ? { key: el.dataset.key, testid: el.dataset.testid, x: e.clientX, y: e.clientY } : null;
  }, true);
}

function anchorRect(anchor) {
  if (!anchor) return null;
  const el = (anchor.key && document.querySelector(`[data-key="${CSS.escape(anchor.key)}"]`))
    || (anchor.testid && document.querySelector(`[data-testid="${CSS.escape(anchor.testid)}"]`));
  if (el && el.getClientRects().length) return el.getBoundingClientRect();
  return anchor.x || anchor.y ? { left: anchor.x, top: anchor.y, bottom: anchor.y } : null;
}

/** Put the message just below the control (above it if there is no room), inside the screen. */
function placeMessage(box, anchor, above = false) {
  const r = anchorRect(anchor);
  box.classList.toggle("is-anchored", Boolean(r));
  if (!r) {
    box.style.left = "";
    box.style.top = "";
    return;
  }
  const m = 8;
  const { offsetWidth: w, offsetHeight: hgt } = box;
  let top = above ? r.top - hgt - m : r.bottom + m;
  if (above ? top < m : top + hgt > innerHeight - m) top = above ? r.bottom + m : r.top - hgt - m;
  top = Math.max(m, Math.min(top, innerHeight - hgt - m));
  const left = Math.max(m, Math.min(r.left, innerWidth - w - m));
  box.style.left = `${Math.round(left)}px`; // CSSOM: allowed by the CSP
  box.style.top = `${Math.round(top)}px`;
}

/** Put `box` (fixed, board.css) beside the element `el`: above it, or below if there is no
 * room, inside the screen. */
export function placeBeside(box, el) {
  placeMessage(box, el ? { key: el.dataset.key, testid: el.dataset.testid } : null, true);
}

// A toast that stays on screen until the player dismisses it (or their next change goes
// through; a refusal or a hint, until their next tap elsewhere).
export function showMessage(text, kind = "info", anchor = null) {
  const box = $("board-message");
  const back = /** @type {HTMLElement | null} */ (document.activeElement);
  box.dataset.kind = kind;
  box.replaceChildren(h("span", { text }), h("button", { type: "button", class: "secondary small", data: { testid: "message-ok" },
    onclick: () => {
      box.replaceChildren();
      box.dataset.kind = "";
      box.classList.remove("is-anchored");
      if (back && document.contains(back) && back !== document.body) back.focus();
    } }, t("OK")));
  placeMessage(box, anchor);
}

export function clearMessage(kind) {
  const box = $("board-message");
  if (box.dataset.kind !== kind) return;
  box.replaceChildren();
  box.dataset.kind = "";
  box.classList.remove("is-anchored");
}

/** Ask with the page's confirm dialog: resolves true for its OK button. */
export function confirmDialog(titleText, text, okText) {
  const dialog = $dialog("confirm-dialog");
  $("confirm-title").textContent = titleText;
  $("confirm-text").textContent = text;
  $("confirm-ok").textContent = okText;
  dialog.returnValue = "";
  dialog.showModal();
  return new Promise((resolve) => dialog.addEventListener("close", () => resolve(dialog.returnValue === "ok"), { once: true }));
}
