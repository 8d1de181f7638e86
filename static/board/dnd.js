// @ts-check
// Moving pieces: drag with Pointer Events (mouse, touch, pen), tap-then-tap, and the keyboard
// (Enter/Space picks up, arrow keys or Tab reach the "Put here" buttons, Enter puts, Escape
// drops). All three end in ctl.commit(piece, place); none of them knows a rule.

import { t } from "../shared/i18n.js";
import { accepts } from "./moves.js";

const THRESHOLD = 6; // px of movement before a press becomes a drag
const REDUCED = matchMedia("(prefers-reduced-motion: reduce)"); // no lift: the ghost only follows

/** Moving pieces on the board `root`, by drag, tap and keyboard, through `ctl`. */
export function installMoves(root, ctl) {
  installDrag(root, ctl);
  installTaps(root, ctl);
}

// The innermost place under the pointer that takes the piece (places nest: a planned
// Action lies on its action space).
function takerAt(root, el, piece) {
  for (let zone = el && el.closest("[data-drop]"); zone && root.contains(zone);
    zone = zone.parentElement && zone.parentElement.closest("[data-drop]")) {
    if (accepts(piece, JSON.parse(zone.dataset.drop))) return zone;
  }
  return null;
}

/** Drag and drop with Pointer Events; the ghost follows the pointer. */
function installDrag(root, ctl) {
  let drag = null;
  let swallowClick = false;

  root.addEventListener("pointerdown", (e) => {
    swallowClick = false;
    if (ctl.readonly || (e.pointerType === "mouse" && e.button !== 0)) return;
    const el = e.target.closest("[data-drag]");
    if (!el || el.disabled) return;
    drag = { piece: JSON.parse(el.dataset.drag), el, x: e.clientX, y: e.clientY, id: e.pointerId, moving: false, over: null };
    try {
      el.setPointerCapture(e.pointerId);
    } catch {
      /* a synthetic or finished pointer: window listeners still see it */
    }
  });

  window.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.moving) {
      if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < THRESHOLD) return;
      start(drag);
    }
    e.preventDefault();
    edgeScroll(e.clientY);
    follow(drag, e.clientX, e.clientY);
  }, { passive: false });

  // Near the top or bottom edge, a drag scrolls the page so that far places can be reached.
  function edgeScroll(y) {
    const edge = 48;
    if (y < edge) window.scrollBy(0, -Math.ceil((edge - y) / 2));
    else if (y > window.innerHeight - edge) window.scrollBy(0, Math.ceil((y - window.innerHeight + edge) / 2));
  }

  window.addEventListener("pointerup", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    const done = drag;
    drag = null;
    if (!done.moving) return; // a tap or click: the piece's click handler picks it up
    // The click a mouse's drag ends with comes in the same turn as this pointerup; a
    // finger's drag often ends with none, and a later click (a tap, Enter) is the player's.
    swallowClick = true;
    setTimeout(() => { swallowClick = false; }, 0);
    follow(done, e.clientX, e.clientY, true);
    const place = done.over ? JSON.parse(done.over.dataset.drop) : null;
    finish(done);
    if (place) ctl.commit(done.piece, place, { via: "drag", t0: e.timeStamp, key: done.over.dataset.key });
    else {
      if (done.refocus && document.contains(done.refocus)) done.refocus.focus({ preventScroll: true });
      ctl.say(t("Dropped nowhere: nothing moved."));
    }
  });

  window.addEventListener("pointercancel", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    finish(drag);
    drag = null;
  });

  // The click that ends a drag is not a tap; but a finger's drag often ends with no click at
  // all, so the next press anywhere (the panel too) starts afresh.
  window.addEventListener("pointerdown", () => { swallowClick = false; }, true);
  window.addEventListener("click", (e) => {
    if (!swallowClick || e.detail === 0) return; // never a keyboard's click
    swallowClick = false;
    e.stopPropagation();
    e.preventDefault();
  }, true);

  function start(d) {
    d.moving = true;
    // A mouse press focused the piece; a drop redraws the part it sits in, and removing the
    // focused element costs the browser a synchronous style and layout pass (5-30 ms here)
    // in the middle of the redraw. Blurred now, while the player drags, it costs ~1 ms; the
    // focus would have gone to the page anyway when the piece was redrawn.
    d.refocus = d.el.contains(document.activeElement) ? document.activeElement : null;
    if (d.refocus) d.refocus.blur();
    // The ghost: one cube (or the pawn, the marker) of the piece's art, nothing else of it.
    const art = d.el.querySelector(".cube, .pawn, .black-marker, .fp-token");
    d.ghost = document.createElement("div");
    d.ghost.className = "drag-ghost";
    d.ghost.setAttribute("aria-hidden", "true");
    d.ghost.dataset.testid = "drag-ghost";
    if (art) d.ghost.append(art.cloneNode(true));
    document.body.append(d.ghost);
    d.el.classList.add("is-dragging");
    for (const zone of root.querySelectorAll("[data-drop]")) {
      if (accepts(d.piece, JSON.parse(zone.dataset.drop))) zone.classList.add("drop-ok");
    }
  }

  // The ghost follows the pointer at once (a transform only: no layout); which place is
  // under it is looked up once per frame, however many pointer events the frame brings.
  function follow(d, x, y, now = false) {
    d.at = [x, y];
    d.ghost.style.transform = `translate(${x - 22}px, ${y - 30}px)${REDUCED.matches ? "" : " scale(1.1)"}`; // CSSOM: allowed by the CSP
    if (now) {
      hover(d);
      return;
    }
    if (d.frame) return;
    d.frame = requestAnimationFrame(() => {
      d.frame = 0;
      if (drag === d) hover(d);
    });
  }

  function hover(d) {
    const [x, y] = d.at;
    const ok = takerAt(root, document.elementFromPoint(x, y), d.piece);
    if (ok === d.over) return;
    if (d.over) d.over.classList.remove("drop-hover");
    if (ok) ok.classList.add("drop-hover");
    d.over = ok;
  }

  function finish(d) {
    if (d.frame) cancelAnimationFrame(d.frame);
    if (d.ghost) d.ghost.remove();
    d.el.classList.remove("is-dragging");
    for (const zone of root.querySelectorAll(".drop-ok, .drop-hover")) zone.classList.remove("drop-ok", "drop-hover");
  }
}

