import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { hydrated } from "./helpers";

/** The accordion's questions, and whether each is open. */
const questionsOf = (page: Page) => page.locator("main details > summary");
const isOpen = (summary: Locator) =>
  summary.evaluate((el) => (el.parentElement as HTMLDetailsElement).open);

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("about 100 questions, every answer in the HTML, one open at a time", async ({
      page,
      request,
    }) => {
      // The answers are in the document for crawlers.
      const html = await (await request.get("/faq")).text();
      expect(html).toContain("How often are the headlines updated");

      await page.goto("/faq");
      const triggers = questionsOf(page);
      const count = await triggers.count();
      expect(count).toBeGreaterThanOrEqual(95);
      expect(count).toBeLessThanOrEqual(105);
      // Each question is a heading, for navigation by headings.
      await expect(page.locator("main details > summary > h3")).toHaveCount(count);

      const first = triggers.nth(0);
      const second = triggers.nth(1);
      const firstAnswer = first.locator("xpath=following-sibling::*[1]");
      await expect(firstAnswer).toBeHidden();
      await first.click();
      expect(await isOpen(first)).toBe(true);
      await expect(firstAnswer).toBeVisible();

      // Single-open: opening the second closes the first.
      await second.click();
      expect(await isOpen(second)).toBe(true);
      expect(await isOpen(first)).toBe(false);
      await expect(firstAnswer).toBeHidden();

      // Collapsible: the open item closes again.
      await second.click();
      expect(await isOpen(second)).toBe(false);
      await expect(page.locator("main details[open]")).toHaveCount(0);
    });
  });
}

test("the accordion answers to Home, End and the arrow keys", async ({ page }) => {
  await page.goto("/faq");
  const triggers = questionsOf(page);
  const count = await triggers.count();
  await hydrated(page.locator("main details").first().locator(".."));
  await triggers.nth(0).focus();
  await page.keyboard.press("ArrowDown");
  await expect(triggers.nth(1)).toBeFocused();
  await page.keyboard.press("End");
  await expect(triggers.nth(count - 1)).toBeFocused();
  await page.keyboard.press("Home");
  await expect(triggers.nth(0)).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(triggers.nth(count - 1)).toBeFocused();
  await page.keyboard.press("Enter");
  expect(await isOpen(triggers.nth(count - 1))).toBe(true);
});
