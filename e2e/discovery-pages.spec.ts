import { expect, test, type Page } from "./fixtures";
import { blogPosts } from "./stand-in/blog-catalogue.cjs";

/**
 * The human sitemap (/sitemap), against the stand-in: 30 blog posts on the functions host and
 * the sample feeds (search has its own spec, e2e/search.spec.ts). The sitemap's "Failed to
 * load blog posts" branch is covered by components/sitemap/recent-posts-card.test.tsx: the app
 * keeps a last good copy of the list's first page, which the blog tests read before these run.
 */

const POSTS = blogPosts("http://stand-in");

/** Every page the spec's sitemap lists, by category, plus /books, /radio and /archive. */
const CATEGORIES: Record<string, string[]> = {
  "Main Pages": ["/", "/blog", "/archive", "/radio", "/books"],
  "News Sections": ["/local", "/national", "/world", "/politics", "/business", "/sports"],
  "Specialized Coverage": [
    "/technology",
    "/health",
    "/automotive",
    "/realestate",
    "/culture",
    "/food",
    "/lifestyle",
  ],
  "Markets & Opinion": ["/market-news", "/analysis", "/opinion", "/archives"],
  "Community & Resources": ["/events", "/resources", "/faq", "/contact", "/partners"],
  Legal: ["/privacy", "/terms"],
};
const ALL_PATHS = Object.values(CATEGORIES).flat();

const category = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const directoryItems = (page: Page) =>
  page.locator("main section[aria-labelledby^='sitemap-'] li", {
    has: page.locator("[class*='badge']"),
  });
const filter = (page: Page) => page.getByPlaceholder("Search pages...", { exact: true });

/** Types into the filter once React has hydrated it (typing earlier would be lost). */
async function filterFor(page: Page, text: string, expectVisible: number) {
  await expect(async () => {
    await filter(page).fill(text);
    await expect(directoryItems(page)).toHaveCount(expectVisible, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

test.describe("sitemap", () => {
  test("lists every page of the spec by category, with a priority badge", async ({
    page,
    request,
  }) => {
    await page.goto("/sitemap");
    await expect(page).toHaveTitle("Sitemap | The Riverbend Chronicle");
    await expect(page.getByRole("heading", { level: 1, name: "Sitemap" })).toBeVisible();

    for (const [name, paths] of Object.entries(CATEGORIES)) {
      const region = category(page, name);
      await expect(region.getByRole("heading", { level: 2, name })).toBeVisible();
      for (const href of paths) {
        const item = region
          .getByRole("listitem")
          .filter({ has: page.locator(`a[href="${href}"]`) });
        await expect(item).toHaveCount(1);
        await expect(item.locator("[class*='badge']")).toHaveText(/^Priority: (High|Medium|Low)$/);
        await expect(item.locator("[class*='pageDescription']")).not.toBeEmpty();
      }
    }
    await expect(directoryItems(page)).toHaveCount(ALL_PATHS.length);
    await expect(
      category(page, "News Sections").getByRole("listitem").filter({ hasText: "Local News" }),
    ).toContainText("High");
    await expect(category(page, "Legal").getByRole("listitem").first()).toContainText("Low");

    // Without JavaScript the whole list is there: it is in the server's HTML, none hidden.
    const html = await (await request.get("/sitemap")).text();
    for (const href of ALL_PATHS) expect(html).toContain(`href="${href}"`);
    expect(html).toContain('placeholder="Search pages..."');
    expect(html).not.toMatch(/<li[^>]* hidden/);
  });

  test("the filter hides pages and empty categories, and clearing it shows them again", async ({
    page,
  }) => {
    await page.goto("/sitemap");
    await expect(page.getByLabel("Find a page")).toBeVisible();

    // Case-insensitive, on the name.
    await filterFor(page, "PRIVACY", 1);
    await expect(category(page, "Legal")).toBeVisible();
    await expect(directoryItems(page).first()).toContainText("Privacy Policy");
    for (const name of Object.keys(CATEGORIES).filter((title) => title !== "Legal")) {
      await expect(category(page, name)).toHaveCount(0);
    }

    // On the description: "24/7 live stream" describes only the radio page.
    await filterFor(page, "24/7 LIVE", 1);
    await expect(directoryItems(page).first().locator("a")).toHaveAttribute("href", "/radio");
    await expect(category(page, "Main Pages")).toBeVisible();
    await expect(category(page, "Legal")).toHaveCount(0);

    await filterFor(page, "no such page here", 0);
    await expect(page.getByText("No pages match “no such page here”.")).toBeVisible();
    await expect(category(page, "Main Pages")).toHaveCount(0);

    await filterFor(page, "", ALL_PATHS.length);
    await expect(page.getByText(/No pages match/)).toHaveCount(0);
    for (const name of Object.keys(CATEGORIES)) await expect(category(page, name)).toBeVisible();
  });

  test("recent blog posts: nine of the 30, the total, and View All Blog Posts", async ({
    page,
  }) => {
    await page.goto("/sitemap");
    const recent = category(page, "Recent Blog Posts");
    await expect(recent).toBeVisible();
    await expect(recent.locator("[class*='total']")).toHaveText("30 posts in all");
    const links = recent.locator("ul a");
    await expect(links).toHaveCount(9);
    await expect(links).toHaveText(POSTS.slice(0, 9).map((post) => post.metaTitle));
    await expect(links.first()).toHaveAttribute("href", `/blog/${POSTS[0]!.slug}`);
    const viewAll = recent.getByRole("link", { name: "View All Blog Posts" });
    await expect(viewAll).toHaveAttribute("href", "/blog");
    await expect(recent.getByText("Failed to load blog posts")).toHaveCount(0);
  });

  test("quick links to the machine-readable views", async ({ page }) => {
    await page.goto("/sitemap");
    const quick = category(page, "Quick Links");
    for (const href of ["/sitemap.xml", "/robots.txt", "/llm.txt", "/rss"]) {
      await expect(quick.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
  });
});
