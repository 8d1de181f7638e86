// @ts-check
// Decorative art drawn as SVG (no emoji: not every tablet has the font). Always aria-hidden:
// every piece of art sits next to words that say the same thing.

import { svg } from "./dom.js";

function icon(cls, ...shapes) {
  return svg("svg", { class: `art ${cls}`, viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" }, ...shapes);
}

export const fish = () => icon("art-fish",
  svg("path", { d: "M3 12c3-5 10-6 14-2l4-3v10l-4-3c-4 4-11 3-14-2z", fill: "currentColor" }),
  svg("circle", { cx: "8", cy: "11", r: "1.2", fill: "#fff8e6" }));

export const tree = () => icon("art-tree",
  svg("path", { d: "M12 2l7 10h-4l5 7H4l5-7H5z", fill: "currentColor" }),
  svg("rect", { x: "10.5", y: "19", width: "3", height: "4", fill: "#6b4423" }));

export const dog = () => icon("art-dog",
  svg("path", { d: "M4 10l2-5 3 3h6l3-3 2 5v6c0 3-3 6-8 6s-8-3-8-6z", fill: "currentColor" }),
  svg("circle", { cx: "9", cy: "13", r: "1.3", fill: "#fff8e6" }),
  svg("circle", { cx: "15", cy: "13", r: "1.3", fill: "#fff8e6" }),
  svg("path", { d: "M10.5 17h3l-1.5 1.8z", fill: "#2b2116" }));

// A mark per character on its pawns and card (never told apart by colour alone).
const MARKS = {
  cook: [svg("path", { d: "M5 11h14v4a5 5 0 0 1-5 5h-4a5 5 0 0 1-5-5z", fill: "currentColor" }),
    svg("path", { d: "M3 11h18M9 8c0-2 2-2 2-4M14 8c0-2 2-2 2-4", stroke: "currentColor", "stroke-width": "2", fill: "none" })],
  carpenter: [svg("path", { d: "M5 20l9-9", stroke: "currentColor", "stroke-width": "3", "stroke-linecap": "round" }),
    svg("path", { d: "M11 5l4-2 6 6-2 4-3-1-4-4z", fill: "currentColor" })],
  explorer: [svg("path", { d: "M12 2l2.6 7.4L22 12l-7.4 2.6L12 22l-2.6-7.4L2 12l7.4-2.6z", fill: "currentColor" })],
  soldier: [svg("path", { d: "M20 3l-1 4-9 9-2-2 9-9z", fill: "currentColor" }),
    svg("path", { d: "M6 13l5 5M8 16l-4 4", stroke: "currentColor", "stroke-width": "2.5", "stroke-linecap": "round" })],
  friday: [svg("path", { d: "M8 4h9v3h-6v3h5v3h-5v7H8z", fill: "currentColor" })],
  jenny: [svg("path", { d: "M14 4h3v11a5 5 0 0 1-10 0v-1h3v1a2 2 0 0 0 4 0z", fill: "currentColor" })],
};

export const roleMark = (figure) => svg("svg", { class: `art role-mark mark-${figure}`, viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" },
  ...(MARKS[figure] || []).map((shape) => shape.cloneNode(true)));

// Small pictures for the action spaces, as on the game board.
const ACTION_ART = {
  threat: "M12 2l10 18H2z M11 9h2v5h-2z M11 16h2v2h-2z",
  hunt: "M3 20L20 3 M14 3h6v6 M3 14l4 4",
  build: "M3 11l9-7 9 7v9H3z M9 20v-6h6v6",
  gather: "M4 20c4-10 12-12 16-16-2 8-6 14-16 16z",
  explore: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z M15.5 8.5l-2 5-5 2 2-5z",
  arrange_camp: "M3 20l9-15 9 15z M12 5v15",
  rest: "M4 14h16v4H4z M4 18v2 M20 18v2 M6 14v-3a2 2 0 0 1 2-2h3v5",
};

export const actionIcon = (kind) => svg("svg", { class: `art action-art art-${kind}`, viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" },
  svg("path", { d: ACTION_ART[kind] || "", fill: "none", stroke: "currentColor", "stroke-width": "2", "stroke-linejoin": "round", "stroke-linecap": "round" }));

// The camp's tent and a natural shelter's cave, for the island's tiles.
export const tent = () => icon("art-tent",
  svg("path", { d: "M2 20L12 4l10 16z", fill: "currentColor" }),
  svg("path", { d: "M12 20l-3-6h6z", fill: "#fff8e6" }));

export const cave = () => icon("art-cave",
  svg("path", { d: "M2 20c1-9 5-14 10-14s9 5 10 14z", fill: "currentColor" }),
  svg("path", { d: "M8 20c0-4 2-7 4-7s4 3 4 7z", fill: "#1d1812" }));
