/**
 * Gate: what the first frame of a page waits for. Lighthouse's simulation of a phone counts
 * every request that finished before the largest paint; a web font did (0.8 s of the largest
 * paint on its own), so no page loads one. Headline cards past the first row are laid out
 * and painted only as they near the screen (`content-visibility: auto`): the first frame
 * costs what the screen shows. On a phone the first screen is headlines with thumbnails, whole
 * at the first paint: no photo the width of the screen is its largest paint, arriving a
 * request later. See docs/benchmarks.md.
 */
import { expect, test } from "../fixtures";
import { pathOf, ROUTES } from "./routes";

test("no page asks for a web font", async ({ page }, info) => {
  test.skip(info.project.name !== "desktop", "the same build for every viewport");
  // Every route loaded in turn (the archive's month and day waited for, up to 30 s): the
  // default 30 s is one page's time, not 35 pages' on a shared machine.
  test.setTimeout(120_000);
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fonts.push(request.url());
  });
  for (const route of ROUTES) {
    const response = await page.goto(await pathOf(route, page.request), { waitUntil: "load" });
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

  test(`${path}: on a phone the first screen is whole at its first paint: its largest paint is a headline, its photos thumbnails`, async ({
    page,
  }, info) => {
    test.skip(info.project.name !== "phone", "from 640 px the cards carry their photos on top");
    await page.goto(path, { waitUntil: "load" });
    const cards = page.locator("main li:has(> img)");
    // The lead card starts on the first screen (after the page's title and an ad), its photo a
    // thumbnail beside its headline; so are the photos of the cards after it.
    const lead = await cards.nth(0).boundingBox();
    expect(lead!.y).toBeLessThan(812 - 40);
    for (const index of [0, 1, 2]) {
      const photo = await cards.nth(index).locator("img").boundingBox();
      const heading = await cards.nth(index).locator("h3").boundingBox();
      expect(photo!.width, `photo ${index}`).toBeLessThan(375 / 3);
      expect(photo!.x, `photo ${index} beside its headline`).toBeGreaterThan(
        heading!.x + heading!.width,
      );
    }
    // Every photo of the first screen has come, so none of them could still become the
    // largest paint.
    await page.waitForFunction(() =>
      [...document.images]
        .filter((image) => {
          const box = image.getBoundingClientRect();
          return box.height > 0 && box.top < innerHeight;
        })
        .every((image) => image.complete),
    );
    const largest = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as Array<PerformanceEntry & { element?: Element }>;
            resolve(entries.at(-1)?.element?.tagName ?? "none");
          }).observe({ type: "largest-contentful-paint", buffered: true });
        }),
    );
    expect(["H1", "H2", "H3", "P"]).toContain(largest);
  });
}

test.describe("without scripts, every card of a section shows", () => {
  test.use({ javaScriptEnabled: false });
  for (const path of ["/", "/sports"]) {
    test(`${path}: on a phone, a card screens away is painted only when scrolled near`, async ({
      page,
    }, info) => {
      test.skip(
        info.project.name !== "phone",
        "at 1280 px the second row is near the first screen",
      );
      await page.goto(path);
      const cards = page.locator("main li:has(> img)");
      // The last card of the home page's list (the cards after it are the sections' links).
      const far = 8;
      // A card's own box stays; what the browser skips is its content: the headline inside is
      // not visible to `checkVisibility({ contentVisibilityAuto: true })` while skipped.
      const painted = (index: number) =>
        cards
          .nth(index)
          .locator("h3")
          .evaluate((heading) => heading.checkVisibility({ contentVisibilityAuto: true }));
      expect(await painted(0)).toBe(true);
      await expect.poll(() => painted(far)).toBe(false);
      const placeholder = await cards
        .nth(far)
        .evaluate((card) => card.getBoundingClientRect().height);
      await cards.nth(far).scrollIntoViewIfNeeded();
      await expect.poll(() => painted(far)).toBe(true);
      // Once painted it has its real height (`contain-intrinsic-size: auto`), the height of
      // what it holds, not the placeholder's.
      const real = await cards.nth(far).evaluate((card) => {
        const style = getComputedStyle(card);
        const inner = [...card.children].reduce(
          (tallest, child) => Math.max(tallest, child.getBoundingClientRect().height),
          0,
        );
        return {
          height: card.getBoundingClientRect().height,
          content:
            inner +
            parseFloat(style.paddingTop) +
            parseFloat(style.paddingBottom) +
            parseFloat(style.borderTopWidth) +
            parseFloat(style.borderBottomWidth),
        };
      });
      expect(Math.abs(real.height - real.content)).toBeLessThan(2);
      expect(real.height).not.toBeCloseTo(placeholder, 0);
    });
  }
});

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
