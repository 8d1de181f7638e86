// @ts-check
// The player's table replaced: by a file imported (a table exported by this app, or a request:
// a table and a demand), by a new game or by a shared table; the one replaced is kept aside.

import { textProblem, withoutBom } from "../shared/bounded.js";
import { t } from "../shared/i18n.js";
import { plainError } from "../shared/labels.js";
import { effectProblem } from "../shared/savecheck.js";
import { confirmDialog, showMessage } from "./message.js";

/**
 * @param {{ ctl: any, store: import("./store.js").Store, autosave: any, panel: () => any,
 *   leaveShared: () => void }} board
 */
export function createTransfer({ ctl, store, autosave, panel, leaveShared }) {
  async function replaceTable(command, label) {
    try {
      const env = await ctl.command(command, label);
      leaveShared();
      store.newGame(); // the table replaced is kept aside (offered for download), not written over
      autosave.drawAsides();
      ctl.accept(env.snapshot);
      ctl.say(t("{what}: done.", { what: label }));
      return true;
    } catch (error) {
      showMessage(t("{what}: {reason}", { what: label, reason: plainError(error) }), "refused");
      return false;
    }
  }

  // Import: a table exported by this app (its history), or a request (table + demand).
  async function importText(text) {
    let data;
    text = withoutBom(text); // as Windows editors save UTF-8
    const tooBig = textProblem(text);
    if (tooBig) {
      showMessage(t("This file cannot be imported: {reason}. Your table is unchanged.", { reason: tooBig }), "refused");
      return false;
    }
    try {
      data = JSON.parse(text);
    } catch {
      showMessage(t("This file is not a table saved by Castaway Referee, so it cannot be imported. Choose a file made with “Export”. Your table is unchanged."), "refused");
      return false;
    }
    const isRequest = data && data.format === "castaway-referee/request";
    const aside = keptAside(data);
    const history = aside ? aside.history : data && data.format === "castaway-referee/autosave" ? data.snapshot && data.snapshot.history : data;
    if (!isRequest && !aside && !(history && typeof history === "object" && history.initial)) {
      showMessage(t("This file is neither a table nor a request exported by Castaway Referee."), "refused");
      return false;
    }
    // Checked before anything changes: a demand the panel cannot hold is not half-imported.
    const effectBad = isRequest && data.effect !== undefined && data.effect !== null ? effectProblem(data.effect) : null;
    if (effectBad) {
      showMessage(t("This request cannot be imported: {reason}. Your table is unchanged.", { reason: effectBad }), "refused");
      return false;
    }
    const command = isRequest ? { cmd: "new", state: data.state }
      : aside && !history ? { cmd: "new", state: aside.state } : { cmd: "load", history };
    if (!(await confirmDialog(t("Replace your table?"), t("The imported table replaces the one on this device, with its history. Export yours first if you want to keep it."), t("Replace my table")))) {
      ctl.say(t("Import cancelled: your table is unchanged."));
      return false;
    }
    const ok = await replaceTable(command, t("Import"));
    if (ok) ctl.say(t("Table imported."));
    if (ok && aside && !history) showMessage(t("Part of this save's log was lost, so its table was opened as it stood, without the moves before it."));
    if (ok && isRequest && data.effect) {
      const context = data.context && typeof data.context === "object" ? data.context : {};
      const choices = data.choices && typeof data.choices === "object" ? data.choices : {};
      panel().load({ card: typeof data.card === "string" ? data.card : null, effect: data.effect, context, choices });
    }
    return ok;
  }

  /** A save kept aside and downloaded (the autosave's second layout, ./store.js asideFile):
   * {history} when its whole log is there (each chunk's entries inline), else {state}: the
   * table as it stood. Null for anything else. */
  function keptAside(data) {
    if (!data || data.format !== "castaway-referee/autosave" || data.version !== 2 || !Array.isArray(data.chunks) || !Array.isArray(data.tail)) return null;
    if (data.chunks.every(Array.isArray)) {
      return { history: { initial: data.initial, entries: [...data.chunks.flat(), ...data.tail], cursor: data.cursor } };
    }
    return data.state && typeof data.state === "object" ? { history: null, state: data.state } : null;
  }

  async function importFile(e) {
    const file = e.target.files && e.target.files[0];
    e.target.value = "";
    if (!file) return;
    if (file.size > 2_000_000) {
      showMessage(t("This file is too large to be a Castaway Referee table."), "refused");
      return;
    }
    await importText(await file.text());
  }

  return { replaceTable, importText, importFile };
}
