// @ts-check
// The character cards, and Friday, the Dog and Jenny: each figure's wound track, Determination,
// pawns and place, with − / + to change them. While a ruling is previewed (ctl.preview,
// static/shared/change.js: the core's table after, who dies, the lost game), each card shows
// what it would become, in place: new Wounds hatched, "1 → 0", a death by its name.

import { dog, roleMark } from "./art.js";
import { clamp } from "./bounds.js";
import { h } from "./dom.js";
import { countChange, deathMark, figureOf, lostMark, woundDots } from "../shared/change.js";
import { t, tn } from "../shared/i18n.js";
import { ROLES, ROLE_NAMES, figureName } from "../shared/labels.js";
import { button, dropZone, piece, region, stepper, textField, toggle } from "./widgets.js";

// The history's words for an "In camp" box: "Explorer: outside the camp".
const inCampSaid = (who) => (on) => (on ? t("{who}: in the camp", { who }) : t("{who}: outside the camp", { who }));

/** What `pick` reads of the previewed table after, or null with no ruling on show. */
export function later(ctl, pick) {
  return ctl.preview ? pick(ctl.preview.after) : null;
}

/** A figure in the previewed table: its Wounds and Determination after, and whether it dies. */
export function fate(ctl, id) {
  const after = ctl.preview ? figureOf(ctl.preview.after, id) : null;
  return after ? { wounds: after.wounds, determination: after.determination, dies: ctl.preview.died.has(id) } : null;
}

/** A figure's pawn, with its mark (never told apart by colour alone). */
export function pawn(figure) {
  return h("span", { class: `pawn pawn-${figure}`, "aria-hidden": "true" },
    h("span", { class: "pawn-head" }), h("span", { class: "pawn-body" }), roleMark(figure));
}

// ------------------------------------------------------------------ characters

export function placed(s, figure) {
  return s.planned_actions.reduce((n, a) => n + a.pawns.filter((p) => p === figure).length, 0);
}

function freePawns(ctl, s, figure, owned) {
  const free = clamp(owned - placed(s, figure), 0, 2);
  return h("div", { class: "free-pawns", "aria-label": t("{who}'s pawns on the card", { who: figureName(s, figure) }) },
    Array.from({ length: free }, (_, i) => piece(ctl, { t: "pawn", figure, from: null }, {
      label: t("{who}'s Action pawn: pick up", { who: figureName(s, figure) }), visual: pawn(figure),
      key: `pawn-card-${figure}-${i}`, cls: "pawn-piece",
    })),
    free ? null : h("span", { class: "hint", text: t("Pawns all out") }));
}

/** The wound track as dots (static/shared/change.js), with its Morale arrows and skull, and − / +
 * to change it; under a ruling on show, its new Wounds hatched and "2 → 5" by its name. */
export function woundTrack(ctl, { label, figure, wounds, path, key, fate = null }) {
  const death = clamp(figure.track.death_at, 1, 30); // drawn within the models' range
  const arrows = new Set(figure.track.morale_arrows);
  const describe = (v) => (v >= death ? tn("{n} Wound, death", "{n} Wounds, death", v)
    : arrows.has(v) ? tn("{n} Wound, on a Morale arrow", "{n} Wounds, on a Morale arrow", v) : tn("{n} Wound", "{n} Wounds", v));
  const after = fate ? Math.max(wounds, fate.wounds) : wounds;
  const dies = Boolean(fate && fate.dies);
  const now = t("{label}: {value}", { label, value: describe(wounds) });
  const said = after !== wounds ? t("{now}; if applied: {after}", { now, after: describe(after) }) : now; // "…, death" at the end
  const step = (by) => ctl.step(path, wounds, by, 0, death, (to) => t("{label}: {value}", { label, value: describe(to) }));
  // Two rows of dots big enough to read across the table, in the height of the − / + buttons.
  const dots = woundDots({ track: { death_at: death, morale_arrows: [...arrows] }, before: wounds, after, dies, rows: 2 });
  return h("div", { class: ["wound-row", after !== wounds && "is-changing"], role: "group", "aria-label": said, data: { testid: key, value: wounds, after } },
    button(ctl, { class: "step", "aria-label": t("{label}: one less ({value} now)", { label, value: describe(wounds) }), data: { key: `${key}-minus` },
      disabled: wounds <= 0, onclick: () => step(-1) }, "−"),
    // Its name in words under the card's title, as on the game's card ("− 2 +" alone says nothing),
    // and the count in figures beside it.
    h("span", { class: "row-mid" }, h("span", { class: "count-label", "aria-hidden": "true", text: t("Wounds") }),
      wordless(countChange(wounds, after)), dots),
    button(ctl, { class: "step", "aria-label": t("{label}: one more ({value} now)", { label, value: describe(wounds) }), data: { key: `${key}-plus` },
      disabled: wounds >= death, onclick: () => step(1) }, "+"));
}

