// @ts-check
// The verdict bar: the ruling's headline always in view, with Why?, Undo, Share and Apply
// (and "Apply it again?" for a card already applied), the sheet's toggle upright, and the
// core's note on Actions planned before the Action Phase. Beside it, under the demand, the
// "Rule again" row. What it says comes from the state; it decides nothing.

import { demandSummary } from "../../shared/demand-summary.js";
import { language, t } from "../../shared/i18n.js";
import { h } from "../dom.js";
import { PHASE_WORDS, SHEET_LAYOUT, named, scrollPanelTo } from "./controls.js";
import { foldSheet, isSheet, unfoldSheet } from "./sheet.js";
import { placeBeside } from "../message.js";

const RULE_AGAIN_WHY = () => ({
  applied: t("Applied. If this card comes up again, “Rule again” gives a fresh ruling on the table as it is now, to apply once more."),
  stale: t("The table has changed since this ruling was applied. “Rule again on this table” rules the same card on the table as it is now; nothing changes until you press Apply."),
  error: t("“Rule again” asks the referee once more, on the table as it is now."),
});

/** The ruling's headline, as the core words it ("Each character suffers 1 Wound."). */
const headline = (r) => r.words.headline;

/** A ruling is on its way where one was shown (the table changed, or it was reloaded with
 * its demand): "applied" or "preview", the bar it will show, else null. The bar keeps that
 * ruling's place, buttons and all (disabled), so nothing below it moves when it comes. */
function awaited(p) {
  const { status, ruling, waiting } = p.state;
  return status !== "pending" || !(ruling || waiting) ? null : waiting ? waiting.bar : "preview";
}

// With a ruling on show, Share sits in the verdict bar beside Why? and Apply (always in
// view); otherwise under the demand, beside "Rule again".
function shareInBar(p) {
  const { status, ruling, confirming } = p.state;
  return (Boolean(ruling) && ["preview", "applied"].includes(status) && !confirming) || awaited(p) !== null;
}

/** Under the headline: the card, and what is paid ("Unusually Cold Night · Wood: 1 of 2
 * paid — 1 short"), so that the table knows what to hand over without opening "Why?". */
function paidLine(p, r) {
  const card = p.state.card && p.state.card.name;
  return [card, r.words.summary].filter(Boolean).join(" · ");
}

/** Words typed in the card search: the player may be moving on from the card on show, so
 * its ruling stays in view but Apply waits until a card is picked or the search cleared. */
const searching = (p) => Boolean(p.state.query.trim()) && !p.ctl.shared;

/** @param {import("./panel.js").Panel} p */
/** The ruling on show, as the autosave keeps it (its headline, and whether it is applied): a
 * reload shows it in the verdict bar, greyed, until the rules have ruled again. */
export function shownRuling(p) {
  const { status: s, ruling, waiting } = p.state;
  if (ruling && ["preview", "applied", "pending"].includes(s)) {
    return { headline: headline(ruling), bar: s === "applied" ? "applied" : "preview", paid: paidLine(p, ruling) };
  }
  return s === "pending" && waiting ? { ...waiting } : null;
}

function texts(p) {
  const { ctl } = p;
  const { status, ruling: r, waiting, error } = p.state;
  const ready = document.documentElement.dataset.rulesReady === "true";
  switch (status) {
    case "none": return p.state.nothing ? [p.state.nothing.nothing, p.state.nothing.name]
      : [t("No demand yet"), t("Find the card, or tap what it asks for.")];
    case "unpicked": return [t("Discard what?"), t("Tap the resource the card asks to discard.")];
    case "ask": return ctl.state.phase === "action" ? [t("Who resolves this Action?"), t("Tap “Resolve” on its planned Action.")]
      : [t("Who is “the character resolving”?"), t("Choose them under the card.")];
    case "pending": return r ? [headline(r), t("Ruling…")]
      : waiting ? [waiting.headline, t("Being checked…")]
        : linkSaid(p) ? [linkSaid(p).headline, t("The link's ruling, being checked by the rules…")]
          : ctl.shared ? [t("Working out the shared ruling…"), ready ? t("Ruling…") : t("Waiting for the rules")]
            : ready ? [t("Ruling…"), t("Ruling…")] : [t("Ruling once the rules are ready…"), t("Waiting for the rules")];
    case "preview": return [r && headline(r), ctl.shared ? ctl.shared.differs || t("The shared ruling")
      : searching(p) ? t("Searching for another card: pick it to rule it, or clear the search to apply this ruling.")
        : t("Preview: not applied yet")];
    case "applying": return [r && headline(r), t("Applying…")];
    case "applied": return [r && headline(r), t("Applied to the table")];
    case "stale": return [r && headline(r), t("Applied. The table has changed since.")];
    case "error": return [t("No ruling yet"), error];
    default: return ["", ""];
  }
}

