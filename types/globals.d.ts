// What the page's modules share through `window`.
export {};

declare global {
  interface Window {
    /** The rules core's door, defined by static/app.js. */
    referee: import("../static/app.js").Referee;
  }
}
