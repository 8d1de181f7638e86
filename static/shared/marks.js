// @ts-check
// The marks printed on a wound track, drawn as SVG (no emoji: not every tablet has the font):
// the skull on the death space, the arrow on a Morale space. Always aria-hidden: every mark
// sits beside words that say the same thing. The board and the widget draw tracks with them.

const SVG = "http://www.w3.org/2000/svg";

/** An SVG element with its attributes. @param {string} tag @param {Record<string, string>} attrs @param {Element[]} children */
function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

function icon(cls, ...shapes) {
  return svg("svg", { class: `art ${cls}`, viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" }, ...shapes);
}

export const skull = () => icon("art-skull",
  svg("path", { d: "M12 2C7 2 4 5.5 4 10c0 3 1.5 5 3 6v3h10v-3c1.5-1 3-3 3-6 0-4.5-3-8-8-8z", fill: "currentColor" }),
  svg("circle", { cx: "9", cy: "10.5", r: "2", fill: "#f3e6c4" }),
  svg("circle", { cx: "15", cy: "10.5", r: "2", fill: "#f3e6c4" }),
  svg("path", { d: "M9 19v3M12 19v3M15 19v3", stroke: "#f3e6c4", "stroke-width": "1.2" }));

export const arrow = () => icon("art-arrow",
  svg("path", { d: "M12 21L4 9h5V3h6v6h5z", fill: "currentColor" }));
