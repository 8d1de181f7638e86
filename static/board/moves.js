// @ts-check
// What a drag means: a picked-up piece dropped on a place becomes session edits for the core.
// The board only translates; the core decides whether the move is allowed (and says why not).

import { t } from "../shared/i18n.js";
import { ACTION_NAMES, RESOURCE_NAMES, figureName, placeName } from "../shared/labels.js";

// Which kinds of place take which kinds of piece (shape of the board, not rules of the game).
const TAKES = {
  res: ["pile", "action"],
  pawn: ["action", "space", "card"],
  black: ["source", "supply"],
  fp: ["card"],
};

export function accepts(piece, place) {
  if (!piece || !place || !(TAKES[piece.t] || []).includes(place.t)) return false;
  if (piece.t === "pawn" && place.t === "card") return place.figure === piece.figure && piece.from !== null;
  if (piece.t === "fp" && place.t === "card") return place.role === true;
  if (piece.t === "res") return place.place !== piece.from;
  if (piece.t === "pawn" && place.t === "action") return place.id !== piece.from;
  if (piece.t === "black" && place.t === "supply") return piece.from !== null;
  if (piece.t === "black" && place.t === "source") return !place.exhausted;
  return true;
}

export function pieceName(state, piece) {
  switch (piece.t) {
    case "res": return t("1 {resource} from {place}", { resource: RESOURCE_NAMES[piece.kind], place: placeName(state, piece.from) });
    case "pawn": return t("{who}'s pawn", { who: figureName(state, piece.figure) });
    case "black": return t("a black marker");
    case "fp": return t("the First Player token");
    default: return t("a piece");
  }
}

export function placeLabel(state, place) {
  switch (place.t) {
    case "pile":
    case "action": return placeName(state, place.place || place.id);
    case "space": return t("{action} (a new Action)", { action: ACTION_NAMES[place.kind] });
    case "card": return t("{who}'s card", { who: figureName(state, place.figure) });
    case "source": return place.kind === "food" ? t("the food source on tile {id}", { id: place.tileId })
      : t("the wood source on tile {id}", { id: place.tileId });
    case "supply": return t("the black marker supply");
    default: return t("there");
  }
}

/** {edits, summary} for dropping `piece` on `place`, or null if nothing would change. */
export function movesFor(state, piece, place) {
  if (!accepts(piece, place)) return null;
  const summary = t("{piece} to {place}", { piece: pieceName(state, piece), place: placeLabel(state, place) });
  const edits = editsFor(state, piece, place);
  return edits ? { edits, summary: summary.charAt(0).toUpperCase() + summary.slice(1) } : null;
}

function editsFor(state, piece, place) {
  if (piece.t === "res") {
    const target = place.t === "pile" ? place.place : place.id;
    return [{ op: "move_resource", kind: piece.kind, amount: 1, source: piece.from, target }];
  }
  if (piece.t === "pawn") {
    if (place.t === "action") return [{ op: "move_pawn", figure: piece.figure, source: piece.from, target: place.id }];
    if (place.t === "card") return [{ op: "move_pawn", figure: piece.figure, source: piece.from, target: null }];
    return planAction(state, piece, place.kind);
  }
  if (piece.t === "black") {
    const edits = [];
    if (piece.from) edits.push(sourceEdit(piece.from, false));
    if (place.t === "source") edits.push(sourceEdit(place, true));
    return edits;
  }
  if (piece.t === "fp") return [{ op: "set", path: "first_player", value: place.figure }];
  return null;
}

function sourceEdit(at, exhausted) {
  return { op: "set", path: `tiles/${at.tile}/sources/${at.source}/exhausted`, value: exhausted };
}

// A pawn put on an empty action space plans a new Action with it. The core checks free pawns
// only in move_pawn, so a pawn from a character's card is first checked by a move onto an
// existing Action, whose pawn list is then set back exactly as it was (order kept: the first
// pawn resolves the Action). See the report: a `plan_action` edit op would make this one step.
function planAction(state, piece, kind) {
  const actions = state.planned_actions || [];
  const id = freshId(actions, kind);
  const plan = { op: "insert", path: "planned_actions", value: { id, action: kind, pawns: [piece.figure] } };
  if (piece.from !== null) {
    return [{ op: "move_pawn", figure: piece.figure, source: piece.from, target: null }, plan];
  }
  if (!actions.length) return [plan];
  const probe = actions[0];
  return [
    { op: "move_pawn", figure: piece.figure, source: null, target: probe.id },
    { op: "set", path: "planned_actions/0/pawns", value: [...probe.pawns] },
    plan,
  ];
}

function freshId(actions, kind) {
  const taken = new Set(actions.map((a) => a.id));
  for (let n = 1; ; n += 1) if (!taken.has(`${kind}-${n}`)) return `${kind}-${n}`;
}
