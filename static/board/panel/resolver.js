// @ts-check
// Who resolves the Action, and the Event-Phase combat box: asked of the core (its moment,
// pyapp/rules/moment.py, service "moment") and drawn as it says: who resolves and how it
// knows (chosen, the lead pawn of the only open Action, nobody in this phase, or ask), the
// line above the list, whether the box is offered and ticked. The panel decides none of it.

import { t } from "../../shared/i18n.js";
import { figureName, figuresOf } from "../../shared/labels.js";
import { h } from "../dom.js";

/** The core's answer says it needs to know who resolves (only where someone must suffer). */
export function asksResolver(error) {
  const first = error && Array.isArray(error.details) ? error.details[0] : null;
  return Boolean(first && String(first.loc || "").endsWith("context.resolver"));
}

/** @param {import("./panel.js").Panel} p */
export function createResolver(p) {
  const { ctl, els } = p;
  let seq = 0;

  /** What the core is asked of the moment: the table, the demand, the card, the context. */
  function question(withEffect) {
    const s = p.state;
    const context = { event_combat: s.context.event_combat, ...(s.context.resolver ? { resolver: s.context.resolver } : {}) };
    return { state: ctl.state, effect: withEffect ? s.effect : null, card: s.card ? s.card.id : null, context, resolving: s.resolving };
  }

  /** Ask the core for the moment on the table as it is now; the answer goes into the state
   * (null if an older question was asked since). A demand the core cannot read (pasted as
   * JSON) is left out: the moment of the table alone. */
  async function askMoment() {
    const mine = ++seq;
    let env;
    try {
      env = await window.referee.call("moment", JSON.stringify(question(true)));
    } catch {
      try {
        env = await window.referee.call("moment", JSON.stringify(question(false)));
      } catch {
        return null;
      }
    }
    if (mine !== seq) return null;
    p.dispatch({ type: "momentCame", moment: env.moment });
    return env.moment;
  }

  /** The context the core is told: the combat box, and who resolves as the moment says. */
  function cleanContext() {
    const { context, moment } = p.state;
    const ctx = { event_combat: context.event_combat };
    const who = moment ? moment.resolver.who : context.resolver;
    if (who) ctx.resolver = who;
    return ctx;
  }

  function build() {
    els.context = h("div", { class: "context", data: { testid: "context" } });
    return els.context;
  }

  function combatBox(m) {
    const { context } = p.state;
    return h("label", { class: "toggle" }, h("input", { type: "checkbox", id: "ctx-combat", checked: context.event_combat || m.combat.ticked,
      disabled: ctl.readonly || m.combat.fixed, data: { testid: "ctx-combat" },
      onchange: (e) => { p.dispatch({ type: "contextSet", context: { event_combat: e.target.checked } }); p.act.ruleAgain(); } }),
    h("span", { text: t("It is the outcome of an Event-Phase combat") }));
  }

  function drawContext() {
    const m = p.state.moment;
    if (!m) { els.context.replaceChildren(); return; }
    const asking = p.state.status === "ask";
    const combat = m.combat.offered ? h("div", { class: "context-row" }, combatBox(m)) : null;
    if (!m.choose_resolver && !asking) {
      // Nobody resolves an Action outside the Action Phase: nothing to ask, nothing to choose
      // (unless a card names "the character resolving", when the core asks who that is).
      els.context.replaceChildren(...[ // (replaceChildren writes a null as the text "null")
        h("p", { class: "phase-note", data: { testid: "context-line" }, text: m.line }), combat].filter(Boolean));
      return;
    }
    const s = ctl.state;
    const chosen = p.state.context.resolver;
    const select = h("select", { id: "ctx-resolver", disabled: ctl.readonly, data: { testid: "ctx-resolver", key: "ctx-resolver" },
      onchange: (e) => setResolver(e.target.value || null, null) },
    h("option", { value: "", text: m.first_option }),
    figuresOf(s).filter((f) => f !== "jenny").map((f) => h("option", { value: f, text: figureName(s, f), selected: chosen === f })));
    els.context.replaceChildren(...[
      h("p", { class: ["phase-note", asking && "is-question"], data: { testid: "context-line" }, text: asking ? m.line_asking : m.line }),
      h("div", { class: "context-row" },
        h("span", { class: "field" }, h("label", { for: "ctx-resolver", class: "field-label", text: t("Who resolves the Action") }), select),
        m.combat.offered ? combatBox(m) : null)].filter(Boolean));
  }

  function setResolver(who, actionId) {
    p.dispatch({ type: "resolverSet", who, action: actionId });
    ctl.resolving = actionId;
    ctl.redrawBoard();
    p.act.ruleAgain();
  }

  return { build, askMoment, cleanContext, drawContext, setResolver };
}