/** A count drawn beside words that say it (the row's own name): hidden from screen readers. */
function wordless(node) {
  node.setAttribute("aria-hidden", "true");
  return node;
}

/** Determination as tokens, with − / +. */
function determination(ctl, { who, value, path, key, fate = null }) {
  const step = (by) => ctl.step(path, value, by, 0, 99, (to) => t("{who}'s Determination: {value}", { who, value: to }));
  const after = fate ? fate.determination : value;
  const said = after === value ? t("{who}'s Determination: {value}", { who, value })
    : t("{who}'s Determination: {value}; if applied: {after}", { who, value, after });
  return h("div", { class: "det-row", role: "group", "aria-label": said, data: { testid: key, value, after } },
    button(ctl, { class: "step", "aria-label": t("{who}'s Determination: one less", { who }), data: { key: `${key}-minus` }, disabled: value <= 0,
      onclick: () => step(-1) }, "−"),
    h("span", { class: "row-mid" },
      // Its name in one word, never broken ("Deter-mination" read badly at the table); a name
      // longer than the English one is drawn smaller, so that it stays clear of the +.
      h("span", { class: ["count-label", t("Determination").length > "Determination".length && "is-long"], "aria-hidden": "true", text: t("Determination") }),
      after !== value ? wordless(countChange(value, after)) : null,
      h("span", { class: "tokens", "aria-hidden": "true" }, value ? Array.from({ length: Math.min(value, 6) }, (_, i) => h("span", { class: ["det-token", i >= after && "is-spent"] })) : h("span", { class: "det-none" }),
        value > 6 ? h("span", { class: "more", data: { more: `+${value - 6}` } }) : null)),
    button(ctl, { class: "step", "aria-label": t("{who}'s Determination: one more", { who }), data: { key: `${key}-plus` }, disabled: value >= 99,
      onclick: () => step(1) }, "+"));
}

