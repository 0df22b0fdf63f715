import { expect, test } from "./fixtures";

test("about 100 questions, every answer in the HTML, one open at a time", async ({
  page,
  request,
}) => {
  // Without JavaScript the answers are still in the document for readers and crawlers.
  const html = await (await request.get("/faq")).text();
  expect(html).toContain("How often are the headlines updated");

  await page.goto("/faq");
  const triggers = page.locator("main h3 > button[aria-expanded]");
  const count = await triggers.count();
  expect(count).toBeGreaterThanOrEqual(95);
  expect(count).toBeLessThanOrEqual(105);

  const first = triggers.nth(0);
  const second = triggers.nth(1);
  await expect(first).toHaveAttribute("aria-expanded", "false");
  await first.click();
  await expect(first).toHaveAttribute("aria-expanded", "true");
  const firstPanel = page.locator(`#${await first.getAttribute("aria-controls")}`);
  await expect(firstPanel).toBeVisible();

  // Single-open: opening the second closes the first.
  await second.click();
  await expect(second).toHaveAttribute("aria-expanded", "true");
  await expect(first).toHaveAttribute("aria-expanded", "false");
  await expect(firstPanel).toBeHidden();

  // Collapsible: the open item closes again.
  await second.click();
  await expect(second).toHaveAttribute("aria-expanded", "false");
  await expect(page.locator('main h3 > button[aria-expanded="true"]')).toHaveCount(0);
});

test("the accordion answers to Home, End and the arrow keys", async ({ page }) => {
  await page.goto("/faq");
  const triggers = page.locator("main h3 > button[aria-expanded]");
  const count = await triggers.count();
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
  await expect(triggers.nth(count - 1)).toHaveAttribute("aria-expanded", "true");
});
