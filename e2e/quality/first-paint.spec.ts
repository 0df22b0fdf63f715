/**
 * Gate: what the first frame of a page waits for. Lighthouse's simulation of a phone counts
 * every request that finished before the largest paint; a web font did (0.8 s of the largest
 * paint on its own), so no page loads one. Headline cards past the first row are laid out
 * and painted only as they near the screen (`content-visibility: auto`): the first frame
 * costs what the screen shows. See docs/benchmarks.md.
 */
import { expect, test } from "../fixtures";
import { ROUTES } from "./routes";

test("no page asks for a web font", async ({ page }, info) => {
  test.skip(info.project.name !== "desktop", "the same build for every viewport");
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fonts.push(request.url());
  });
  for (const route of ROUTES) {
    const response = await page.goto(route.path, { waitUntil: "load" });
    expect(response?.status(), route.path).toBe(route.status);
    const preloads = await page.locator('link[rel="preload"][as="font"]').count();
    expect(preloads, `${route.path}: font preloads`).toBe(0);
  }
  expect(fonts).toEqual([]);
});

for (const path of ["/", "/sports"]) {
  test(`${path}: the first row of cards is in the first frame, the rest wait to be near`, async ({
    page,
  }) => {
    await page.goto(path);
    const cards = page.locator("main li:has(> img)");
    await expect(cards.nth(4)).toBeAttached();
    const contentVisibility = (index: number) =>
      cards.nth(index).evaluate((card) => getComputedStyle(card).contentVisibility);
    // The first row (three cards at the widest layout) is always part of the first frame.
    for (const index of [0, 1, 2]) {
      expect(await contentVisibility(index), `card ${index}`).toBe("visible");
    }
    for (const index of [3, 4])
      expect(await contentVisibility(index), `card ${index}`).toBe("auto");
  });

  test(`${path}: on a phone, a card screens away is painted only when scrolled near`, async ({
    page,
  }, info) => {
    test.skip(info.project.name !== "phone", "at 1280 px the second row is near the first screen");
    await page.goto(path);
    const cards = page.locator("main li:has(> img)");
    // A card's own box stays; what the browser skips is its content: the headline inside is
    // not visible to `checkVisibility({ contentVisibilityAuto: true })` while skipped.
    const painted = (index: number) =>
      cards
        .nth(index)
        .locator("h3")
        .evaluate((heading) => heading.checkVisibility({ contentVisibilityAuto: true }));
    expect(await painted(0)).toBe(true);
    await expect.poll(() => painted(4)).toBe(false);
    await cards.nth(4).scrollIntoViewIfNeeded();
    await expect.poll(() => painted(4)).toBe(true);
    // Once painted it keeps its real height (`contain-intrinsic-size: auto`), not the placeholder's.
    const box = await cards.nth(4).boundingBox();
    expect(box!.height).toBeGreaterThan(300);
  });
}

for (const path of ["/", "/sports"]) {
  test(`${path}: hydrates, and a link is then followed by the client router`, async ({
    page,
  }, info) => {
    test.skip(info.project.name !== "desktop", "the same build for every viewport");
    await page.goto(path);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "FAQ" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Frequently");
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  });
}