export function characterCard(ctl, s, c, i) {
  const isFirst = s.first_player === c.role;
  const who = ROLE_NAMES[c.role];
  const then = fate(ctl, c.role);
  const dies = Boolean(then && then.dies);
  const card = h("article", { class: ["char-card", `char-${c.role}`, c.wounds >= c.track.death_at && "is-dead", !c.in_camp && "is-away", dies && "is-dying"],
    "aria-labelledby": `ch-${c.role}`, data: { testid: `char-${c.role}` } },
    // A figure the ruling on show kills: the skull and "Dies" where its pawn is drawn.
    h("header", { class: "char-head" },
      dies ? deathMark() : pawn(c.role),
      // "Carpenter (Ben)": the player's name a span of its own, under the figure on a narrow card.
      h("h3", { id: `ch-${c.role}` }, h("span", { text: ROLE_NAMES[c.role] }),
        c.name ? h("span", { class: "char-player" }, " (", h("span", { "data-typed": "", text: c.name }), ")") : null),
      // The token says it moves: "Move" under it (in its name too), a grip on its edge.
      isFirst ? piece(ctl, { t: "fp" }, { label: t("Move the First Player token to another character: drag it, or tap it and then the character"),
        visual: [
          // Translators: the First Player token's face, a 26 px disc: its ordinal, "1st". Drawn by
          // the stylesheet, so it stays out of the token's name ("Move the First Player token…").
          h("span", { class: "fp-token", "aria-hidden": "true", "data-face": t("1st") }), h("span", { class: "fp-move", "aria-hidden": "true", text: t("Move") })],
        key: "fp-token", cls: "fp-piece" }) : null),
    woundTrack(ctl, { label: t("{who}'s Wounds", { who }), figure: c, wounds: c.wounds, path: `characters/${i}/wounds`, key: `wounds-${c.role}`, fate: then }),
    determination(ctl, { who, value: c.determination, path: `characters/${i}/determination`, key: `det-${c.role}`, fate: then }),
    // The foot: the pawns still on the card, In camp, and "More" (the setup) at the end, so
    // that Determination has its row to itself and its name in one word.
    h("div", { class: "char-row char-foot" },
      freePawns(ctl, s, c.role, c.pawns),
      toggle(ctl, { label: t("In camp"), checked: c.in_camp, path: `characters/${i}/in_camp`, key: `camp-${c.role}`, said: inCampSaid(figureName(s, c.role)), cls: "is-stacked" }),
      h("details", { class: "char-more" },
      h("summary", { "aria-label": t("More about the {who}", { who }), text: t("More") }),
      h("div", { class: "char-row" },
        textField(ctl, { label: t("Player's name"), value: c.name, path: `characters/${i}/name`, key: `name-${c.role}`, placeholder: t("Name") }),
        stepper(ctl, { label: t("Food on sheet"), what: t("{who}'s food on sheet", { who }), value: c.sheet_food,
          path: `characters/${i}/sheet_food`, key: `sheetfood-${c.role}` }),
        stepper(ctl, { label: t("Action pawns"), what: t("{who}'s Action pawns", { who }), value: c.pawns, min: 1, max: 2,
          path: `characters/${i}/pawns`, key: `pawns-${c.role}` })),
      h("div", { class: "char-row" },
        isFirst ? h("span", { class: "badge", text: t("First Player") }) : button(ctl, {
          class: "quiet", data: { key: `make-fp-${c.role}` },
          onclick: () => ctl.set("first_player", c.role, t("First Player: {who}", { who })),
        }, t("Make First Player")),
        s.characters.length > 1 ? button(ctl, {
          class: "quiet", data: { key: `rm-char-${c.role}` },
          onclick: () => ctl.edit([{ op: "remove", path: `characters/${i}` }], t("{who} leaves the table", { who })),
        }, t("Remove from the table")) : null))));
  return dropZone(ctl, card, { t: "card", figure: c.role, role: true }, `card-${c.role}`);
}

/** The buttons that bring a missing character to the table (an empty part when all four are). */
export function addCharacters(ctl, s) {
  const missing = ROLES.filter((r) => !s.characters.some((c) => c.role === r));
  return h("div", { class: "add-row", hidden: !(missing.length && s.characters.length < 4) },
    missing.map((role) => button(ctl, { class: "quiet add-char", data: { key: `add-char-${role}` },
      onclick: () => ctl.edit([{ op: "insert", path: "characters", value: { role } }], t("{who} joins the table", { who: ROLE_NAMES[role] })),
    }, pawn(role), h("span", { text: t("Add the {who}", { who: ROLE_NAMES[role] }) }))));
}

/** Over the cards, under a ruling on show that loses the game: the skull and the core's words. */
export function lostSlot(ctl, s) {
  const lost = later(ctl, () => ctl.preview.lost);
  return lost && !s.lost ? lostMark(lost) : h("p", { class: "lost-preview", hidden: true });
}

