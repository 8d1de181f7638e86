// @ts-check
// Asking the core: the moment and the ruling on the table as it is now, whenever the table,
// the demand, the context or a choice changes; the demand's words when it is not ruled; and
// Apply, which the session turns into one undoable step. Older answers are dropped.

import { t } from "../../shared/i18n.js";
import { plainError } from "../../shared/labels.js";
import { asksResolver } from "./resolver.js";

/**
 * @param {import("./panel.js").Panel} p
 * @param {{ composer: any, resolver: any, sheet: any, sharing: any, verdict: any, draw: () => void }} parts
 */
export function createAsking(p, { composer, resolver, verdict, draw }) {
  const { ctl } = p;
  let applying = false; // an Apply on its way: the table it changes is not ruled again

  function request() {
    const { card, effect, choices } = p.state;
    return { format: "castaway-referee/request", version: 1, card: card ? card.id : null, state: ctl.state,
      effect, context: resolver.cleanContext(), choices };
  }

  function ask(cmd) {
    const { card, effect, choices } = p.state;
    return { cmd, card: card ? card.id : null, effect, context: resolver.cleanContext(), choices };
  }

  /** The core's moment, then what is drawn from it: who resolves, the card's notes, the bar's. */
  async function momentThenDraw() {
    if (!(await resolver.askMoment())) return;
    resolver.drawContext();
    composer.drawChosen();
    verdict.drawBar();
  }

  /** Ask the core for the ruling on the table as it is now (or say what it still needs):
   * first the moment (who resolves, on this table), then the ruling. `afresh`: "Rule again",
   * a preview not tied to an Apply. */
  async function ruleAgain(afresh = false) {
    const seq = p.dispatch({ type: "asked", afresh }).asked;
    ctl.demandChanged();
    draw();
    if (await resolver.askMoment()) {
      if (seq !== p.state.asked) return;
      resolver.drawContext();
      composer.drawChosen();
      verdict.drawBar();
    }
    if (seq !== p.state.asked || p.state.status === "none" || p.state.status === "unpicked") return;
    try {
      const env = ctl.shared ? { ruling: await ctl.ruleShared(request()) } : await ctl.command(ask("preview"), null);
      if (seq !== p.state.asked) return;
      p.dispatch({ type: "ruled", seq, ruling: env.ruling, ruled: env.ruled || null, tableBefore: env.table_before || null });
      ctl.demandChanged(); // its headline is saved with the demand (shown at the next reload)
    } catch (e) {
      if (seq !== p.state.asked) return;
      // Someone must suffer and nobody has said who resolves: the panel asks, in plain words.
      p.dispatch({ type: "refused", seq, error: plainError(e), asks: asksResolver(e) && !ctl.shared });
      wordEffect(seq);
    }
    draw();
  }

  /** Without a ruling (who resolves is asked, or the ruling was refused), the core still
   * words the demands; drawn when they come, unless the panel has asked again since. */
  async function wordEffect(seq) {
    const effect = p.state.effect;
    try {
      const env = await window.referee.call("effect_words", JSON.stringify({ state: ctl.state, effect }));
      if (seq !== p.state.asked) return;
      p.dispatch({ type: "worded", effect, words: env.words });
      composer.drawChosen();
    } catch {
      // The demand keeps its kind's name: the refusal itself is already shown.
    }
  }

  /** Apply: the same card a second time (the session says it is in the log) is asked about
   * first, in the verdict bar. */
  function apply() {
    if (p.state.status !== "preview") return;
    if (p.state.ruled && p.state.ruled.at !== null) {
      p.dispatch({ type: "confirmAsked" });
      verdict.drawBar();
      verdict.focus("apply-again-cancel");
      return;
    }
    applyNow();
  }

  function cancelApply() {
    p.dispatch({ type: "confirmCancelled" });
    verdict.drawBar();
    verdict.focus("apply");
    ctl.say(t("Not applied: the table is unchanged."));
  }

  async function applyNow() {
    p.dispatch({ type: "confirmCancelled" });
    if (p.state.status !== "preview") return;
    p.dispatch({ type: "applying" });
    verdict.drawBar();
    verdict.drawActions();
    try {
      applying = true;
      const before = ctl.state;
      const env = await ctl.command(ask("apply"), t("Apply"));
      p.dispatch({ type: "applied", ruling: env.ruling, ruled: env.ruled, tableBefore: before });
      ctl.accept(env.snapshot);
      const what = env.snapshot.log.filter((e) => e.applied).at(-1)?.summary;
      ctl.say(what ? t("Applied: {what}.", { what }) : t("Applied: done."));
    } catch (e) {
      p.dispatch({ type: "failed", error: plainError(e), keepRuling: true });
      ctl.refuse(e, t("Apply"));
    } finally {
      applying = false;
    }
    draw();
  }

  return { request, ask, ruleAgain, momentThenDraw, apply, cancelApply, applyNow, isApplying: () => applying };
}
