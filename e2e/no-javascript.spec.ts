/**
 * Readers without JavaScript: the header's menus are native <details> until scripts run, and
 * headlines past the limit are collapsed only where scripts run. With scripts off, every
 * section is reachable from the header at 1280 px and 375 px, and every headline shows.
 */
import { expect, test, type Page } from "./fixtures";
import { headerMenu, hydrated } from "./helpers";
import { SECTION_FEEDS } from "./stand-in/catalogue.cjs";
import sampleHeadlines from "./stand-in/sample-headlines.json";

const SECTION_LINKS = [
  ["/local", "Local News"],
  ["/national", "National News"],
  ["/world", "World News"],
  ["/politics", "Politics & Government"],
  ["/business", "Business & Finance"],
  ["/technology", "Technology & Innovation"],
  ["/automotive", "Automotive & Energy"],
  ["/realestate", "Real Estate & Housing"],
  ["/health", "Health & Wellness"],
  ["/sports", "Sports"],
  ["/culture", "Arts & Culture"],
  ["/food", "Food & Dining"],
  ["/lifestyle", "Lifestyle & Fashion"],
  ["/opinion", "Opinion & Editorials"],
  ["/archives", "From the Archives"],
  ["/events", "Local Events"],
] as const;
const MAIN_LINKS = ["/", "/books", "/radio", "/blog", "/partners", "/faq"];

/** Headlines a section's page carries: its sample feeds merged, capped at 15. */
function headlineCount(slug: string): number {
  const feeds = SECTION_FEEDS[slug as keyof typeof SECTION_FEEDS] ?? [];
  const samples = sampleHeadlines as Record<string, unknown[]>;
  return Math.min(
    15,
    feeds.reduce((sum, id) => sum + (samples[id]?.length ?? 0), 0),
  );
}

/** Opens the header's menu for this width and returns where its section links are. */
async function openHeaderMenu(page: Page, isMobile: boolean) {
  const header = page.locator("body > header");
  const summary = page.locator("summary", { hasText: isMobile ? "Menu" : "News" });
  const toggle = header.locator(summary);
  await expect(toggle).toBeVisible();
  const menu = isMobile
    ? page.getByRole("navigation", { name: "Mobile" })
    : header.locator("details", { has: summary });
  await expect(menu.getByRole("link", { name: "Local News" })).toBeHidden();
  await toggle.click();
  await expect(menu.getByRole("link", { name: "Local News" })).toBeVisible();
  return menu;
}

