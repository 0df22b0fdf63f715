import { expect, test, type Page } from "./fixtures";
import { REVALIDATE_SECRET } from "./env.cjs";
import {
  BLOG_KEY,
  COMPLETE_SLUG,
  HOSTILE_SLUG,
  PLAIN_SLUG,
  blogPosts,
  unlistedPosts,
} from "./stand-in/blog-catalogue.cjs";
import { standIn } from "./stand-in/control";
import { isPhone } from "./helpers";

/**
 * The blog against the stand-in functions host (30 posts, e2e/stand-in/blog-catalogue.cjs).
 * The app caches what it reads and keeps a last good copy, so the failure tests use
 * addresses the app has never read.
 */
const POSTS = blogPosts("http://stand-in");
const GET_DETAILS = "/functions/v1/get_details";
const GET_METAINFO = "/functions/v1/get_metainfo";

const cards = (page: Page) =>
  page.locator("main ul li", { has: page.getByRole("link", { name: /Read Article/ }) });
/** The page's own error box (Next's route announcer is an empty alert too). */
const errorBox = (page: Page) => page.locator("main [role=alert]");
const pagination = (page: Page) => page.getByRole("navigation", { name: "Blog pages" });

test.afterEach(async () => {
  await standIn.clear(GET_DETAILS);
  await standIn.clear(GET_METAINFO);
});

