/**
 * Playwright's `test`, with pages that wait, after each navigation, for the framework to run.
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

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, provide) => {
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
  },
});