/** Tap a piece, then tap its place (or reach it with the keyboard). */
function installTaps(root, ctl) {
  // Tap-to-place: with a piece in hand, a tap anywhere on a place that takes it puts it there.
  // With nothing in hand, a tap on an Action space (where players put pawns at the table)
  // says how to plan one there, by the finger, rather than doing nothing.
  root.addEventListener("click", (e) => {
    if (e.target.closest("button, input, select, textarea, label, summary, a")) return;
    if (!ctl.holding) {
      const space = e.target.closest("[data-drop]");
      if (space && !ctl.readonly && JSON.parse(space.dataset.drop).t === "space") {
        ctl.hint(t("To plan an Action here, first tap a pawn on a character's card, then “Put here” on this space."));
      }
      return;
    }
    const zone = takerAt(root, e.target, ctl.holding);
    if (!zone) return;
    // On an action space that holds planned Actions, a tap between its two "Put here" (join
    // the planned Action, or start a new one) is not taken as either: taken as the new one, it
    // would start a second, separate Build where the player meant to join the first.
    if (zone.classList.contains("has-planned")) {
      ctl.hint(t("Tap “Put here on …” to join the planned Action, or “Put here: a new one” to start another."));
      return;
    }
    ctl.place(JSON.parse(zone.dataset.drop), zone.dataset.key);
  });

  root.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && ctl.holding) {
      e.preventDefault();
      ctl.drop();
      return;
    }
    if (!e.target.dataset || !e.target.dataset.put) return;
    const step = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 }[e.key];
    if (!step) return;
    e.preventDefault();
    const all = [...root.querySelectorAll("[data-put]")];
    const next = all[(all.indexOf(e.target) + step + all.length) % all.length];
    if (next) next.focus();
  });
}
