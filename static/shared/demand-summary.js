// @ts-check
// A demand shown before the core has worded it (a share link read while the rules load, a
// demand the core refused): its kind's name and the fields that are set, each in the
// composer's words ("Discard: Wood 2"), all from the core's description of the kinds
// (./demand-kinds.js, generated from the models). Once the core answers, its sentence
// replaces this; this never words a rule.

import { DEMAND_KINDS } from "./demand-kinds.js";
import { t } from "./i18n.js";
import { markerName, said, spaceName, tokenName } from "./names.js";

/** @typedef {{ name: string, label: string, type: string, names?: Record<string, string> }} Field */

/** The fields that hold a name from the table, said in the page's language where it is the
 * game's (a Beast, an Item, a token, a marker, a space of the board).
 * @type {Record<string, (name: string) => string>} */
const NAMED = {
  beast: said, item: said,
  token: (v) => tokenName(v) ?? v, marker: (v) => markerName(v) ?? v,
  space: (v) => spaceName(v) ?? v, spaces: (v) => spaceName(v) ?? v,
};

/** A field's value as the composer shows it, or null when the demand leaves it unsaid.
 * @param {Field} field @param {unknown} value */
function shown(field, value) {
  if (value === undefined || value === null || value === "" || value === 0 || value === false) return null;
  if (field.type === "bool") return "";
  if (field.type === "choice") {
    const name = field.names && field.names[String(value)];
    return name ? t(name) : String(value);
  }
  const named = Object.hasOwn(NAMED, field.name) ? NAMED[field.name] : null;
  if (Array.isArray(value)) return value.map((v) => (named ? named(String(v)) : String(v))).join(", ");
  return named ? named(String(value)) : String(value);
}

/** "Discard: Wood 2", "Lower the Roof…": a demand by its kind and the fields it sets.
 * @param {{ kind: string } & Record<string, unknown>} demand */
export function demandSummary(demand) {
  const kind = DEMAND_KINDS[/** @type {keyof typeof DEMAND_KINDS} */ (demand.kind)];
  if (!kind) return String(demand.kind);
  /** @type {Field[]} */
  const fields = kind.fields;
  const set = fields.map((f) => [f, shown(f, demand[f.name])])
    .filter(([, value]) => value !== null)
    .map(([f, value]) => (value ? t("{field} {value}", { field: t(/** @type {Field} */ (f).label), value: /** @type {string} */ (value) })
      : t(/** @type {Field} */ (f).label)));
  return set.length ? t("{kind}: {fields}", { kind: t(kind.title), fields: set.join(", ") }) : t(kind.title);
}
