import { readFileSync } from "node:fs";
import path from "node:path";
import { appEnv } from "./env.cjs";
import { expect, test, type Page } from "./fixtures";
import { archiveFilled, startTier } from "./helpers";
import { freePort, startInstance, type Instance } from "./redis/instances.cjs";
import { blogPosts } from "./stand-in/blog-catalogue.cjs";

/**
 * /search over the archive, against the stand-in's feeds and blog: words, filters, order,
 * pages, what is said when nothing is found, hostile text, and the 503 while the archive is
 * away (an instance of its own whose archive is a PostgreSQL that is not there).
 */

const POSTS = blogPosts("http://stand-in");
const SAMPLES = JSON.parse(
  readFileSync(path.join(__dirname, "stand-in", "sample-headlines.json"), "utf8"),
) as Record<string, { title: string; description: string }[]>;
const ROBOTICS = SAMPLES.local!.find((item) => item.title.includes("Robotics"))!;
const UNAVAILABLE = "Search is unavailable right now. Please try again later.";

const searchBox = (page: Page) =>
  page.getByRole("searchbox", { name: "Search every headline and the blog" });
/** The results' heading ("3 results for “council”") or the nothing-found one. */
const resultsHeading = (page: Page) => page.locator("main h2#search-results");
const results = (page: Page) => page.locator("main ol[start] > li");
/**
 * The heading's count in any of its forms: exact, capped, or "About 240 results" when the count
 * ran past its budget (COUNT_BUDGET_MS: 30 ms, which a busy machine's count of a common word
 * can pass; lib/archive-pages/search.test.ts holds each form to its case).
 */
const countPattern = (q: string) =>
  new RegExp(`^(1 result|(About )?[\\d,]+ results|More than 1,000 results) for “${q}”$`);

test.beforeAll(async ({ request }) => {
  await archiveFilled(request);
});