/** The words a shared link carried (as the core said them when it was shared), while the
 * rules check them: shown as text, never worked out here; or null. */
function linkSaid(p) {
  const shared = p.ctl.shared;
  return shared && shared.checking && p.state.status === "pending" && shared.request.said ? shared.request.said : null;
}

/** The `lang` of words in another language than the page's, else nothing. */
const langOf = (said) => (said && said.lang !== language() ? said.lang : undefined);

/** Screen readers hear each new headline once (the bar itself is drawn again often). */
function announce(p, said) {
  const { status: s, ruling: r } = p.state;
  const heard = ["preview", "ask", "unpicked", "stale", "error", "applied"].includes(s)
    ? `${said[0]} ${s === "preview" ? "" : said[1] || ""}${r && s === "preview" && r.payments.length ? ` ${r.words.paid.join("; ")}.` : ""}`.trim() : "";
  if (heard && heard !== p.els.said.textContent) p.els.said.textContent = heard;
}

function barText(p, said, r) {
  const { status: s, waiting } = p.state;
  if (!r && p.state.confirming) {
    return h("div", { class: "bar-text" },
      h("p", { class: "bar-status", data: { testid: "bar-status" }, text: said[1] }),
      h("p", { class: "headline", data: { testid: "headline" }, text: said[0] }));
  }
  // How sure, in the bar too, when it is anything but official (the details under "Why?").
  const sure = r && s !== "pending" && s !== "error" && r.certainty !== "stated" ? r.words.sure : null;
  return h("div", { class: "bar-text" },
    h("p", { class: ["bar-status", s === "preview" && (searching(p) || (p.ctl.shared && p.ctl.shared.differs)) && "is-sentence"], data: { testid: "bar-status" }, text: said[1] }),
    sure ? h("p", { class: ["bar-sure", `sure-${sure.grade}`], data: { testid: "bar-certainty" }, text: sure.label }) : null,
    h("p", { class: ["headline", r && r.words.clear && "is-clear", !r && (waiting || p.ctl.shared) && s === "pending" && "is-waiting"],
      lang: r ? undefined : langOf(linkSaid(p)), data: !r && linkSaid(p) ? { testid: "headline", said: "link" } : { testid: "headline" }, text: said[0] }),
    saidOutcome(p, r),
    barPaid(p, s, r));
}

/** A shared link's outcome lines, as it carried them, greyed under its headline until the
 * rules' ruling replaces them (text only: they come from a URL). */
function saidOutcome(p, r) {
  const said = r ? null : linkSaid(p);
  if (!said || !said.outcome.length) return null;
  return h("ul", { class: "bar-said is-waiting", lang: langOf(said), data: { testid: "bar-said" } },
    ...said.outcome.map((line) => h("li", { text: line })));
}

/** The bar's paid line: the ruling's, greyed while it is ruled again; a reloaded one's as
 * it was saved, greyed, until the rules confirm it. */
function barPaid(p, s, r) {
  const { waiting } = p.state;
  const text = r ? paidLine(p, r) : s === "pending" && waiting ? waiting.paid : s === "pending" ? sharedAsks(p) : "";
  if (!text || (r && !["preview", "applying", "applied", "stale", "pending"].includes(s))) return null;
  return h("p", { class: ["bar-paid", s === "pending" && "is-waiting"], data: { testid: "bar-paid" }, text });
}

/** A shared link read by the page while the rules load: what its card asks, in the bar at
 * once (greyed, in the composer's words: "Discard: Wood 2"), until the rules' ruling comes. */
function sharedAsks(p) {
  const { effect, card } = p.state;
  if (!(p.ctl.shared && p.ctl.shared.checking) || !effect) return "";
  return [card && card.name, effect.demands.map(demandSummary).join("; ")].filter(Boolean).join(" · ");
}

/** "This card was already applied. Apply it again?", in the bar. */
function confirmAgain(p) {
  return h("div", { class: "confirm-again", role: "group", "aria-labelledby": "apply-again-q", data: { testid: "apply-again" } },
    h("p", { id: "apply-again-q", class: "confirm-question", role: "alert", data: { testid: "apply-again-question" }, text: t("This card was already applied. Apply it again?") }),
    h("div", { class: "bar-actions" },
      h("button", { type: "button", class: "secondary", data: { testid: "apply-again-cancel" }, onclick: () => p.act.cancelApply() }, t("Cancel")),
      h("button", { type: "button", class: "primary", data: { testid: "apply-again-confirm" }, onclick: () => p.act.applyNow() }, t("Apply again"))));
}

/** Planned Actions on a table that says an earlier phase, as the core tells it (its
 * moment's `early`: never beside a card of the phase the table says). Said under the
 * headline, in view in every layout, with the one tap that sets the Action Phase. The
 * ruling stays the core's: what lies on a planned Action is tied up either way (C2). */
