// @ts-check
// Sharing the demand: a link to the table, the demand and the choices (for an applied
// ruling, the table as it was before it), and "Advanced": the demand as JSON text, to copy,
// paste and rule, or the whole request exported as a file.

import { textProblem, withoutBom } from "../../shared/bounded.js";
import { t, withoutLanguage } from "../../shared/i18n.js";
import { plainError } from "../../shared/labels.js";
import { h } from "../dom.js";
import { placeBeside } from "../message.js";

// How long the bubble stays, unless the player taps or presses a key first: long enough to
// read a short sentence; it is said to screen readers as it appears, so no one needs it longer.
const BUBBLE_MS = 4000;
let bubbleGone = null; // the hiding of the bubble on show, to run before the next one is shown

/** What sharing did, in a small bubble beside the button (and said to screen readers), never
 * over the ruling's headline, until the next tap or key or a few seconds, whichever first. */
function saidBeside(ctl, from, text) {
  ctl.say(text);
  const bubble = document.getElementById("share-said");
  if (!bubble) return;
  if (bubbleGone) bubbleGone();
  bubble.textContent = text;
  bubble.hidden = false;
  placeBeside(bubble, from);
  clearOfHeadline(bubble, from);
  let timer = 0;
  const hide = (e) => {
    if (e && e.type === "keydown" && ["Shift", "Control", "Alt", "Meta"].includes(/** @type {KeyboardEvent} */ (e).key)) return;
    bubble.hidden = true;
    clearTimeout(timer);
    bubbleGone = null;
    removeEventListener("pointerdown", hide, true);
    removeEventListener("keydown", hide, true);
  };
  bubbleGone = hide;
  timer = window.setTimeout(hide, BUBBLE_MS);
  setTimeout(() => {
    if (bubbleGone !== hide) return;
    addEventListener("pointerdown", hide, true);
    addEventListener("keydown", hide, true);
  }, 0);
}

/** A bubble placed over the headline (upright or on a phone Share sits in the bar under it)
 * moves to the nearest place beside the button that leaves the headline clear and is inside
 * the screen: below it, to its left, or above or below the whole verdict bar. */
function clearOfHeadline(bubble, from) {
  const line = document.querySelector('[data-testid="headline"]');
  const bar = line && line.closest(".verdict-bar");
  if (!line || !bar || !from) return;
  const b = bubble.getBoundingClientRect();
  const l = line.getBoundingClientRect();
  const apart = (x, y) => y + b.height <= l.top || y >= l.bottom || x + b.width <= l.left || x >= l.right;
  if (apart(b.left, b.top)) return;
  const f = from.getBoundingClientRect();
  const r = bar.getBoundingClientRect();
  const m = 8;
  const places = [[b.left, f.bottom + m], [f.left - b.width - m, f.top + (f.height - b.height) / 2],
    [b.left, r.top - b.height - m], [b.left, r.bottom + m]];
  const inside = ([x, y]) => x >= m && y >= m && x + b.width <= innerWidth - m && y + b.height <= innerHeight - m;
  const place = places.find(([x, y]) => inside([x, y]) && apart(x, y));
  if (!place) return;
  bubble.style.left = `${Math.round(place[0])}px`; // CSSOM: allowed by the CSP
  bubble.style.top = `${Math.round(place[1])}px`;
}

/** The folded link's own Copy: copied, or selected to copy with the device's Copy. */
async function copyByHand(box, url, said) {
  try {
    await navigator.clipboard.writeText(url);
    said.textContent = t("Copied.");
  } catch {
    box.querySelector("input").select();
    said.textContent = t("Selected: copy it with your device's Copy.");
  }
}

