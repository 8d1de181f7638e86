// @ts-check
// Firefox for the cross-engine smoke suite (tests/engines/): Debian's firefox-esr driven
// over WebDriver BiDi by puppeteer-core (Playwright drives only its own Firefox builds,
// which cannot be downloaded here). tools/engines.py starts this script and talks
// to it in JSON lines: one command a line on stdin, one answer a line on stdout.
//   {"op": "launch", "profile": dir, "width": w, "height": h, "userAgent": s?}
//   {"op": "goto", "url": u}   {"op": "reload"}
//   {"op": "run", "body": js, "args": [...]}   the body of an async function of `args`
//   {"op": "click", "selector": s}             a real click, at the element's centre
//   {"op": "errors"}   console errors and uncaught page errors since the last "errors"
//   {"op": "close"}
// Answer: {"ok": true, "value": ...} or {"ok": false, "error": "..."}.

import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const FIREFOX = process.env.FIREFOX || "/usr/bin/firefox-esr";
/** @type {import("puppeteer-core").Browser | undefined} */
let browser;
/** @type {import("puppeteer-core").Page | undefined} */
let page;
let errors = [];

function watch(target) {
  target.on("console", (message) => {
    if (process.env.ENGINES_DEBUG) console.error(`firefox ${message.type()}: ${message.text()}`);
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  target.on("pageerror", (error) => errors.push(`pageerror: ${error.message || error}`));
}

const ops = {
  async launch({ profile, width, height, userAgent }) {
    browser = await puppeteer.launch({
      browser: "firefox",
      executablePath: FIREFOX,
      headless: true,
      userDataDir: profile,
      // No update checks, telemetry or remote settings: this machine has no network.
      extraPrefsFirefox: {
        "app.update.enabled": false,
        "datareporting.policy.dataSubmissionEnabled": false,
        "toolkit.telemetry.enabled": false,
        "services.settings.server": "http://127.0.0.1:9/",
        "network.captive-portal-service.enabled": false,
      },
    });
    page = await browser.newPage();
    watch(page);
    try {
      await page.setViewport({ width, height });
    } catch {
      // puppeteer-core 24 also asks Firefox ESR for a screen-orientation override, which it
      // does not know; the viewport itself is applied.
    }
    if (userAgent) await page.setUserAgent(userAgent);
    return true;
  },
  async goto({ url }) {
    await page.goto(url, { waitUntil: "load" });
    return true;
  },
  async reload() {
    await page.reload({ waitUntil: "load" });
    return true;
  },
  async run({ body, args }) {
    return page.evaluate(`(async (...args) => { ${body} })(...${JSON.stringify(args ?? [])})`);
  },
  async click({ selector }) {
    await page.click(selector);
    return true;
  },
  async errors() {
    const found = errors;
    errors = [];
    return found;
  },
  async close() {
    if (browser) await browser.close();
    browser = undefined;
    return true;
  },
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  let answer;
  try {
    const command = JSON.parse(line);
    const op = ops[command.op];
    if (!op) throw new Error(`unknown op ${command.op}`);
    const value = await op(command);
    answer = { ok: true, value: value === undefined ? null : value };
  } catch (error) {
    answer = { ok: false, error: String((error && error.message) || error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
  if (line.includes('"close"')) break;
}
if (browser) await browser.close();