// First in the file on purpose: the list's last page has not been read yet (the human
// sitemap reads page 1 only), so no good copy of it exists.
test("list: host down before the first read shows the spec's error", async ({ page }, info) => {
  test.skip(info.project.name !== "desktop", "needs a list page the app has never read");
  await standIn.override(GET_METAINFO, { mode: "status", status: 500, body: "boom" });
  const response = await page.goto("/blog/page/3");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  await expect(errorBox(page)).toContainText("Failed to fetch blogs");
  await expect(errorBox(page)).toContainText("Please try again later.");
  await standIn.clear(GET_METAINFO);
  // The error page lives only briefly; once the host is back the list appears. On every list
  // page read while the host was down: the client router prefetched /blog from the header's
  // link, and the next test must not meet that page's stale error.
  for (const address of ["/blog/page/3", "/blog"]) {
    await expect(async () => {
      await page.goto(address);
      await expect(page.getByText("30 articles available")).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
  }
});

test("list: 30 articles over three pages of 12, numbered, with real links", async ({ page }) => {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  await expect(page.getByText("30 articles available")).toBeVisible();
  await expect(cards(page)).toHaveCount(12);

  const first = cards(page).first();
  await expect(first.getByRole("heading")).toHaveText(POSTS[0]!.metaTitle);
  await expect(first.getByText(POSTS[0]!.metaDescription)).toBeVisible();
  await expect(first.locator("img")).toHaveAttribute("src", /logo-0\.svg$/);
  await expect(first.getByRole("link", { name: /Read Article/ })).toHaveAttribute(
    "href",
    `/blog/${POSTS[0]!.slug}`,
  );
  // A card without a logo has no image.
  const noLogo = POSTS.slice(0, 12).findIndex((post) => !post.logo);
  await expect(cards(page).nth(noLogo).locator("img")).toHaveCount(0);

  const nav = pagination(page);
  await expect(nav.getByText("← Previous")).toHaveAttribute("aria-disabled", "true");
  await expect(nav.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: /^Page \d+$/ })).toHaveText(["1", "2", "3"]);
  await expect(nav.getByRole("link", { name: "Page 2" })).toHaveAttribute("href", "/blog/page/2");

  // Moving to another page lands at the top.
  await nav.getByRole("link", { name: "Next →" }).click();
  await expect(page).toHaveURL(/\/blog\/page\/2$/);
  await expect(pagination(page).getByRole("link", { name: "Page 2" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(cards(page).first().getByRole("heading")).toHaveText(POSTS[12]!.metaTitle);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await pagination(page).getByRole("link", { name: "Page 3" }).click();
  await expect(page).toHaveURL(/\/blog\/page\/3$/);
  await expect(cards(page)).toHaveCount(6);
  await expect(pagination(page).getByText("Next →")).toHaveAttribute("aria-disabled", "true");
  await expect(pagination(page).getByRole("link", { name: "← Previous" })).toHaveAttribute(
    "href",
    "/blog/page/2",
  );
});

test("list: the functions host gets the bearer key, the domain and the page", async ({
  request,
}) => {
  // Expire the blog's cache so the list is read from the host again.
  await request.post("/api/revalidate", { headers: { "x-revalidate-secret": REVALIDATE_SECRET } });
  expect((await request.get("/blog/page/2")).status()).toBe(200);
  const seen = await standIn.lastRequest("get_metainfo");
  expect(seen?.authorization).toBe(`Bearer ${BLOG_KEY}`);
  // SITE_URL is http://127.0.0.1:<port> in tests: the domain is its host name.
  expect(seen?.query.domain).toBe("127.0.0.1");
  expect(Number(seen?.query.page)).toBeGreaterThanOrEqual(1);
});

test("list: old ?page= addresses redirect to the page's own address", async ({ request }) => {
  const cases: [string, string][] = [
    ["/blog?page=2", "/blog/page/2"],
    ["/blog?page=3&utm_source=x", "/blog/page/3"],
    ["/blog?page=1", "/blog"],
    ["/blog/page/1", "/blog"],
  ];
  // Values that are not pages go to page 1.
  for (const value of ["0", "-1", "abc", "1e309", "3.5", "02", "%20", "99999", "2%00"]) {
    cases.push([`/blog?page=${value}`, "/blog"]);
  }
  for (const [from, to] of cases) {
    const response = await request.get(from, { maxRedirects: 0 });
    expect(response.status(), from).toBe(308);
    const locations = response.headersArray().filter((h) => h.name.toLowerCase() === "location");
    expect(
      locations.map(
        (h) => new URL(h.value, "http://x").pathname + new URL(h.value, "http://x").search,
      ),
      from,
    ).toEqual([to]);
  }
});

test("list: page addresses that are not pages, or past the end, answer 404", async ({
  request,
}) => {
  const second = await request.get("/blog/page/2");
  expect(second.status()).toBe(200);
  expect(await second.text()).toContain("30 articles available");
  for (const path of ["/blog/page/4", "/blog/page/0", "/blog/page/02", "/blog/page/abc"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain("Oops! Page not found");
  }
});

test("post: every part, in order, with metadata and JSON-LD", async ({ page }) => {
  const post = POSTS.find((entry) => entry.slug === COMPLETE_SLUG)!;
  const response = await page.goto(`/blog/${COMPLETE_SLUG}`);
  expect(response?.status()).toBe(200);
  const article = page.locator("article");

  await expect(article.getByRole("link", { name: "Back to Blog" })).toHaveAttribute(
    "href",
    "/blog",
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.metaTitle);
  await expect(article.locator("header time")).toHaveText("October 30, 2026");
  await expect(article.getByRole("list", { name: "Keywords" }).getByRole("listitem")).toHaveText([
    "printing",
    "presses",
    "newsroom",
  ]);
  await expect(article.getByText(post.metaDescription)).toBeVisible();

  const card = article.locator("figure", {
    hasText: "Discover more visual content related to this article",
  });
  await expect(card.locator("img")).toHaveAttribute("src", /\/images\/pin-1\.svg$/);
  const pin = card.getByRole("link", { name: /View on Pinterest/ });
  await expect(pin).toHaveAttribute("target", "_blank");
  await expect(pin).toHaveAttribute("rel", /noopener/);

  // The markdown body: a GFM table, an image, raw HTML figure, a link that opens a new tab.
  await expect(article.locator("table td").first()).toHaveText("Weekend edition");
  await expect(article.getByRole("img", { name: "The press hall at night" })).toBeVisible();
  await expect(article.locator("figure figcaption", { hasText: "Plates drying" })).toBeVisible();
  const external = article.getByRole("link", { name: "press association's history" });
  await expect(external).toHaveAttribute("target", "_blank");
  await expect(external).toHaveAttribute("rel", "noopener noreferrer");

  // The short video as a light facade.
  await expect(article.getByRole("button", { name: /Play video/i })).toBeVisible();

  await expect(article.getByRole("heading", { name: "Related Topics" })).toBeVisible();
  await expect(article.getByText("how a local newspaper is printed")).toBeVisible();
  await expect(article.getByText("Published on October 30, 2026")).toBeVisible();
  await expect(article.getByRole("link", { name: /More Articles/ })).toHaveAttribute(
    "href",
    "/blog",
  );

  await expect(page).toHaveTitle(`${post.metaTitle} | The Riverbend Chronicle`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`/blog/${COMPLETE_SLUG}$`),
  );
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute(
    "content",
    post.date,
  );
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  const graph = ld.flatMap((text) => [JSON.parse(text)].flat());
  const posting = graph.find((item) => item["@type"] === "BlogPosting");
  expect(posting).toMatchObject({ headline: post.metaTitle, datePublished: post.date });
  expect(graph.some((item) => item["@type"] === "BreadcrumbList")).toBe(true);

  // Rendered on the server: the body is in the HTML before any script runs.
  const html = await (await page.request.get(`/blog/${COMPLETE_SLUG}`)).text();
  expect(html).toContain("Weekend edition");
});

test("post: without the optional parts, none of their frames show", async ({ page }) => {
  await page.goto(`/blog/${PLAIN_SLUG}`);
  const article = page.locator("article");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("A Short Note from the Desk");
  await expect(
    article.getByText("Just a short note, with nothing optional attached."),
  ).toBeVisible();
  await expect(article.getByText("Discover more visual content")).toHaveCount(0);
  await expect(article.getByRole("list", { name: "Keywords" })).toHaveCount(0);
  await expect(article.getByRole("heading", { name: "Related Topics" })).toHaveCount(0);
  await expect(article.getByRole("button", { name: /Play video/i })).toHaveCount(0);
  await expect(article.getByText(/^Published on /)).toBeVisible();
});

test("post: a missing post is a 404 with a way back to the blog", async ({ page }) => {
  const response = await page.goto("/blog/no-such-post-anywhere");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog post not found");
  await page.getByRole("link", { name: "Back to Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test("post: host down shows the spec's error, and the page recovers", async ({ page }, info) => {
  // A post the app has never read (not listed, so never prefetched); one per project.
  const slug = `unlisted-host-down-${info.project.name}`;
  await standIn.override(GET_DETAILS, { mode: "status", status: 503, body: "down" });
  const response = await page.goto(`/blog/${slug}`);
  expect(response?.status()).toBe(200);
  await expect(errorBox(page)).toContainText("Failed to fetch blog details");
  await expect(errorBox(page)).toContainText("Please try again later.");
  await standIn.clear(GET_DETAILS);
  // The recovery is the server's, the same at every width: waited for once (its failure is
  // kept ERROR_RETRY_SECONDS), on the desktop.
  if (isPhone(info)) return;
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      unlistedPosts().find((post) => post.slug === slug)!.metaTitle,
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 30_000 });
});

test("post: malformed JSON from the host is the spec's error, not a crash", async ({
  page,
}, info) => {
  const slug = `unlisted-malformed-${info.project.name}`;
  await standIn.override(GET_DETAILS, {
    mode: "status",
    status: 200,
    body: "{not json",
    type: "application/json",
  });
  const response = await page.goto(`/blog/${slug}`);
  expect(response?.status()).toBe(200);
  await expect(errorBox(page)).toContainText("Failed to fetch blog details");
});

test("post: hostile markup is inert and the formatting around it survives", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`/blog/${HOSTILE_SLUG}`);
  const body = page.locator("article");
  await expect(body.getByText("bold text that must survive")).toBeVisible();
  await expect(body.locator("strong")).toHaveText("bold text that must survive");
  await expect(body.locator("table td").last()).toHaveText("still renders");
  await expect(body.getByText("a list item that survives")).toBeVisible();
  await expect(body.getByText("A styled paragraph whose text stays.")).toBeVisible();

  // Give anything that might run a moment, hover what has a handler, then look.
  await body.getByText("A styled paragraph whose text stays.").hover();
  await page.waitForTimeout(300);
  expect(
    await page.evaluate(() => (window as unknown as { __xss?: string }).__xss),
  ).toBeUndefined();
  expect(dialogs).toEqual([]);

  const found = await body.evaluate((root) => {
    const all = [...root.querySelectorAll("*")];
    return {
      scripts: root.querySelectorAll("script").length,
      forms: root.querySelectorAll("form").length,
      iframes: root.querySelectorAll("iframe").length,
      svgs: root.querySelectorAll("svg").length,
      styled: all.filter((el) => el.hasAttribute("style")).length,
      handlers: all.flatMap((el) => [...el.attributes].filter((a) => a.name.startsWith("on")))
        .length,
      badUrls: all.flatMap((el) =>
        ["href", "src", "action", "formaction"]
          .map((name) => el.getAttribute(name) ?? "")
          .filter((value) => /^\s*(javascript|data|vbscript):/i.test(value)),
      ).length,
    };
  });
  expect(found).toEqual({
    scripts: 0,
    forms: 0,
    iframes: 0,
    svgs: 0,
    styled: 0,
    handlers: 0,
    badUrls: 0,
  });

  // An id from the post cannot clobber the page's own globals.
  await expect(page.locator("#__next_f")).toHaveCount(0);
  await expect(page.locator("#user-content-__next_f")).toHaveCount(1);
  expect(
    await page.evaluate(() =>
      Array.isArray((window as unknown as { __next_f?: unknown }).__next_f),
    ),
  ).toBe(true);
});

test("revalidate: refuses a missing or wrong secret, and refreshes the blog at once", async ({
  request,
}, info) => {
  test.skip(info.project.name !== "desktop", "changes what the host answers");
  expect((await request.post("/api/revalidate")).status()).toBe(401);
  expect(
    (
      await request.post("/api/revalidate", { headers: { authorization: "Bearer wrong" } })
    ).status(),
  ).toBe(401);

  const post = POSTS.find((entry) => entry.slug === PLAIN_SLUG)!;
  expect(await (await request.get(`/blog/${PLAIN_SLUG}`)).text()).toContain(post.metaTitle);
  const { logo: _logo, ...details } = post;
  await standIn.override(GET_DETAILS, {
    mode: "status",
    status: 200,
    type: "application/json",
    body: JSON.stringify({ ...details, metaTitle: "A Corrected Note from the Desk" }),
  });
  const refreshed = await request.post("/api/revalidate", {
    headers: { authorization: `Bearer ${REVALIDATE_SECRET}` },
  });
  expect(refreshed.status()).toBe(200);
  expect(await refreshed.json()).toMatchObject({ revalidated: true });
  expect(await (await request.get(`/blog/${PLAIN_SLUG}`)).text()).toContain(
    "A Corrected Note from the Desk",
  );

  await standIn.clear(GET_DETAILS);
  await request.post("/api/revalidate", { headers: { "x-revalidate-secret": REVALIDATE_SECRET } });
  expect(await (await request.get(`/blog/${PLAIN_SLUG}`)).text()).toContain(post.metaTitle);
});