export function charactersRegion(ctl, s, [lost, ...cards]) {
  return region(t("Characters"), "characters", lost, h("div", { class: "char-grid" }, cards));
}

// ------------------------------------------------------------------ Friday, the Dog, Jenny

export function helpersRegion(ctl, s) {
  const fridayName = figureName(s, "friday"), jennyName = figureName(s, "jenny");
  const fridayFate = fate(ctl, "friday"), jennyFate = fate(ctl, "jenny");
  const friday = s.friday ? dropZone(ctl, h("article", { class: ["char-card helper-card char-friday", fridayFate && fridayFate.dies && "is-dying"], "aria-labelledby": "ch-friday", data: { testid: "char-friday" } },
    h("header", { class: "char-head" }, fridayFate && fridayFate.dies ? deathMark() : pawn("friday"), h("h3", { id: "ch-friday", text: fridayName })),
    woundTrack(ctl, { label: t("{who}'s Wounds", { who: fridayName }), figure: s.friday, wounds: s.friday.wounds, path: "friday/wounds", key: "wounds-friday", fate: fridayFate }),
    determination(ctl, { who: fridayName, value: s.friday.determination, path: "friday/determination", key: "det-friday", fate: fridayFate }),
    h("div", { class: "char-row char-foot" },
      freePawns(ctl, s, "friday", 1),
      toggle(ctl, { label: t("In camp"), checked: s.friday.in_camp, path: "friday/in_camp", key: "camp-friday", said: inCampSaid(fridayName), cls: "is-stacked" }),
      button(ctl, { class: "quiet", data: { key: "rm-friday" }, "aria-label": t("Remove {who} from the table", { who: fridayName }),
        onclick: () => ctl.set("friday", null, t("{who} leaves the table", { who: fridayName })) }, t("Remove")))),
  { t: "card", figure: "friday", role: false }, "card-friday")
    : button(ctl, { class: "quiet add-char", data: { key: "add-friday" }, onclick: () => ctl.set("friday", {}, t("{who} joins the table", { who: fridayName })) }, pawn("friday"), h("span", { text: t("Add Friday") }));
  const jenny = s.scenario !== 3 ? null : s.jenny
    ? h("article", { class: ["char-card helper-card char-jenny", jennyFate && jennyFate.dies && "is-dying"], "aria-labelledby": "ch-jenny", data: { testid: "char-jenny" } },
      h("header", { class: "char-head" }, jennyFate && jennyFate.dies ? deathMark() : pawn("jenny"), h("h3", { id: "ch-jenny", text: jennyName }),
        toggle(ctl, { label: t("In camp"), checked: s.jenny.in_camp, path: "jenny/in_camp", key: "camp-jenny", said: inCampSaid(jennyName) })),
      woundTrack(ctl, { label: t("{who}'s Wounds", { who: jennyName }), figure: s.jenny, wounds: s.jenny.wounds, path: "jenny/wounds", key: "wounds-jenny", fate: jennyFate }),
      h("div", { class: "char-row" },
        toggle(ctl, { label: t("Rescued"), checked: s.jenny.rescued, path: "jenny/rescued", key: "jenny-rescued" }),
        button(ctl, { class: "quiet", data: { key: "rm-jenny" }, "aria-label": t("Remove {who} from the table", { who: jennyName }),
          onclick: () => ctl.set("jenny", null, t("{who} leaves the table", { who: jennyName })) }, t("Remove"))))
    : button(ctl, { class: "quiet", data: { key: "add-jenny" }, onclick: () => ctl.set("jenny", {}, t("Jenny is on the island")) }, t("Add Jenny (scenario 3)"));
  return region(t("Friday, the Dog and Jenny"), "helpers",
    h("div", { class: "helpers" }, friday,
      h("div", { class: "dog" }, dog(),
        toggle(ctl, { label: t("The Dog is with the castaways"), checked: s.dog, path: "dog", key: "dog" })),
      jenny));
}

