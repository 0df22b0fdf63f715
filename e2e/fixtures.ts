/**
 * Playwright's `test`, with pages that wait, after each navigation, for the framework to run,
 * and that fail their test when they break the site's Content Security Policy.
 *
 * A page is whole at its load event without JavaScript; React may hydrate it a little later
 * (it yields while it works). A reader who taps before that gets a plain link or form; a test
 * that drives a script-driven control (the radio, the menus) right after `goto` needs React
 * running. So navigations wait for React to have hydrated the body, on pages that load the
 * framework's scripts and only when JavaScript is on.
 */
import { test as base, type Page } from "@playwright/test";
import { hydrated } from "./helpers";

export { expect } from "@playwright/test";
export type { APIRequestContext, APIResponse, Page } from "@playwright/test";

/**
 * Resolves once React has hydrated the page's body (e2e/helpers.ts `hydrated`); at once on a
 * page that loads no script of the framework's (a feed, a text file).
 */
async function frameworkRunning(page: Page): Promise<void> {
  if ((await page.locator('script[src^="/_next/static/"]').count()) === 0) return;
  await hydrated(page.locator("body"));
}

const NAVIGATIONS = ["goto", "reload", "goBack", "goForward"] as const;

/**
 * Every page of every test runs under the site's Content Security Policy and must break none of
 * it: a violation (the browser's console names the policy, and the page's own event does) fails
 * the test that caused it. So the radio, the menus, the video and every route are held to it
 * as readers use them, not only on load.
 */
async function watchPolicy(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  return violations;
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, provide) => {
    const violations = await watchPolicy(page);
    if (javaScriptEnabled !== false) {
      for (const name of NAVIGATIONS) {
        const navigate = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
        Object.assign(page, {
          [name]: async (...args: unknown[]) => {
            const response = await navigate(...args);
            await frameworkRunning(page);
            return response;
          },
        });
      }
    }
    await provide(page);
    if (violations.length > 0)
      throw new Error(`the page broke its Content Security Policy:\n${violations.join("\n")}`);
  },
});