function earlyNote(p) {
  const m = p.state.moment;
  if (p.ctl.readonly || !m || !m.early) return null;
  return h("div", { class: "bar-early", role: "group", "aria-labelledby": "bar-early-text", data: { testid: "phase-early" } },
    h("p", { id: "bar-early-text", text: m.early }),
    h("button", { type: "button", class: "secondary", data: { testid: "phase-early-set", key: "phase-early-set" }, onclick: () => setActionPhase(p.ctl) },
      t("Set the Action Phase")));
}

/** Round 1 has no Event Phase, as the core tells it (its moment's `first_round`), under the
 * headline like the note above; at the Event Phase, with the core's one tap to the phase
 * round 1 begins with (`first_round_set`). */
function firstRoundNote(p) {
  const m = p.state.moment;
  if (!m || !m.first_round) return null;
  return h("div", { class: "bar-early", role: "group", "aria-labelledby": "bar-round-text", data: { testid: "first-round" } },
    h("p", { id: "bar-round-text", text: m.first_round }),
    m.first_round_set && !p.ctl.readonly
      ? h("button", { type: "button", class: "secondary", data: { testid: "first-round-set", key: "first-round-set" },
        onclick: () => p.ctl.set("phase", m.first_round_set, t("Phase set to the {phase} Phase", { phase: named(PHASE_WORDS(), m.first_round_set) })) },
      m.first_round_set_label)
      : null);
}

/** The note's button: the Action Phase, as one move to undo; said, and the board's Phase
 * control (which now shows it) takes the keyboard from the button that goes. */
async function setActionPhase(ctl) {
  if (!(await ctl.set("phase", "action", t("Phase: Action (Actions are planned)")))) return;
  ctl.say(t("The phase is now the Action Phase. Tap “Resolve” on the Action being resolved."));
  const phase = /** @type {HTMLElement | null} */ (document.querySelector('#board [data-key="phase-action"]'));
  if (phase && (!document.activeElement || document.activeElement === document.body)) phase.focus({ preventScroll: true });
}

/** Upright, the bar's height, for the sheet folded to it (board.css): the table ends above
 * the bar and the toasts stand over it, whatever it holds (the note under the headline
 * makes it taller). Set on those two alone (the property is not inherited: board.css), and
 * only when it changes, so that nothing else is styled again. */
export function watchBarHeight(bar) {
  if (!window.ResizeObserver) return;
  const sheet = matchMedia(SHEET_LAYOUT);
  const users = [document.getElementById("layout"), /** @type {HTMLElement | null} */ (document.querySelector(".toasts"))].filter(Boolean);
  let shown = 0;
  // The new height is set in the next frame, not inside the observer's own callback: a layout
  // change there is a "ResizeObserver loop" (WebKit reports it as a page error).
  new ResizeObserver(() => requestAnimationFrame(() => {
    const px = Math.ceil(bar.offsetHeight);
    if (!sheet.matches || px === shown) return;
    shown = px;
    for (const el of users) el.style.setProperty("--bar-height", `${px}px`); // CSSOM: allowed by the CSP
  })).observe(bar);
}

