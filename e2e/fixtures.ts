/**
 * Playwright's `test`, with pages that wait, after each navigation, for the framework to run.
 *
 * A page is whole at its load event without JavaScript; the framework's scripts are asked for
 * once its first frame is shown (lib/serving/scripts-after-paint.mjs), and a headless browser
 * on this machine can show that frame after `load`. A reader who taps before they run gets a
 * plain link or form; a test that drives a script-driven control (the radio, the menus) right
 * after `goto` needs them running. So navigations wait for React to have hydrated the body,
 * on pages that load the scripts that way and only when JavaScript is on.
 */
import { test as base, type Page } from "@playwright/test";
import { hydrated } from "./helpers";

export { expect } from "@playwright/test";
export type { APIRequestContext, APIResponse, Page } from "@playwright/test";

/**
 * Resolves once React has hydrated the page's body (e2e/helpers.ts `hydrated`); at once on a
 * page that does not load its scripts after the first paint.
 */
export async function frameworkRunning(page: Page): Promise<void> {
  if ((await page.locator("script[data-scripts-after-paint]").count()) === 0) return;
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
