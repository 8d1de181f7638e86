// @ts-check
// A share link (#r=…) opened on the board: its table and demand shown at once, read-only, as
// the page reads the link alone; then as the rules read it, with their ruling; beside the
// player's own table, which stays untouched until they choose to play the shared one.

import { $, $button } from "./dom.js";
import { t } from "../shared/i18n.js";
import { FRESH_TABLE, plainError } from "../shared/labels.js";
import { confirmDialog, showMessage } from "./message.js";

const html = document.documentElement;

/**
 * @param {{ ctl: any, store: import("./store.js").Store, autosave: any, referee: any,
 *   draw: () => void, panel: () => any, rulesDown: () => boolean,
 *   replaceTable: (command: object, label: string) => Promise<boolean> }} board
 */
export function createShareLinks({ ctl, store, autosave, referee, draw, panel, rulesDown, replaceTable }) {
  /** While a share link opens, the board and the panel are hidden and inert under a placeholder
   * that says so (announced): a reader never sees another table as if it were the shared one. */
  function showOpening(on) {
    $("layout").inert = on;
    // Always in the page (empty and not drawn when idle), so its words are announced.
    $("shared-opening").textContent = on ? t("Opening the shared ruling…") : "";
    if (on) html.dataset.link = "opening";
    else if (html.dataset.link === "opening") html.dataset.link = "";
  }

  /** The link's table and demand, as the page read it alone (./linkpeek.js), shown at once while
   * the rules load: read-only, its ruling "being worked out", the banner's buttons off until the
   * rules have read the link too (openLinkNow then shows their reading in its place). */
  function showPeeked(request) {
    showOpening(false);
    showShared(request, null, true);
    ctl.say(request.said ? t("Showing a shared table and the ruling its link carries, being checked by the rules: {headline}", { headline: request.said.headline })
      : t("Showing a shared table and its demand. Its ruling is being worked out."));
    $("shared-title").focus();
  }

  /** A shared table on show, read-only, beside the player's own: as the page read it alone
   * (`checking`, its ruling to come), or as the rules read it, with their ruling. Says whether
   * the device holds a table of the player's own. `differs`: the core's line when the link's
   * own words say otherwise than the rules' ruling. */
  function showShared(request, ruling, checking, differs = "") {
    ctl.shared = checking ? { request, checking } : { request, differs };
    ctl.readonly = true;
    ctl.holding = null;
    ctl.state = request.state;
    const own = drawSharedBanner(ctl, store);
    $("shared-banner").hidden = false;
    html.dataset.link = checking ? "checking" : "shared";
    autosave.drawTabs();
    draw();
    panel().load(request, ruling);
    return own;
  }

  /** The link turned out not to open: the player's own table again (the hash stays, and the
   * message says why). */
  function dropPeeked() {
    if (!(ctl.shared && ctl.shared.checking)) return;
    showOwnTable();
    panel().clear();
  }

  async function openLink() {
    const match = /^#r=(.*)$/.exec(location.hash);
    if (!match) return;
    if (!(ctl.shared && ctl.shared.checking)) showOpening(true);
    try {
      await openLinkNow(match);
    } finally {
      showOpening(false);
    }
  }

  async function openLinkNow(match) {
    if (!(await referee.ready)) {
      dropPeeked();
      html.dataset.link = "error";
      showMessage(t("This share link cannot be opened: the rules could not be loaded. Reload the page to try again."), "link-error");
      return;
    }
    let request;
    let differs = "";
    try {
      let payload;
      try {
        payload = decodeURIComponent(match[1]);
      } catch {
        // "%E0%A4%A": the link was cut short or changed on its way (never the browser's "URI malformed").
        throw new Error(t("part of it was cut off or changed on its way."));
      }
      ({ request, differs } = await referee.links.open(payload));
    } catch (error) {
      dropPeeked();
      html.dataset.link = "error";
      showMessage(t("This share link cannot be opened: {reason} Your own table is unchanged.", { reason: plainError(error) }), "link-error");
      return;
    }
    const peeked = Boolean(ctl.shared && ctl.shared.checking);
    let ruling = null;
    let ruleError = null;
    try {
      ruling = await referee.rule(request);
    } catch (error) {
      ruleError = plainError(error);
    }
    const own = showShared(request, ruling, false, ruling ? differs : "");
    if (ruleError) panel().showError(ruleError);
    const showing = own ? t("Showing a shared table and its ruling. Your own table is kept.")
      : t("Showing a shared table and its ruling. You have no table of your own on this device yet.");
    ctl.say(ruling && differs ? `${differs} ${showing}` : showing);
    if (!peeked || !document.activeElement || document.activeElement === document.body) $("shared-title").focus();
  }

  function leaveShared() {
    if (!ctl.shared) return;
    showOwnTable();
    if (location.hash.startsWith("#r=")) history.replaceState(null, "", location.pathname + location.search);
    panel().redraw();
  }

  function showOwnTable() {
    ctl.shared = null;
    ctl.readonly = rulesDown();
    ctl.state = ctl.snapshot ? ctl.snapshot.state : FRESH_TABLE;
    $("shared-banner").hidden = true;
    html.dataset.link = "";
    autosave.drawTabs();
    draw();
  }

  function wireShared() {
    $("shared-back").addEventListener("click", () => {
      const own = ctl.sharedOwn !== false;
      leaveShared();
      panel().tableChanged();
      ctl.say(own ? t("Back to your own table.") : t("Your own table: set it as it is at yours."));
    });
    $("shared-load").addEventListener("click", async () => {
      const { request } = ctl.shared;
      if (ctl.sharedOwn !== false && !(await confirmDialog(t("Play this shared table?"), t("It takes the place of your table on this device. Yours is kept aside, under “Earlier tables”, to download or discard."), t("Replace my table")))) return;
      if (await replaceTable({ cmd: "new", state: request.state }, t("Shared table loaded"))) panel().load(request, null);
    });
    addEventListener("hashchange", () => { if (location.hash.startsWith("#r=")) openLink(); });
  }

  return { showOpening, showPeeked, openLink, leaveShared, wire: wireShared };
}

