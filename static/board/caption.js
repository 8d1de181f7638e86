// @ts-check
// "Tap it again to put it back": a short caption beside the piece in hand, for a finger that
// has no Escape key (the keyboard's Escape is only announced). It lies over the page, outside the table (a pile's
// heap clips what overflows it), never over a "Put here", the note by the finger or the
// card's panel, and moves nothing. Screen readers are told in the pick-up's announcement, so
// the caption is hidden from them.

const GAP = 8; // px between the caption's arrow and the piece, and from the screen's edges

/** The caption's box (index.html's #held-caption): show(piece, text) beside that piece, hide(). */
export function createHeldCaption(box) {
  let piece = null;

  function hide() {
    piece = null;
    if (!box.hidden) box.hidden = true;
  }

  function show(el, text) {
    if (!el || !el.getClientRects().length) return hide();
    piece = el;
    if (box.textContent !== text) box.textContent = text;
    box.hidden = false;
    place();
  }

  function place() {
    if (!piece) return;
    const r = piece.getBoundingClientRect();
    const avoid = obstacles(piece), spare = controls(piece);
    // In one line first; where that lies over controls (a pile's − and count, a card's
    // Determination), in two narrower lines if that covers less.
    box.classList.remove("is-narrow");
    let size = { w: box.offsetWidth, h: box.offsetHeight };
    let at = bestSpot(r, size, avoid, spare);
    if (at.cost) {
      box.classList.add("is-narrow");
      const narrow = { w: box.offsetWidth, h: box.offsetHeight };
      const there = bestSpot(r, narrow, avoid, spare);
      if (there.cost < at.cost) [size, at] = [narrow, there];
      else box.classList.remove("is-narrow");
    }
    const mid = at.side === "above" || at.side === "below" ? r.left + r.width / 2 - at.left : r.top + r.height / 2 - at.top;
    const room = at.side === "above" || at.side === "below" ? size.w : size.h;
    box.dataset.side = at.side;
    // CSSOM (allowed by the CSP): in the page's coordinates, so it scrolls with the piece.
    box.style.left = `${Math.round(at.left + scrollX)}px`;
    box.style.top = `${Math.round(at.top + scrollY)}px`;
    box.style.setProperty("--arrow", `${Math.round(Math.max(12, Math.min(mid, room - 12)))}px`);
  }

  addEventListener("resize", place);
  return { show, hide };
}

/** What the caption must leave in view: every "Put here", the piece, a note by the finger,
 * the card's panel (its verdict bar). */
function obstacles(piece) {
  const rects = [...document.querySelectorAll("#board [data-put]")].map((el) => grow(el.getBoundingClientRect(), 4));
  rects.push(piece.getBoundingClientRect());
  for (const id of ["board-message", "panel"]) {
    const el = document.getElementById(id);
    if (el && el.getClientRects().length) rects.push(el.getBoundingClientRect());
  }
  return rects;
}

/** What it had better leave in view: the table's other controls, its pieces most (it takes no
 * tap, but a control half hidden reads as gone, and a piece hidden as moved). */
function controls(piece) {
  return [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#board :is(button, input, select, summary):not([data-put])"))]
    .filter((el) => el !== piece)
    .map((el) => ({ ...rectOf(el), weight: el.dataset.drag ? 3 : 1 })).filter((r) => r.right > r.left);
}

function rectOf(el) {
  const { left, top, right, bottom } = el.getBoundingClientRect();
  return { left, top, right, bottom };
}

/** The first spot beside the piece, above it first (a finger comes from below), that is inside
 * the screen and over nothing the player needs or taps; else the one over no "Put here" that
 * covers the fewest controls. */
function bestSpot(r, { w, h }, avoid, spare) {
  const vw = document.documentElement.clientWidth;
  const vh = document.documentElement.clientHeight;
  const across = [r.left + r.width / 2 - w / 2, r.left, r.right - w];
  const spots = [
    ...across.map((left) => ({ side: "above", left, top: r.top - GAP - h })),
    ...across.map((left) => ({ side: "below", left, top: r.bottom + GAP })),
    { side: "right", left: r.right + GAP, top: r.top + r.height / 2 - h / 2 },
    { side: "left", left: r.left - GAP - w, top: r.top + r.height / 2 - h / 2 },
  ].map((s) => ({ ...s, left: Math.max(GAP, Math.min(s.left, vw - w - GAP)) }));
  let best = null;
  for (const s of spots) {
    const rect = { left: s.left, top: s.top, right: s.left + w, bottom: s.top + h };
    const outside = rect.top < GAP || rect.bottom > vh - GAP ? 1e12 : 0;
    const cost = outside + 1e4 * area(rect, avoid) + area(rect, spare);
    if (cost === 0) return { ...s, cost };
    if (!best || cost < best.cost) best = { ...s, cost };
  }
  return best;
}

const grow = (r, by) => ({ left: r.left - by, top: r.top - by, right: r.right + by, bottom: r.bottom + by });

const area = (rect, others) => others.reduce((sum, o) => sum + overlap(rect, o) * (o.weight || 1), 0);

function overlap(a, b) {
  const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return x > 0 && y > 0 ? x * y : 0;
}
