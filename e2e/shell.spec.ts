import { expect, test } from "./fixtures";
import { headerMenu, hydrated } from "./helpers";

const NEWS_LINKS = [
  "/local",
  "/national",
  "/world",
  "/politics",
  "/business",
  "/technology",
  "/automotive",
  "/realestate",
  "/health",
  "/sports",
  "/culture",
  "/food",
  "/lifestyle",
  "/opinion",
  "/archives",
  "/events",
];

test.describe("desktop header", () => {
  test.skip(({ isMobile }) => isMobile, "desktop layout only");

  test("the main navigation links", async ({ page }) => {
    await page.goto("/faq");
    const nav = page.getByRole("navigation", { name: "Main" });
    const links = [
      ["Home", "/"],
      ["Books", "/books"],
      ["Radio", "/radio"],
      ["Blog", "/blog"],
      ["Partners", "/partners"],
      ["FAQ", "/faq"],
    ] as const;
    for (const [name, href] of links) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
  });

  test("the News dropdown opens on hover and closes on leave", async ({ page }) => {
    await page.goto("/faq");
    const { toggle, menu } = headerMenu(page, "News");
    const panel = menu.getByRole("list");
    await expect(panel).toBeHidden();
    await hydrated(toggle);
    await toggle.hover();
    await expect(menu).toHaveAttribute("open");
    await expect(panel).toBeVisible();
    const hrefs = await panel
      .getByRole("link")
      .evaluateAll((links) => links.map((l) => l.getAttribute("href")));
    expect(hrefs).toEqual(NEWS_LINKS);
    // Moving into the panel keeps it open; leaving closes it.
    await panel.getByRole("link", { name: "Sports" }).hover();
    await expect(panel).toBeVisible();
    await page.mouse.move(640, 700);
    await expect(panel).toBeHidden();
    await expect(menu).not.toHaveAttribute("open");
    // A click on the summary its hover opened keeps it open; a click elsewhere closes it.
    await toggle.click();
    await expect(menu).toHaveAttribute("open");
    await page.mouse.click(640, 700);
    await expect(menu).not.toHaveAttribute("open");
  });

  test("the News dropdown works from the keyboard", async ({ page }) => {
    await page.goto("/faq");
    const { toggle, menu } = headerMenu(page, "News");
    await hydrated(toggle);
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("open");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Local News" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).not.toHaveAttribute("open");
    await expect(toggle).toBeFocused();
    // Tabbing out of an open menu closes it.
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("open");
    for (let i = 0; i < NEWS_LINKS.length + 1; i++) await page.keyboard.press("Tab");
    await expect(menu).not.toHaveAttribute("open");
  });

  test("the search form is a GET form to /search with q", async ({ page }) => {
    await page.goto("/faq");
    const form = page.getByRole("navigation", { name: "Main" }).getByRole("search");
    await expect(form).toHaveAttribute("action", "/search");
    await expect(form).toHaveAttribute("method", "get");
    await expect(form.getByRole("searchbox", { name: "Search the site" })).toHaveAttribute(
      "name",
      "q",
    );
  });
});

test.describe("mobile menu", () => {
  test.skip(({ isMobile }) => !isMobile, "phone layout only");

  test("toggles, lists every link, and closes when a link is clicked", async ({ page }) => {
    await page.goto("/faq");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const { toggle, menu: details } = headerMenu(page, "Menu");
    await expect(toggle).toHaveAccessibleName("Menu");
    await expect(details).not.toHaveAttribute("open");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeHidden();

    await hydrated(toggle);
    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(details).toHaveAttribute("open");
    await expect(toggle).toHaveAccessibleName("Close");
    for (const href of [...NEWS_LINKS, "/", "/books", "/radio", "/blog", "/partners", "/faq"]) {
      await expect(menu.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
    await expect(menu.getByRole("search")).toHaveAttribute("action", "/search");

    // Followed in the app (no new document), the link closes the menu it was in.
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    await menu.getByRole("link", { name: "Books" }).click();
    await expect(page).toHaveURL(/\/books$/);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    await expect(menu).toBeHidden();
    await expect(details).not.toHaveAttribute("open");
    await expect(toggle).toHaveAccessibleName("Menu");

    // Escape closes it too, even pressed at once: the browser opens a <details> a task
    // before React hears of it.
    await toggle.click();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(details).not.toHaveAttribute("open");
  });

  test("the page reads at 375 px without horizontal scrolling", async ({ page }) => {
    for (const path of ["/", "/books", "/faq", "/contact", "/partners", "/market-news"]) {
      await page.goto(path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test("the fixed header does not cover the page heading", async ({ page }) => {
  await page.goto("/faq");
  const header = await page.locator("body > header").boundingBox();
  const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
  expect(header && heading && heading.y >= header.y + header.height).toBeTruthy();
  const position = await page
    .locator("body > header")
    .evaluate((el) => getComputedStyle(el).position);
  expect(position).toBe("fixed");
});

test("footer: legal links, nine sections, partners and socials in new tabs, network statement", async ({
  page,
}) => {
  await page.goto("/faq");
  const footer = page.locator("footer").last();
  await expect(footer.locator('a[href="/privacy"]')).toHaveCount(1);
  await expect(footer.locator('a[href="/terms"]')).toHaveCount(1);
  for (const slug of [
    "local",
    "national",
    "world",
    "politics",
    "business",
    "technology",
    "sports",
    "culture",
    "opinion",
  ]) {
    await expect(footer.locator(`a[href="/${slug}"]`)).toHaveCount(1);
  }
  const external = footer.locator('a[href^="http"]');
  await expect(external).toHaveCount(6);
  for (const link of await external.all()) {
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  }
  await expect(footer).toContainText("3,000 publications");
});

test("links fetch nothing until followed: no prefetch of the pages in view", async ({ page }) => {
  // A prefetch here brings only the route's tree (pages are rendered per publication) and the
  // click fetches the whole page anyway; on a phone each was requests and main-thread work
  // during start-up, and it set the page's time to interactive (docs/benchmarks.md).
  const prefetches: string[] = [];
  page.on("request", (request) => {
    if (request.headers()["next-router-prefetch"]) prefetches.push(request.url());
  });
  await page.goto("/");
  await hydrated(page.locator("body > header a").first());
  for (let y = 0; y < 20; y++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(50);
  }
  const footerSports = page.locator("footer").last().locator('a[href="/sports"]');
  await footerSports.hover();
  await page.waitForTimeout(1_500);
  expect(prefetches).toEqual([]);

  // Followed, a link still navigates within the app.
  const navigation = page.waitForRequest((request) => request.url().includes("_rsc="));
  await footerSports.click();
  await navigation;
  await expect(page).toHaveURL(/\/sports$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sports");
});