/** Does this device hold a table of the player's own (saved, or changed in this tab)? */
function hasOwnTable(ctl, store) {
  const hist = ctl.snapshot && ctl.snapshot.history;
  return Boolean(store.peek()) || Boolean(hist && hist.cursor > 0);
}

/** The shared banner's words and buttons, for a device with a table of its own or none yet
 * (then nothing is replaced: "Play this table" asks nothing; "Back" sets up a new one). */
function drawSharedBanner(ctl, store) {
  const own = hasOwnTable(ctl, store);
  const checking = Boolean(ctl.shared && ctl.shared.checking);
  ctl.sharedOwn = own;
  $("shared-what").textContent = checking ? t("This is the table and demand someone shared with you. Its ruling is being worked out…")
    : t("This is the table, demand and ruling someone shared with you.");
  $button("shared-load").disabled = checking;
  $button("shared-back").disabled = checking;
  $("shared-own").textContent = own ? t("Your own table is saved and untouched.") : t("You have no table of your own on this device yet.");
  $("shared-load").textContent = own ? t("Play this table instead of mine…") : t("Play this table");
  $("shared-back").textContent = own ? t("Back to my table") : t("Set up my own table");
  // What each does, beside it, so that the two are told apart.
  $("shared-load-then").textContent = own
    ? t("This table and its card become yours to play and change. Yours is kept on this device, under “Earlier tables”; you are asked first.")
    : t("This table and its card become yours to play and change.");
  $("shared-back-then").textContent = own
    ? t("Your own table comes back as you left it. This shared one closes; the link still opens it.")
    : t("A fresh table, to set up as it is at yours. This shared one closes; the link still opens it.");
  return own;
}