/** @param {import("./panel.js").Panel} p */
export function createSharing(p) {
  const { ctl, els } = p;

  function build() {
    els.share = h("div", { class: "share-box", data: { testid: "share-box" } });
    els.advanced = h("details", { class: "advanced", data: { testid: "advanced" } });
    return { share: els.share, advanced: els.advanced };
  }

  /** The link carries the table as it was before an applied ruling: its recipient sees the
   * ruling about to happen, not its Wounds already on the board beside it. */
  function sharedRequest() {
    const req = p.act.request();
    const { status, appliedTable } = p.state;
    if (status === "applied" && appliedTable) req.state = appliedTable;
    return req;
  }

  /**
   * Share a link to this table, demand and choices: the device's share sheet where the browser
   * has one; else the link copied, said beside the Share button `from` (and to screen readers);
   * the link itself, selected under the demand, only if it could not be copied.
   * @param {HTMLElement | null} [from] the Share button tapped
   * @returns {Promise<boolean>} false when the link is shown to be copied by hand
   */
  async function share(from = null) {
    let url;
    try {
      const link = await window.referee.links.encode(sharedRequest());
      // Without ?lang=: the table is data, and the words are each reader's own.
      url = `${withoutLanguage(location.href).split("#")[0]}#r=${link}`;
      p.dispatch({ type: "shared", url });
    } catch (e) {
      p.dispatch({ type: "shareFailed", error: plainError(e) });
      drawShare();
      return false;
    }
    drawShare();
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: t("A ruling from Castaway Referee"), url });
        saidBeside(ctl, from, t("Shared."));
        return true;
      } catch (e) {
        if (e && e.name === "AbortError") return true; // the player closed the share sheet
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      saidBeside(ctl, from, t("Link copied: paste it in a message to share this ruling."));
      return true;
    } catch {
      showLink(true);
      saidBeside(ctl, from, t("The link is selected under the demand: copy it with your device's Copy."));
      return false;
    }
  }

  /** The link under the demand, opened and selected (to copy by hand). */
  function showLink(select) {
    const box = els.share.querySelector("details");
    if (box) box.open = true;
    const input = els.share.querySelector("input");
    if (input && select) { input.focus({ preventScroll: true }); input.select(); }
  }

  function drawShare() {
    const { shareUrl, shareError, status } = p.state;
    if (!shareUrl && !shareError) { els.share.replaceChildren(); return; }
    if (shareError) { els.share.replaceChildren(h("p", { class: "form-error", role: "alert", text: shareError })); return; }
    const said = h("span", { class: "hint", role: "status" });
    const open = Boolean(els.share.querySelector("details[open]"));
    // The link itself, folded: sharing goes through the Share button; this is the way by hand.
    els.share.replaceChildren(h("details", { class: "share-link", open, data: { testid: "share-link" } },
      h("summary", { text: t("The link") }),
      h("label", { for: "share-url", text: status === "applied" ? t("Link to the table as it was before this ruling, with its demand and choices")
        : t("Link to this table, demand and choices") }),
      h("div", { class: "share-row" },
        h("input", { id: "share-url", type: "url", readonly: true, value: shareUrl, data: { testid: "share-url" } }),
        h("button", { type: "button", class: "secondary", onclick: () => copyByHand(els.share, shareUrl, said) }, t("Copy"))), said));
  }

  function drawAdvanced() {
    const area = h("textarea", { id: "effect-json", rows: 5, spellcheck: "false", "aria-describedby": "effect-json-how", data: { testid: "effect-json" } });
    const error = h("p", { class: "form-error", role: "alert" });
    els.advanced.replaceChildren(
      // The box is filled as the area opens, in the click itself: the "toggle" event comes a
      // task later, and wiped what was pasted in between.
      h("summary", { text: t("Advanced: copy or paste the demand as text (JSON)"), onclick: () => { if (!els.advanced.open) showEffectJson(true); } }),
      h("div", { class: "json-editor" },
        h("label", { for: "effect-json", text: t("The card's demand written as JSON, the text form other tools read and write") }),
        h("p", { class: "hint", id: "effect-json-how", text: t("It shows the demand on the table. Paste another one here and press “Use this JSON” to rule on it, or export the whole request (the table, the demand and the choices) as a file to keep or share.") }),
        area, error,
        h("div", { class: "demand-actions" },
          h("button", { type: "button", class: "secondary", data: { testid: "effect-json-show" }, onclick: () => showEffectJson(true) }, t("Show this demand")),
          h("button", { type: "button", class: "secondary", data: { testid: "effect-json-use" }, onclick: () => useJson(area, error) }, t("Use this JSON")),
          h("button", { type: "button", class: "secondary", data: { testid: "export-request" },
            onclick: () => p.state.effect && ctl.download("castaway-request.json", p.act.request()) }, t("Export the request")))));
    els.effectJson = area;
  }

  async function useJson(area, error) {
    const notADemand = t("This is not a card's demand written as JSON. Paste the text “Show this demand” gives, or put the demand together with the chips above.");
    // Measured before it is parsed, ruled or saved: a demand nested thousands deep would be
    // kept with the table and break every reload.
    const tooBig = textProblem(withoutBom(area.value));
    if (tooBig) {
      error.textContent = t("This demand cannot be used: {reason}.", { reason: tooBig });
      return;
    }
    let effect;
    try {
      effect = JSON.parse(withoutBom(area.value));
    } catch {
      error.textContent = notADemand;
      return;
    }
    if (!effect || typeof effect !== "object" || !Array.isArray(effect.demands)) {
      error.textContent = notADemand;
      return;
    }
    try {
      // The rules read it first: what they refuse is said here, in their words, and the
      // demand on show stays (a wood of "lots" is not a discard of nothing).
      await window.referee.call("effect_words", JSON.stringify({ state: ctl.state, effect }));
    } catch (e) {
      error.textContent = t("This demand cannot be used: {reason}", { reason: plainError(e) });
      return;
    }
    p.dispatch({ type: "composed", effect });
    error.textContent = "";
    p.act.ruleAgain();
  }

  /** The JSON box shows the demand on the table, from the moment "Advanced" opens, and
   * follows it (text typed there stays until the demand changes). */
  function showEffectJson(force = false) {
    const { effect } = p.state;
    const text = effect ? JSON.stringify(effect, null, 1) : "";
    if (!force && text === els.jsonShown) return;
    els.jsonShown = text;
    els.effectJson.value = text;
  }

  return { build, share, showLink, drawShare, drawAdvanced, showEffectJson };
}