/** @param {import("./panel.js").Panel} p */
export function createVerdictBar(p) {
  const { ctl, els, bar } = p;
  let sharedFromBar = null; // where Share was last drawn: the actions row follows the bar





  function build() {
    els.actions = h("div", { class: "demand-actions" });
    els.said = h("p", { class: "visually-hidden", "aria-live": "polite", data: { testid: "ruling-live" } });
    return els.actions;
  }

  function drawActions() {
    const { effect, status } = p.state;
    const none = !effect || Boolean(ctl.shared && ctl.shared.checking); // (a link being read: nothing to do yet)
    sharedFromBar = shareInBar(p);
    const why = ruleAgainWhy();
    els.actions.replaceChildren(...[
      h("button", { type: "button", class: "secondary", disabled: none || status === "ask" || status === "unpicked", data: { testid: "preview", key: "preview" },
        "aria-describedby": why ? "rule-again-why" : null, onclick: () => p.act.ruleAgain(true) }, status === "stale" ? t("Rule again on this table") : t("Rule again")),
      sharedFromBar ? null : h("button", { type: "button", class: "secondary", disabled: none || status === "unpicked", data: { testid: "share", key: "share" }, onclick: (e) => p.act.share(e.currentTarget) }, t("Share")),
      why ? h("p", { class: "hint rule-again-why", id: "rule-again-why", data: { testid: "rule-again-why" }, text: why }) : null]
      .filter(Boolean));
  }

  /** When and why to press "Rule again", in a line beside it: the ruling follows the table
   * by itself, so the button matters after an Apply (the same card a second time, or the
   * table changed since) and after a ruling that could not be made. */
  function ruleAgainWhy() {
    if (!p.state.effect || ctl.shared) return null;
    return RULE_AGAIN_WHY()[p.state.status] || t("No need to press it while you play: the ruling follows every change to the table by itself. “Rule again” asks the referee once more.");
  }



  function drawBar() {
    const { status: s, ruling: r, confirming } = p.state;
    const said = texts(p);
    if (sharedFromBar !== null && sharedFromBar !== shareInBar(p)) drawActions(); // Share moved
    announce(p, said);
    bar.dataset.state = s;
    if (confirming && s === "preview") {
      bar.replaceChildren(barText(p, said, null), confirmAgain(p));
      return;
    }
    bar.replaceChildren(barText(p, said, r), barActions(), ...[earlyNote(p), firstRoundNote(p)].filter(Boolean)); // (replaceChildren writes a null as the text "null")
  }



  function barActions() {
    const { status: s, ruling: r } = p.state;
    const canApply = s === "preview" && !ctl.readonly && !ctl.shared && !searching(p);
    const sheetClosed = document.documentElement.dataset.sheet === "closed";
    return h("div", { class: "bar-actions" },
      s === "stale"
        ? h("button", { type: "button", class: "secondary", data: { testid: "bar-rule-again" }, "aria-describedby": "rule-again-why", onclick: () => p.act.ruleAgain(true) }, t("Rule again"))
        : r && s !== "pending" ? h("button", { type: "button", class: "secondary", data: { testid: "why" }, onclick: showWhy }, t("Why?"))
          : awaited(p) ? h("button", { type: "button", class: "secondary", disabled: true, data: { testid: "why" } }, t("Why?")) : null,
      // Applied: its Undo stays in view, here (the page's own Undo may be scrolled away).
      (s === "applied" || awaited(p) === "applied") && !ctl.readonly ? h("button", { type: "button", class: "secondary", disabled: s !== "applied",
        data: { testid: "bar-undo", key: "bar-undo" }, "aria-label": t("Undo this ruling"), onclick: () => ctl.undo() }, t("Undo")) : null,
      shareInBar(p) ? h("button", { type: "button", class: "secondary", disabled: s === "pending", data: { testid: "share", key: "bar-share" },
        "aria-label": t("Share this ruling"), title: t("A link to this table, demand and ruling"), onclick: shareFromBar }, t("Share")) : null,
      h("button", { type: "button", class: "primary", disabled: !canApply, data: { testid: "apply", key: "apply" }, onclick: () => p.act.apply() },
        s === "applied" || s === "stale" || awaited(p) === "applied" ? t("Applied") : t("Apply")),
      // On a phone the toggle is its arrow alone (board.css): its words stay its name.
      h("button", { type: "button", class: "secondary sheet-toggle", "aria-controls": "panel-body", "aria-expanded": String(!sheetClosed),
        data: { testid: "sheet-toggle" }, onclick: toggleSheet },
      h("span", { class: "toggle-words", text: sheetClosed ? t("Show the card & ruling") : t("Show the table") }),
      h("span", { class: "toggle-mark", "aria-hidden": "true" })));
  }




  /** "Why?": the ruling's details, step by step, brought into view (the sheet opened). */
  function showWhy() {
    unfoldSheet();
    drawBar();
    scrollPanelTo(els.ruling, "start");
    const title = els.ruling.querySelector("h3");
    if (title) {
      title.tabIndex = -1;
      title.focus({ preventScroll: true });
    }
  }

  function toggleSheet() {
    if (document.documentElement.dataset.sheet === "closed") unfoldSheet();
    else foldSheet();
    drawBar();
    /** @type {HTMLElement} */ (bar.querySelector("[data-testid=sheet-toggle]")).focus();
  }

  /** Upright, the card's sheet folded down to its verdict bar, the whole table in view. */
  function showTable() {
    if (document.documentElement.dataset.sheet === "closed" || !isSheet()) return;
    foldSheet();
    drawBar();
  }

  /** Share from the verdict bar: the share sheet, or the link copied and said beside the
   * button; only a link that could not be copied is shown, under the demand, brought into
   * view (the sheet opened upright) and selected. */
  async function shareFromBar(e) {
    const from = e.currentTarget;
    if (await p.act.share(from)) return;
    unfoldSheet();
    drawBar();
    scrollPanelTo(els.share, "nearest");
    p.act.showLink(true);
    const said = document.getElementById("share-said");
    if (said && !said.hidden) placeBeside(said, bar.querySelector("[data-testid=share]")); // where the bar now is
  }

  return { build, drawBar, drawActions, showTable, focus: (testid) => /** @type {HTMLElement} */ (bar.querySelector(`[data-testid=${testid}]`)).focus() };
}