test.describe("search", () => {
  test("a word of a headline finds it, linking out in a new tab, the word marked", async ({
    page,
  }) => {
    await page.goto("/search?q=robotics");
    await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
    await expect(searchBox(page)).toHaveValue("robotics");
    await expect(resultsHeading(page)).toHaveText(countPattern("robotics"));
    const hit = results(page).filter({ hasText: ROBOTICS.title });
    await expect(hit).toHaveCount(1);
    const link = hit.getByRole("link", { name: new RegExp(ROBOTICS.title) });
    await expect(link).toHaveAttribute("href", /^https:\/\/news\.example\.com\/local\//);
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await expect(hit.getByRole("link", { name: "Local News" })).toHaveAttribute("href", "/local");
    await expect(hit.locator("mark").first()).toHaveText(/^robotics$/i);
    // The source, without www., and the date in the publication's zone.
    await expect(hit).toContainText("news.example.com");
    await expect(hit.locator("time")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  });

  test("a stemmed form of a word finds it too", async ({ page }) => {
    await page.goto("/search?q=championships");
    const hit = results(page).filter({ hasText: ROBOTICS.title });
    await expect(hit).toHaveCount(1);
    await expect(hit.locator("mark").first()).toHaveText(/^championship$/i);
  });

  test("a phrase finds its words standing together, stemmed, and not the same words apart", async ({
    page,
  }) => {
    // Asked of the embedded archive's index of word pairs (lib/archive/sqlite/pairs.ts).
    for (const q of ['"robotics team qualifies"', '"robotic teams"']) {
      await page.goto(`/search?q=${encodeURIComponent(q)}`);
      await expect(resultsHeading(page)).toHaveText(countPattern(q));
      await expect(results(page).filter({ hasText: ROBOTICS.title })).toHaveCount(1);
    }
    const apart = '"team robotics"';
    await page.goto(`/search?q=${encodeURIComponent(apart)}`);
    await expect(resultsHeading(page)).toHaveText(`No results for “${apart}”`);
  });

  test("a word from a blog post finds the post, whatever its case, under Blog", async ({
    page,
  }) => {
    const post = POSTS.find((entry) => entry.metaTitle.startsWith("Orchard"))!;
    for (const q of ["orchard", "ORCHARD", "oRcHaRd"]) {
      await page.goto(`/search?q=${encodeURIComponent(q)}`);
      await expect(resultsHeading(page)).toHaveText(countPattern(q));
      const hit = results(page).filter({ hasText: post.metaTitle });
      await expect(hit.getByRole("link", { name: post.metaTitle })).toHaveAttribute(
        "href",
        `/blog/${post.slug}`,
      );
      await expect(hit.getByRole("link", { name: "Blog", exact: true })).toHaveAttribute(
        "href",
        "/blog",
      );
    }
  });

  test("a word only in posts' bodies finds every listed post once the list is read, none opened", async ({
    request,
  }) => {
    // Read the way a crawler reads the list: no browser, so nothing prefetches a post.
    for (const page of [1, 2, 3])
      expect((await request.get(page === 1 ? "/blog" : `/blog/page/${page}`)).status()).toBe(200);
    const listing = (post: (typeof POSTS)[number]) =>
      `${post.metaTitle} ${post.metaDescription} ${post.shortTailKeywords} ${post.longTailKeywords}`;
    const bodyOnly = POSTS.filter(
      (post) => /\bparagraph\b/i.test(post.blog) && !/paragraph/i.test(listing(post)),
    );
    expect(bodyOnly.length).toBeGreaterThan(20);
    await expect
      .poll(
        async () => {
          const html = await (await request.get("/search?q=paragraph&section=blog")).text();
          return /([\d,]+) results? for/.exec(html)?.[1] ?? "0";
        },
        { timeout: 20_000 },
      )
      .toBe(String(bodyOnly.length));
  });

  test("filters by section and dates, each kept in the form", async ({ page }) => {
    await page.goto("/search?q=robotics&section=local&sort=newest");
    await expect(results(page).filter({ hasText: ROBOTICS.title })).toHaveCount(1);
    await expect(page.getByLabel("Section")).toHaveValue("local");
    await expect(page.getByLabel("Order")).toHaveValue("newest");

    await page.goto("/search?q=robotics&section=sports");
    await expect(resultsHeading(page)).toHaveText("No results for “robotics”");
    await page.getByRole("link", { name: "every section" }).click();
    await expect(page).toHaveURL(/\/search\?q=robotics$/);
    await expect(results(page).filter({ hasText: ROBOTICS.title })).toHaveCount(1);

    await page.goto("/search?q=robotics&from=2001-01-01&to=2001-01-31");
    await expect(page.getByLabel("From")).toHaveValue("2001-01-01");
    await expect(page.getByLabel("To")).toHaveValue("2001-01-31");
    await expect(resultsHeading(page)).toHaveText("No results for “robotics”");
    await page.getByRole("link", { name: "search every date" }).click();
    await expect(page).toHaveURL(/\/search\?q=robotics$/);
    await expect(results(page)).not.toHaveCount(0);

    // Either date alone is a range too.
    await page.goto("/search?q=robotics&from=2001-01-01");
    await expect(results(page).filter({ hasText: ROBOTICS.title })).toHaveCount(1);
  });

  test("newest first orders by date; pages of 20 link on, keeping the whole search", async ({
    page,
  }) => {
    await page.goto("/search?q=the&sort=newest&section=");
    await expect(resultsHeading(page)).toHaveText(countPattern("the"));
    await expect(results(page)).toHaveCount(20);
    const moments = await results(page)
      .locator("time")
      .evaluateAll((times) => times.map((time) => Date.parse(time.getAttribute("datetime")!)));
    // Newest first to the second (the archive orders by its ids, which hold the second).
    const seconds = moments.map((moment) => Math.floor(moment / 1000));
    expect(seconds).toEqual([...seconds].sort((a, b) => b - a));

    const pages = page.getByRole("navigation", { name: "Result pages" });
    await expect(pages.getByRole("link", { name: "Page 1", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await pages.getByRole("link", { name: "Next →" }).click();
    await expect(page).toHaveURL(/\/search\?q=the&sort=newest&page=2$/);
    await expect(page.locator("main ol[start]")).toHaveAttribute("start", "21");
    await expect(page.getByLabel("Order")).toHaveValue("newest");
    await expect(pages.getByRole("link", { name: "← Previous" })).toHaveAttribute(
      "href",
      "/search?q=the&sort=newest",
    );
  });

  test("a misspelt word is answered with the archive's own spelling", async ({ page }) => {
    await page.goto("/search?q=robotcs");
    await expect(resultsHeading(page)).toHaveText("No results for “robotcs”");
    const suggestion = page.getByRole("link", { name: "robotics" });
    await expect(suggestion).toHaveAttribute("href", "/search?q=robotics");
    await suggestion.click();
    await expect(results(page).filter({ hasText: ROBOTICS.title })).toHaveCount(1);
  });

  test("an empty query asks for words; a query that matches nothing says so and helps", async ({
    page,
  }) => {
    await page.goto("/search");
    await expect(page.getByText(/Type a word or two above/)).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "archive" })).toHaveAttribute(
      "href",
      "/archive",
    );
    await expect(resultsHeading(page)).toHaveCount(0);

    await page.goto("/search?q=%20%20%20");
    await expect(page.getByText(/Type a word or two above/)).toBeVisible();

    await page.goto("/search?q=zzqqxx+wwyyvv");
    await expect(resultsHeading(page)).toHaveText("No results for “zzqqxx wwyyvv”");
    await expect(page.getByText("Try fewer words.")).toBeVisible();
  });

  test("bad parameters are named on the page and ignored", async ({ page }) => {
    await page.goto("/search?q=robotics&section=nope&from=abc&to=2026-02-30&sort=best&page=x");
    const main = page.getByRole("main");
    await expect(main).toContainText("There is no section “nope”: showing every section.");
    await expect(main).toContainText(
      "“abc” is not a date (YYYY-MM-DD): the start date is ignored.",
    );
    await expect(main).toContainText(
      "“2026-02-30” is not a date (YYYY-MM-DD): the end date is ignored.",
    );
    await expect(main).toContainText("“best” is not an order: showing the best matches first.");
    await expect(results(page).filter({ hasText: ROBOTICS.title })).toHaveCount(1);
  });

  test("a hostile query is shown as text and runs nothing", async ({ page, request }) => {
    const hostile = `<script>alert(1)</script>"'`;
    let dialogs = 0;
    page.on("dialog", async (dialog) => {
      dialogs += 1;
      await dialog.dismiss();
    });
    await page.goto(`/search?q=${encodeURIComponent(hostile)}`);
    await expect(resultsHeading(page)).toHaveText(`No results for “${hostile}”`);
    await expect(searchBox(page)).toHaveValue(hostile);
    await expect(page.locator("main script")).toHaveCount(0);
    expect(dialogs).toBe(0);

    const html = await (await request.get(`/search?q=${encodeURIComponent(hostile)}`)).text();
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  test("engine syntax, control characters, 10 kB, other scripts and emoji: a page, never a 5xx", async ({
    request,
  }) => {
    const queries = [
      '"unclosed phrase',
      '"robotics team"',
      "robot*",
      "title:robotics",
      "^robotics",
      "robotics NEAR team",
      "NEAR(robotics team)",
      "(robotics OR team) AND -",
      "robotics -team",
      "robotics OR zzqqxx",
      "' OR 1=1; DROP TABLE items; --",
      "\u0000\u0007robotics\u001b",
      "x".repeat(10_000),
      "робот 机器人 روبوت",
      "🤖🎉",
      "-",
      '"',
      "OR",
    ];
    for (const q of queries) {
      const response = await request.get(`/search?q=${encodeURIComponent(q)}`);
      expect(response.status(), q.slice(0, 40)).toBe(200);
      expect(await response.text(), q.slice(0, 40)).toMatch(/id="search-results"|Type a word/);
    }
  });

  test("a repeated q uses the first value", async ({ page }) => {
    await page.goto("/search?q=orchard&q=zzqqxx");
    await expect(resultsHeading(page)).toHaveText(countPattern("orchard"));
  });

  test("a 300-character query is cut to 200", async ({ page }) => {
    const long = "a".repeat(150) + "b".repeat(150);
    const capped = "a".repeat(150) + "b".repeat(50);
    await page.goto(`/search?q=${long}`);
    await expect(resultsHeading(page)).toHaveText(`No results for “${capped}”`);
    await expect(searchBox(page)).toHaveValue(capped);
  });

  test("is kept out of search indexes, with its canonical address, and never cached", async ({
    request,
  }) => {
    const response = await request.get("/search?q=council");
    const html = await response.text();
    const robots = html.match(/<meta name="robots"[^>]*>/g);
    expect(robots).toEqual(['<meta name="robots" content="noindex, follow"/>']);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/search"\/>/);
    expect(response.headers()["cache-control"]).toMatch(/no-store/);
  });
});

test.describe("search without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form sends the words and the filters; the result pages are plain links", async ({
    page,
  }) => {
    await page.goto("/search");
    await searchBox(page).fill("robotics");
    await page.getByLabel("Section").selectOption("local");
    await page.getByLabel("Order").selectOption("newest");
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=robotics&section=local&from=&to=&sort=newest$/);
    await expect(results(page).filter({ hasText: ROBOTICS.title })).toHaveCount(1);
    await expect(page.getByLabel("Section")).toHaveValue("local");

    await page.goto("/search?q=the");
    await page
      .getByRole("navigation", { name: "Result pages" })
      .getByRole("link", { name: "Page 2", exact: true })
      .click();
    await expect(page).toHaveURL(/\/search\?q=the&page=2$/);
    await expect(page.locator("main ol[start]")).toHaveAttribute("start", "21");
  });
});

test.describe("search with the archive away", () => {
  test.skip(({ isMobile }) => isMobile, "the same answers at any width");
  test.describe.configure({ timeout: 90_000 });

  let app: Instance | undefined;
  let tier: { stop(): void } | undefined;
  let tierUrl = "";
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    const port = await freePort();
    app = await startInstance({
      port,
      env: {
        ...appEnv({ siteUrl: `http://127.0.0.1:${port}`, feedRevalidateSeconds: 300 }),
        // A PostgreSQL no one listens on: the archive cannot answer.
        DATABASE_URL: "postgres://riverbend@127.0.0.1:9/archive",
      },
    });
    // The cache tier in front of it, as `npm run start:cached` runs it.
    const tierPort = await freePort();
    tierUrl = `http://127.0.0.1:${tierPort}`;
    tier = await startTier(tierPort, port);
  });
  test.afterAll(async () => {
    tier?.stop();
    await app?.cleanup();
  });

  test("/search answers 503, says so in the site's layout, and no one stores it", async () => {
    for (const path of ["/search?q=council", "/search"]) {
      const response = await fetch(`${app!.url}${path}`);
      expect(response.status, path).toBe(503);
      expect(response.headers.get("cache-control"), path).toMatch(/no-store/);
      const html = await response.text();
      expect(html, path).toContain(UNAVAILABLE);
      expect(html, path).toContain('<a href="#main" class="skip-link">Skip to content</a>');
      expect(html, path).toMatch(/<footer/);
    }
  });

  test("through the cache tier too: 503 each time, never a stored copy", async () => {
    expect((await fetch(`${tierUrl}/sports`)).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${tierUrl}/search?q=council`);
      expect(response.status).toBe(503);
      expect(response.headers.get("cache-control")).toMatch(/no-store/);
      expect(response.headers.get("x-cache-status")).toBeNull();
      expect(await response.text()).toContain(UNAVAILABLE);
    }
  });

  test("every other page stays 200; the archive's pages say it is unavailable", async () => {
    for (const path of ["/", "/sports", "/blog", "/terms", "/sitemap", "/sitemap.xml"]) {
      expect((await fetch(`${app!.url}${path}`)).status, path).toBe(200);
    }
    const archive = await fetch(`${app!.url}/archive`);
    expect(archive.status).toBe(200);
    const html = await archive.text();
    expect(html).toContain("The archive is unavailable right now.");
    expect(html).toContain("Please try again later.");
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
  });
});