test.describe("with JavaScript disabled", () => {
  test.use({ javaScriptEnabled: false });

  test("the radio plays in the browser's own player, the scripted controls hidden", async ({
    page,
  }) => {
    await page.goto("/radio");
    const player = page.getByRole("main").locator("audio[controls]");
    await expect(player).toBeVisible();
    await expect(player).toHaveAttribute("src", /^\/api\/stream\?port=\d+$/);
    await expect(player).toHaveAttribute("preload", "none");
    await expect(page.getByRole("button", { name: "Play" })).toBeHidden();
    await expect(page.getByRole("slider", { name: "Volume" })).toBeHidden();
  });

  test("every section is reachable from the header", async ({ page, isMobile }) => {
    for (const [href, title] of SECTION_LINKS) {
      await page.goto("/faq");
      const menu = await openHeaderMenu(page, isMobile);
      const hrefs = await menu
        .getByRole("link")
        .filter({ visible: true })
        .evaluateAll((links) => links.map((l) => l.getAttribute("href")));
      for (const link of SECTION_LINKS) expect(hrefs).toContain(link[0]);
      if (isMobile) for (const link of MAIN_LINKS) expect(hrefs).toContain(link);

      await menu.getByRole("link", { name: title, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      // The new page's menu starts closed.
      await expect(
        page.getByRole("link", { name: "Local News" }).filter({ visible: true }),
      ).toHaveCount(0);
    }
  });

  test("the main links are in view without opening anything on a desktop", async ({
    page,
    isMobile,
  }) => {
    test.skip(isMobile, "below 1024 px they are in the menu (the test above)");
    await page.goto("/faq");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const href of MAIN_LINKS) await expect(nav.locator(`a[href="${href}"]`)).toBeVisible();
  });

  test("the header menu opens from the keyboard", async ({ page, isMobile }) => {
    await page.goto("/faq");
    const toggle = page.locator("body > header summary", { hasText: isMobile ? "Menu" : "News" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    if (isMobile) {
      // The search box comes first in the mobile menu.
      await expect(page.getByRole("searchbox").filter({ visible: true })).toBeFocused();
    } else {
      await expect(page.getByRole("link", { name: "Local News" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/local$/);
    }
  });

  test("every headline of every section shows, with no toggle that could not work", async ({
    page,
  }) => {
    for (const [href] of SECTION_LINKS.filter(([href]) => href !== "/events")) {
      const slug = href.slice(1);
      await page.goto(href);
      const cards = page
        .locator("main li")
        .filter({ has: page.getByRole("heading", { level: 3 }) });
      await expect(cards, href).toHaveCount(headlineCount(slug));
      for (const card of await cards.all()) await expect(card, href).toBeVisible();
      await expect(page.getByRole("button", { name: /^See All/ })).toBeHidden();
    }
    expect(headlineCount("sports"), "one section has the full 15").toBe(15);
  });

  test("the home page's Breaking News shows every headline", async ({ page }) => {
    await page.goto("/");
    const breaking = page.locator("section", {
      has: page.getByRole("heading", { name: "Breaking News" }),
    });
    const cards = breaking.getByRole("listitem");
    await expect(cards).toHaveCount(headlineCount("national"));
    await expect(cards.filter({ visible: true })).toHaveCount(headlineCount("national"));
    await expect(breaking.getByRole("button", { name: /^See All/ })).toBeHidden();
  });

  test("the sitemap's recent blog posts show, not a spinner", async ({ page, request }) => {
    // Twice: the second answer comes from the page cache, as most readers get it.
    for (let i = 0; i < 2; i++) expect((await request.get("/sitemap")).status()).toBe(200);
    await page.goto("/sitemap");
    const recent = page.locator("section", {
      has: page.getByRole("heading", { name: "Recent Blog Posts" }),
    });
    // The stand-in host lists 30 posts; the sitemap shows 9 and a link to the rest.
    await expect(recent.getByRole("listitem").filter({ visible: true })).toHaveCount(9);
    await expect(recent.getByRole("link", { name: "View All Blog Posts" })).toBeVisible();
    await expect(page.getByRole("status")).toHaveCount(0);
  });
});

test.describe("with JavaScript", () => {
  test("the header's menus are the server's <details>, kept whole as React hydrates", async ({
    page,
    isMobile,
  }) => {
    // Every element taken out of the header from the first byte on, whoever takes it.
    await page.addInitScript(() => {
      const removed: string[] = [];
      (window as { removedFromHeader?: string[] }).removedFromHeader = removed;
      new MutationObserver((mutations) => {
        for (const mutation of mutations) {
          if (!(mutation.target as Element).closest?.("body > header")) continue;
          for (const node of mutation.removedNodes) {
            if (node.nodeType === Node.ELEMENT_NODE) removed.push((node as Element).outerHTML);
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("/faq");
    const { toggle, menu } = headerMenu(page, isMobile ? "Menu" : "News");
    await hydrated(toggle);
    // Hydrated: the scripts' own behaviour works on the same element.
    if (isMobile) {
      await toggle.click();
      await page.keyboard.press("Escape");
    } else {
      await toggle.hover();
      await expect(menu).toHaveAttribute("open");
      await page.mouse.move(640, 700);
    }
    await expect(menu).not.toHaveAttribute("open");
    const removed = await page.evaluate(
      () => (window as { removedFromHeader?: string[] }).removedFromHeader,
    );
    expect(removed).toEqual([]);
  });

  test("a menu opened before the scripts arrive stays open through hydration, and works", async ({
    context,
    isMobile,
  }) => {
    // A page of the context's own: this file's `page` waits for hydration after each `goto`.
    const page = await context.newPage();
    // The framework's scripts held back until the reader has opened the menu, as on a slow phone.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/_next/static/chunks/*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/faq", { waitUntil: "domcontentloaded" });
    const { toggle, menu } = headerMenu(page, isMobile ? "Menu" : "News");
    await toggle.click();
    await expect(menu).toHaveAttribute("open");
    release();
    await hydrated(toggle);
    await page.waitForLoadState("load");
    await expect(menu).toHaveAttribute("open");
    // The scripts know it is open: a tap or click elsewhere (the News menu) or Escape closes it
    // (a <details> closes on neither by itself). Their listeners are added by effects, which run
    // after hydration marks the element: asked again until they answer, on a busy machine too.
    await expect(async () => {
      if (isMobile) await page.keyboard.press("Escape");
      else await page.mouse.click(640, 700);
      await expect(menu).not.toHaveAttribute("open", { timeout: 500 });
    }).toPass({ timeout: 10_000 });
  });

  test("sports shows 5 headlines, then all 15, then 5 again", async ({ page }) => {
    await page.goto("/sports");
    const visible = page.locator("main li").filter({ visible: true });
    await expect(visible).toHaveCount(5);
    // A click on the server's markup before React has hydrated it is replayed or lost.
    const seeAll = page.getByRole("button", { name: "See All (15 articles)" });
    await hydrated(seeAll);
    await seeAll.click();
    await expect(visible).toHaveCount(15);
    await page.getByRole("button", { name: "Show Less" }).click();
    await expect(visible).toHaveCount(5);
    await expect(page.getByRole("button", { name: "See All (15 articles)" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
  });
});
