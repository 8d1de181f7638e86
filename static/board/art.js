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

export const skull = () => icon("art-skull",
  svg("path", { d: "M12 2C7 2 4 5.5 4 10c0 3 1.5 5 3 6v3h10v-3c1.5-1 3-3 3-6 0-4.5-3-8-8-8z", fill: "currentColor" }),
  svg("circle", { cx: "9", cy: "10.5", r: "2", fill: "#f3e6c4" }),
  svg("circle", { cx: "15", cy: "10.5", r: "2", fill: "#f3e6c4" }),
  svg("path", { d: "M9 19v3M12 19v3M15 19v3", stroke: "#f3e6c4", "stroke-width": "1.2" }));

export const arrow = () => icon("art-arrow",
  svg("path", { d: "M12 21L4 9h5V3h6v6h5z", fill: "currentColor" }));
