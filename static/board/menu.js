// @ts-check
// On a phone the toolbar folds behind one Menu button (board.css shows the button only there):
// a disclosure button with aria-expanded, opened by a tap, a click or Enter/Space; the first
// item takes the focus, the arrow keys move between the items, Escape (or a tap elsewhere,
// or an item used) folds it again and the focus goes back to the button.

/**
 * Wire the Menu button `button` over the items in `items`.
 * @param {HTMLButtonElement} button @param {HTMLElement} items
 */
export function installMenu(button, items) {
  const folds = () => getComputedStyle(button).display !== "none";
  const entries = () => /** @type {HTMLElement[]} */ ([...items.querySelectorAll("button, a[href]")])
    .filter((el) => !(/** @type {HTMLButtonElement} */ (el).disabled));
  const isOpen = () => button.getAttribute("aria-expanded") === "true";

  function open() {
    button.setAttribute("aria-expanded", "true");
    const first = entries()[0];
    if (first) first.focus();
  }

  /** Fold the items away; the focus goes back to the button when it was in the menu. */
  function close(refocus = true) {
    if (!isOpen()) return;
    button.setAttribute("aria-expanded", "false");
    if (refocus && (items.contains(document.activeElement) || document.activeElement === document.body)) button.focus();
  }

  button.addEventListener("click", () => (isOpen() ? close() : open()));
  items.addEventListener("keydown", (e) => {
    if (!folds() || !isOpen()) return;
    const list = entries();
    const at = list.indexOf(/** @type {HTMLElement} */ (document.activeElement));
    const step = { ArrowDown: 1, ArrowUp: -1 }[e.key];
    if (step && at >= 0) {
      e.preventDefault();
      list[(at + step + list.length) % list.length].focus();
    } else if (e.key === "Home" || e.key === "End") {
      e.preventDefault();
      list[e.key === "Home" ? 0 : list.length - 1].focus();
    }
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && isOpen()) {
      e.preventDefault();
      close();
    }
  });
  // An item used (a dialog it opens takes the focus, and gives it back to the button when it
  // closes), or a tap outside the menu: folded.
  items.addEventListener("click", (e) => {
    if (folds() && /** @type {Element} */ (e.target).closest("button, a[href]")) close(false);
  });
  document.addEventListener("pointerdown", (e) => {
    const target = /** @type {Node} */ (e.target);
    if (isOpen() && !items.contains(target) && !button.contains(target)) close(false);
  });
  items.addEventListener("focusout", (e) => {
    const next = /** @type {Node | null} */ (e.relatedTarget);
    if (folds() && isOpen() && next && !items.contains(next) && next !== button) close(false);
  });
  /** A dialog opened from the menu has closed: the focus, which went back to its item (now
   * folded away), goes to the button. */
  function dialogClosed() {
    // After the browser has given the focus back (once the close event has run).
    setTimeout(() => {
      const now = document.activeElement;
      if (folds() && (!now || now === document.body || items.contains(now))) button.focus();
    }, 0);
  }
  return { close, dialogClosed };
}
