import { expect, test, type APIRequestContext, type Page } from "./fixtures";
import { archiveFilled } from "./helpers";
import { SECTION_FEEDS } from "./stand-in/catalogue.cjs";

/**
 * The archive's pages against what the archive holds of the stand-in's feeds and blog: the
 * index, a month, a day, found by following links from /archive (the days depend on when the
 * feeds' items were published), the 404s, the sitemaps and the links that lead there.
 */

const TIME_ZONE = "America/Chicago";
const DAY_LINK = /^\/archive\/(\d{4})\/(\d{2})\/(\d{2})$/;
const MONTH_LINK = /^\/archive\/(\d{4})\/(\d{2})$/;
/** The same, at the end of a page's whole address. */
const MONTH_URL = /\/archive\/\d{4}\/\d{2}$/;
const DAY_URL = /\/archive\/\d{4}\/\d{2}\/\d{2}$/;
/** The sections' titles in the site's order (the stand-in's catalogue lists them so). */
const SECTION_TITLES = [
  "Local News",
  "National News",
  "World News",
  "Politics & Government",
  "Business & Finance",
  "Technology & Innovation",
  "Automotive & Energy",
  "Real Estate & Housing",
  "Health & Wellness",
  "Sports",
  "Arts & Culture",
  "Food & Dining",
  "Lifestyle & Fashion",
  "Opinion & Editorials",
  "From the Archives",
];

/** The calendar day a moment falls on in Riverbend, "2026-11-30". */
const dayIn = (moment: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE }).format(moment);

/** The JSON-LD objects of a page's HTML. */
function jsonLd(html: string): { "@type": string; [key: string]: unknown }[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].flatMap(
    ([, text]) => [JSON.parse(text!)].flat(),
  );
}

async function hrefs(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
}

async function firstDay(request: APIRequestContext): Promise<string> {
  const html = await (await request.get("/archive")).text();
  return html.match(/href="(\/archive\/\d{4}\/\d{2}\/\d{2})"/)![1]!;
}

test.beforeAll(async ({ request }) => {
  await archiveFilled(request);
});

test("/archive lists the months with headlines, latest first, each with its count and days", async ({
  page,
  request,
  baseURL,
}) => {
  const response = await page.goto("/archive");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Archive | The Riverbend Chronicle");
  await expect(page.getByRole("heading", { level: 1, name: "Archive" })).toBeVisible();
  const months = page.locator("main section h2");
  expect(await months.count()).toBeGreaterThan(0);
  await expect(months.first()).toHaveText(/^[A-Z][a-z]+ \d{4}[\d,]+ headlines?$/);
  const monthLinks = await hrefs(page, "main section h2 a");
  for (const href of monthLinks) expect(href).toMatch(MONTH_LINK);
  expect([...monthLinks].sort().reverse()).toEqual(monthLinks);

  // Each month's days with headlines are links, named in full for screen readers.
  const firstMonth = page.locator("main section").first();
  const days = firstMonth.locator("ol a");
  expect(await days.count()).toBeGreaterThan(0);
  await expect(days.first()).toHaveAccessibleName(/^[A-Z][a-z]+ \d{1,2}: [\d,]+ headlines?$/);
  for (const href of await hrefs(page, "main section ol a")) expect(href).toMatch(DAY_LINK);

  const html = await (await request.get("/archive")).text();
  expect(html).toContain(`<link rel="canonical" href="${new URL("/archive", baseURL).href}"/>`);
  expect(html).not.toMatch(/<meta name="robots" content="[^"]*noindex/);
  const types = jsonLd(html).map((entry) => entry["@type"]);
  expect(types).toEqual(expect.arrayContaining(["CollectionPage", "BreadcrumbList"]));
});

