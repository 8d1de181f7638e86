// @ts-check
// The board's toolbar: Undo and Redo (with what they did, said at the toolbar), New game,
// Import and Export; off while a shared table is on show.

import { $, $button, $dialog } from "./dom.js";
import { t } from "../shared/i18n.js";
import { fillNewGame, readNewGame } from "./new-game.js";
import { installMenu } from "./menu.js";

/**
 * The toolbar of the board `ctl`: `wire()` once, `draw()` with the board, `undoRedo(cmd)` for
 * the verdict bar's Undo.
 * @param {{ ctl: any, journal: import("./journal.js").Journal, panel: () => any,
 *   replaceTable: (command: object, label: string) => Promise<boolean>,
 *   importFile: (e: Event) => Promise<void> }} board
 */
export function createToolbar({ ctl, journal, panel, replaceTable, importFile }) {
  /** The log entry Undo (or Redo) would take back (or bring back), in the log's words. */
  function entryFor(cmd) {
    const e = journal.entries[cmd === "undo" ? journal.cursor - 1 : journal.cursor];
    if (!e) return "";
    const summary = e.summary || (e.kind === "ruling" ? t("a ruling") : t("a change"));
    return e.card ? t("{card}: {summary}", { card: panel().cardName(e.card), summary }) : summary;
  }

  // What Undo or Redo did, shown for a few seconds at the toolbar (and said to screen readers).
  let toastTimer = null;
  function undoToast(text) {
    const box = $("undo-toast");
    box.textContent = text;
    box.hidden = false;
    // Under Undo and Redo, but not over the ruling beside the table (where the player looks to
    // see what changed): a toast that would reach the side panel moves left, inside the screen.
    box.style.left = "";
    const bar = box.offsetParent && box.offsetParent.getBoundingClientRect();
    const mine = box.getBoundingClientRect();
    const side = $("panel").getBoundingClientRect();
    if (bar && side.left > mine.left && mine.right > side.left - 8 && side.top < mine.bottom && side.bottom > mine.top) {
      box.style.left = `${Math.round(Math.max(8, side.left - 8 - mine.width) - bar.left)}px`; // CSSOM: allowed by the CSP
    }
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { box.hidden = true; }, 4000);
  }

  async function undoRedo(cmd) {
    const what = entryFor(cmd);
    try {
      const env = await ctl.command({ cmd }, cmd === "undo" ? t("Undo") : t("Redo"));
      ctl.accept(env.snapshot);
      const text = cmd === "undo" ? (what ? t("Undone: {what}.", { what }) : t("Undone."))
        : what ? t("Redone: {what}.", { what }) : t("Redone.");
      undoToast(text); // a role="status": screen readers hear it too
    } catch (error) {
      ctl.refuse(error);
    }
  }

  function wireToolbar() {
    const menu = installMenu(/** @type {HTMLButtonElement} */ ($("toolbar-menu")), $("toolbar-items"));
    $dialog("new-dialog").addEventListener("close", menu.dialogClosed);
    $("undo").addEventListener("click", () => undoRedo("undo"));
    $("redo").addEventListener("click", () => undoRedo("redo"));
    $("export").addEventListener("click", () => ctl.snapshot && ctl.download("castaway-table.json", ctl.snapshot.history));
    $("import-button").addEventListener("click", () => $("import-file").click());
    $("import-file").addEventListener("change", importFile);
    $("new-game").addEventListener("click", () => {
      fillNewGame($("new-fields"), ctl.state); // from the table on the board
      $("new-error").textContent = "";
      $dialog("new-dialog").showModal();
    });
    $("new-form").addEventListener("submit", newGame);
    $("new-cancel").addEventListener("click", () => $dialog("new-dialog").close());
    document.addEventListener("keydown", (e) => {
      if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== "z" || /** @type {Element} */ (e.target).closest("input, textarea, select")) return;
      e.preventDefault();
      undoRedo(e.shiftKey ? "redo" : "undo");
    });
  }

  async function newGame(e) {
    e.preventDefault();
    const { state, problem } = readNewGame(/** @type {HTMLFormElement} */ (e.target), ctl.state);
    const error = $("new-error");
    if (problem) {
      error.textContent = problem;
      return;
    }
    error.textContent = "";
    $dialog("new-dialog").close();
    panel().clear(); // the last game's card is not this game's
    $("panel-body").scrollTop = 0; // and the panel starts at its top, at the card search
    panel().showTable(); // upright and on a phone, folded to its verdict bar: the new table in view
    await replaceTable({ cmd: "new", state }, t("New game"));
  }

  function drawToolbar() {
    const own = !ctl.shared;
    $button("undo").disabled = !own || !ctl.snapshot || !ctl.snapshot.can_undo;
    $button("redo").disabled = !own || !ctl.snapshot || !ctl.snapshot.can_redo;
    for (const id of ["new-game", "import-button", "export"]) $button(id).disabled = !own;
  }

  return { undoRedo, wire: wireToolbar, draw: drawToolbar };
}
