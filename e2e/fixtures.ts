/**
 * Playwright's `test`, with pages that wait, after each navigation, for the framework to run.
 *
 * A page is whole at its load event without JavaScript; the framework's scripts are asked for
 * once its first frame is shown (lib/serving/scripts-after-paint.mjs), and a headless browser
 * on this machine can show that frame after `load`. A reader who taps before they run gets a
 * plain link or form; a test that drives a script-driven control (the radio, the menus) right
 * after `goto` needs them running. So navigations wait for React's root to be in place (React
 * then replays a click made while it is still hydrating), on pages that load the scripts
 * that way and only when JavaScript is on.
 */
import { test as base, type Page } from "@playwright/test";

export { expect } from "@playwright/test";
export type { APIRequestContext, APIResponse, Page } from "@playwright/test";

/** Resolves once React runs on the page (at once on a page that does not defer its scripts). */
export async function frameworkRunning(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector("script[data-scripts-after-paint]") ||
      Object.keys(document).some((key) => key.startsWith("__reactContainer$")),
  );
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