test("a month lists its days with counts, and each day's page is there", async ({
  page,
  request,
  baseURL,
}) => {
  await page.goto("/archive");
  const monthLink = page.locator("main section h2 a").first();
  const name = (await monthLink.textContent())!;
  await monthLink.click();
  await expect(page).toHaveURL(MONTH_URL);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Headlines of ${name}`);
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText(name);
  // The calendar's links: every day with headlines (the trail links /archive).
  const days = (await hrefs(page, "main ol a")).filter((href) => DAY_LINK.test(href));
  expect(days.length).toBeGreaterThan(0);
  for (const href of days) expect((await request.get(href)).status(), href).toBe(200);
  const path = new URL(page.url()).pathname;
  const html = await (await request.get(path)).text();
  expect(html).toContain(`<link rel="canonical" href="${new URL(path, baseURL).href}"/>`);
  const collection = jsonLd(html).find((entry) => entry["@type"] === "CollectionPage")!;
  const list = collection.mainEntity as { itemListElement: { url: string }[] };
  expect(list.itemListElement.map((item) => new URL(item.url).pathname)).toEqual(days);
});

test("a day lists its headlines by section in the site's order, then the blog, timed and sourced", async ({
  page,
  request,
  baseURL,
}) => {
  const path = await firstDay(request);
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  const [, year, month, day] = DAY_LINK.exec(path)!;
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(/^Headlines of [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await expect(heading).toContainText(`, ${year}`);

  const groups = await page
    .locator("main section h2")
    .evaluateAll((titles) => titles.map((title) => title.firstChild?.textContent ?? ""));
  expect(groups.length).toBeGreaterThan(0);
  const order = [...SECTION_TITLES, "Blog"];
  const positions = groups.map((title) => order.indexOf(title));
  expect(
    positions.every((position) => position >= 0),
    groups.join(", "),
  ).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);

  // Every entry: its time on that day in Riverbend, its link out (or the post's page), its source.
  const entries = page.locator("main section ol > li");
  const count = await entries.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < Math.min(count, 25); index++) {
    const entry = entries.nth(index);
    const time = entry.locator("time");
    await expect(time).toHaveText(/^\d{1,2}:\d{2}\s?[AP]M$/);
    expect(dayIn(Date.parse((await time.getAttribute("datetime"))!))).toBe(
      `${year}-${month}-${day}`,
    );
    const link = entry.locator("h3 a");
    const href = (await link.getAttribute("href"))!;
    if (href.startsWith("/blog/")) continue;
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await expect(entry.locator("p").last()).toHaveText(
      new URL(href).hostname.replace(/^www\./, ""),
    );
  }

  const html = await (await request.get(path)).text();
  expect(html).toContain(`<link rel="canonical" href="${new URL(path, baseURL).href}"/>`);
  const types = jsonLd(html).map((entry) => entry["@type"]);
  expect(types).toEqual(expect.arrayContaining(["CollectionPage", "BreadcrumbList"]));
  const trail = jsonLd(html).find((entry) => entry["@type"] === "BreadcrumbList")!;
  expect(
    (trail.itemListElement as { item: string }[]).map((item) => new URL(item.item).pathname),
  ).toEqual(["/", "/archive", `/archive/${year}/${month}`, path]);
});

test("a day links the nearest days with headlines, and none without", async ({ page, request }) => {
  const path = await firstDay(request);
  await page.goto(path);
  const steps = await hrefs(page, "main nav[aria-label='Other days'] a");
  for (const href of steps) {
    expect(href).toMatch(DAY_LINK);
    expect((await request.get(href)).status(), href).toBe(200);
  }
});

test("a past day is kept a day; today lives as long as headlines", async ({ request }) => {
  const path = await firstDay(request);
  const [, year, month, day] = DAY_LINK.exec(path)!;
  const iso = `${year}-${month}-${day}`;
  const today = dayIn(Date.now());
  const yesterday = dayIn(Date.now() - 86_400_000);
  test.skip(iso === yesterday, "yesterday settles an hour after it ends");
  const cacheControl = (await request.get(path)).headers()["cache-control"];
  expect(cacheControl).toMatch(iso === today ? /s-maxage=2\b/ : /s-maxage=86400\b/);
});

test.describe("404, the site's not-found page", () => {
  const notFound = [
    "/archive/2026/13/01",
    "/archive/2026/11/31",
    "/archive/2026/02/29",
    "/archive/abc",
    "/archive/2026",
    "/archive/2026/1/05",
    "/archive/2026/11/30/more",
    "/archive/2001/01/01",
    "/archive/2001/01",
  ];
  for (const path of notFound) {
    test(`${path}`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(404);
      const html = await response.text();
      expect(html).toContain("Oops! Page not found");
      expect(html).toContain('<a href="#main" class="skip-link">Skip to content</a>');
      expect(html).toMatch(/<meta name="robots" content="noindex/);
    });
  }

  test("a day still to come", async ({ request }) => {
    const next = new Date(Date.now() + 3 * 86_400_000);
    const [year, month, day] = dayIn(next.getTime()).split("-");
    expect((await request.get(`/archive/${year}/${month}/${day}`)).status()).toBe(404);
    const later = dayIn(Date.now() + 400 * 86_400_000)
      .slice(0, 7)
      .split("-");
    expect((await request.get(`/archive/${later[0]}/${later[1]}`)).status()).toBe(404);
  });
});

test("the XML sitemaps list a part per month, with its month and days, dated", async ({
  request,
  baseURL,
}) => {
  const index = await (await request.get("/sitemap.xml")).text();
  expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const parts = [
    ...index.matchAll(
      /<loc>([^<]+\/sitemaps\/(\d{4})-(\d{2})\.xml)<\/loc>\s*<lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod>/g,
    ),
  ];
  expect(parts.length).toBeGreaterThan(0);
  const [, url, year, month, lastmod] = parts[0]!;
  expect(lastmod!.startsWith(`${year}-${month}-`)).toBe(true);
  const part = await request.get(new URL(url!).pathname);
  expect(part.status()).toBe(200);
  const xml = await part.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  expect(locs[0]).toBe(`/archive/${year}/${month}`);
  expect(locs.slice(1).every((loc) => DAY_LINK.test(loc))).toBe(true);
  expect(xml.match(/<lastmod>/g)?.length).toBe(locs.length);
  expect(new URL(url!).origin).toBe(new URL(baseURL!).origin);
  expect((await request.get("/sitemaps/1999-01.xml")).status()).toBe(404);
});

test("reached from every section page and from /sitemap", async ({ request }) => {
  for (const slug of Object.keys(SECTION_FEEDS).slice(0, 3)) {
    const html = await (await request.get(`/${slug}`)).text();
    expect(html, slug).toMatch(/Earlier headlines: <a href="\/archive">the archive<\/a>/);
  }
  expect(await (await request.get("/sitemap")).text()).toContain('href="/archive"');
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the index, a month and a day are whole, their links plain", async ({ page }) => {
    await page.goto("/archive");
    await page.locator("main section h2 a").first().click();
    await expect(page).toHaveURL(MONTH_URL);
    const day = (await hrefs(page, "main ol a")).find((href) => DAY_LINK.test(href))!;
    await page.locator(`main a[href="${day}"]`).click();
    await expect(page).toHaveURL(DAY_URL);
    await expect(page.locator("main section ol > li").first()).toBeVisible();
  });
});
