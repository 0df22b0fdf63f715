import { expect, test, type APIRequestContext } from "./fixtures";
import { readFileSync } from "node:fs";
import path from "node:path";
import { itemAgeMinutes } from "./stand-in/catalogue.cjs";
import { feedsFile, standIn } from "./stand-in/control";
import { titlesIn } from "./helpers";

const SAMPLES = JSON.parse(
  readFileSync(path.join(__dirname, "stand-in", "sample-headlines.json"), "utf8"),
) as Record<string, { title: string }[]>;

/** Pages regenerate in the background: ask until the page shows what we wait for. */
async function pollPage(
  request: APIRequestContext,
  path: string,
  until: (html: string) => boolean,
  timeoutMs = 20_000,
) {
  const deadline = Date.now() + timeoutMs;
  let html = "";
  while (Date.now() < deadline) {
    const response = await request.get(path, { timeout: 15_000 });
    expect(response.status()).toBe(200);
    html = await response.text();
    if (until(html)) return html;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return html;
}

test("home: Breaking News shows 6 national headlines, then all of them", async ({ page }) => {
  const national = SAMPLES.national!;
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Today's Headlines");
  await expect(
    page.locator("main").getByText("Trusted journalism for our community and beyond"),
  ).toBeVisible();

  const breaking = page.locator("section", {
    has: page.getByRole("heading", { name: "Breaking News" }),
  });
  const cards = breaking.locator("li");
  await expect(cards).toHaveCount(national.length);
  await expect(breaking.getByRole("listitem").filter({ visible: true })).toHaveCount(6);
  // Newest first: the sample feed's first item is its newest.
  await expect(cards.first().getByRole("heading")).toHaveText(national[0]!.title);

  const toggle = breaking.getByRole("button", { name: `See All (${national.length} articles)` });
  await toggle.click();
  await expect(breaking.getByRole("listitem").filter({ visible: true })).toHaveCount(
    national.length,
  );
  await breaking.getByRole("button", { name: "Show Less" }).click();
  await expect(breaking.getByRole("listitem").filter({ visible: true })).toHaveCount(6);
});

test("home: every section is linked from News Sections", async ({ page }) => {
  await page.goto("/");
  const grid = page.locator("section", {
    has: page.getByRole("heading", { name: "News Sections" }),
  });
  await expect(grid.getByRole("link")).toHaveCount(15);
  await expect(grid.getByRole("link", { name: /Real Estate & Housing/ })).toHaveAttribute(
    "href",
    "/realestate",
  );
});

test("the home page lives at / only: no other address answers with it", async ({ request }) => {
  const home = await request.get("/", { maxRedirects: 0 });
  expect(home.status()).toBe(200);
  expect(await home.text()).toContain("Today&#x27;s Headlines");
  // Its former internal address is an unknown address like any other.
  const former = await request.get("/front-page/latest", { maxRedirects: 0 });
  expect(former.status()).toBe(404);
  expect(await former.text()).toContain("Oops! Page not found");
});

test("article cards: title, description, date, image with reserved size (the first at once, the rest lazy), Read more in a new tab", async ({
  page,
}) => {
  await page.goto("/business");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Business & Finance");
  const card = page.locator("main li").first();
  await expect(card.getByRole("heading", { level: 3 })).toHaveText(SAMPLES.business![0]!.title);
  await expect(card.locator("p")).not.toBeEmpty();
  await expect(card.locator("time")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  const img = card.locator("img");
  // The first card's photo is the largest paint: loaded at once, first.
  await expect(img).toHaveAttribute("loading", "eager");
  await expect(img).toHaveAttribute("fetchpriority", "high");
  const images = page.locator("main li img");
  for (const index of [1, 2, 3, 4, 5]) {
    await expect(images.nth(index)).toHaveAttribute("loading", "lazy");
    await expect(images.nth(index)).not.toHaveAttribute("fetchpriority", "high");
  }
  await expect(img).toHaveAttribute("width", "640");
  await expect(img).toHaveAttribute("height", "360");
  // From the site's own origin, at the card's widths (e2e/photos.spec.ts).
  expect(await img.getAttribute("src")).toMatch(/^\/photo\/[A-Za-z0-9_-]{22}\/640\.webp$/);
  // The link is named from its text, the card's heading and the note, each written once.
  const link = card.getByRole("link", {
    name: `Read more ${SAMPLES.business![0]!.title} (opens in a new tab)`,
    exact: true,
  });
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
});

test("section pages show 5, then the rest, all of them in the HTML", async ({ page, request }) => {
  const html = await (await request.get("/local")).text();
  expect(titlesIn(html)).toEqual(SAMPLES.local!.map((item) => item.title));

  await page.goto("/local");
  const visible = page.locator("main li").filter({ visible: true });
  await expect(visible).toHaveCount(5);
  await page.getByRole("button", { name: `See All (${SAMPLES.local!.length} articles)` }).click();
  await expect(visible).toHaveCount(SAMPLES.local!.length);
  await expect(page.getByRole("button", { name: "Show Less" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
});

test("every section answers with its spec title; unknown sections are 404", async ({ request }) => {
  const titles: Record<string, string> = {
    local: "Local News",
    national: "National News",
    world: "World News",
    politics: "Politics & Government",
    business: "Business & Finance",
    technology: "Technology & Innovation",
    automotive: "Automotive & Energy",
    realestate: "Real Estate & Housing",
    health: "Health & Wellness",
    sports: "Sports",
    culture: "Arts & Culture",
    food: "Food & Dining",
    lifestyle: "Lifestyle & Fashion",
    opinion: "Opinion & Editorials",
    archives: "From the Archives",
  };
  for (const [slug, title] of Object.entries(titles)) {
    const response = await request.get(`/${slug}`);
    expect(response.status(), slug).toBe(200);
    const html = await response.text();
    expect(html).toContain(
      `<h1 class="${html.match(/<h1 class="([^"]*)"/)![1]}">${title.replace("&", "&amp;")}</h1>`,
    );
    expect(titlesIn(html).length, slug).toBeGreaterThan(0);
  }
  expect((await request.get("/sportz")).status()).toBe(404);
});

test("formats and encodings: Atom, RSS 1.0 and an ISO-8859-1 feed all read", async ({
  request,
}) => {
  for (const slug of ["technology", "archives", "food"]) {
    const titles = titlesIn(await (await request.get(`/${slug}`)).text());
    expect(titles, slug).toEqual(SAMPLES[slug]!.map((item) => item.title));
  }
});

test("section metadata: title, description, keywords, canonical, social tags, robots, CollectionPage", async ({
  page,
}) => {
  await page.goto("/health");
  await expect(page).toHaveTitle("Health & Wellness | The Riverbend Chronicle");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /health/i);
  await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", /wellness/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/health$/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    "content",
    "Health & Wellness | The Riverbend Chronicle",
  );
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
    "content",
    "summary_large_image",
  );
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  // A script may hold one object or an array of them (the section's and its breadcrumbs).
  const collection = jsonLd
    .flatMap((text) => [JSON.parse(text)].flat())
    .find((data) => data["@type"] === "CollectionPage");
  // Positions and addresses, in the page's order; the titles are on the page already.
  const items = collection.mainEntity.itemListElement as { position: number; url: string }[];
  expect(items).toHaveLength(SAMPLES.health!.length);
  // Every card's link, shown or not yet (cards past the limit are hidden until "See All").
  const links = await page
    .locator("main li > div > a[target=_blank]")
    .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  expect(items.map((item) => item.url)).toEqual(links);
  expect(items.map((item) => item.position)).toEqual(links.map((_, i) => i + 1));
});

test.describe("upstream failures", () => {
  test.describe.configure({ mode: "serial" });
  test.skip(({ isMobile }) => isMobile, "changes the stand-in's state: run once");

  test("sports merges five feeds, newest first, capped at 15; one failing feed leaves the others", async ({
    request,
  }) => {
    // Point sports at a golf address the app has never read, so no last good copy exists,
    // through NEWS_FEEDS_FILE (which the app re-reads without a restart).
    const restoreFeeds = feedsFile.useUnreadAddresses("sports", "/golf.xml");
    await standIn.override("/feeds/golf.xml", { mode: "status", status: 500 });
    const sports = ["baseball", "tennis", "golf", "hockey", "soccer"];
    const expected = (feeds: string[]) =>
      feeds
        .flatMap((id) =>
          SAMPLES[id]!.map((item, index) => ({
            title: item.title,
            age: itemAgeMinutes(id, index),
          })),
        )
        .sort((a, b) => a.age - b.age)
        .slice(0, 15)
        .map((item) => item.title);

    // Golf never answered: its headlines are missing, the four others are there.
    const withoutGolf = expected(sports.filter((id) => id !== "golf"));
    let html = await pollPage(request, "/sports", (h) => titlesIn(h).join() === withoutGolf.join());
    expect(titlesIn(html)).toEqual(withoutGolf);
    expect(html).not.toContain("Failed to fetch RSS feed");

    // Golf recovers: all five, interleaved by date.
    await standIn.clear("/feeds/golf.xml");
    const all = expected(sports);
    html = await pollPage(request, "/sports", (h) => titlesIn(h).join() === all.join());
    expect(titlesIn(html)).toEqual(all);
    expect(html).toContain("See All (15 articles)");
    restoreFeeds();
  });

  test("when every feed of a section fails, the error shows with status 200 and the rest of the page", async ({
    page,
    request,
  }) => {
    const restoreFeeds = feedsFile.useUnreadAddresses("politics");
    await standIn.override("/feeds/politics.xml", { mode: "status", status: 503 });
    // The page may first be served from the cache, then regenerated with the failing feed.
    await pollPage(request, "/politics", (html) => html.includes("Failed to fetch RSS feed"));
    const response = await page.goto("/politics");
    expect(response?.status()).toBe(200);
    await expect(page.locator("main").getByRole("alert")).toHaveText(
      "Failed to fetch RSS feedPlease try again later.",
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Politics & Government");
    await expect(page.locator("footer").last()).toBeVisible();
    await standIn.clear("/feeds/politics.xml");
    restoreFeeds();
    // The error is not kept: once the feed answers, the headlines come back.
    const recovered = await pollPage(
      request,
      "/politics",
      (html) => !html.includes("Failed to fetch RSS feed"),
      30_000,
    );
    expect(titlesIn(recovered).length).toBeGreaterThan(0);
  });

  test("a feed that breaks after a good read keeps its headlines", async ({ request }) => {
    const titles = SAMPLES.world!.map((item) => item.title);
    expect(titlesIn(await pollPage(request, "/world", (h) => titlesIn(h).length > 0))).toEqual(
      titles,
    );

    for (const body of ["<html><body>Service unavailable</body></html>", "\u0000\u0001garbage"]) {
      await standIn.override("/feeds/world.xml", { mode: "status", status: 200, body });
      const before = await standIn.hits("/feeds/world.xml");
      // Wait until the page has been regenerated against the broken feed at least once.
      await pollPage(request, "/world", () => false, 3_000);
      expect(await standIn.hits("/feeds/world.xml")).toBeGreaterThan(before);
      expect(titlesIn(await (await request.get("/world")).text())).toEqual(titles);
    }
    await standIn.clear("/feeds/world.xml");
  });

  test("a hanging feed costs at most its timeout and the page still renders", async ({
    request,
  }) => {
    const restoreFeeds = feedsFile.useUnreadAddresses("lifestyle");
    await standIn.override("/feeds/lifestyle.xml", { mode: "hang" });
    // Every request must answer well within the feed timeout plus rendering (pollPage gives
    // each one 15 s), and the page regenerated against the hanging feed shows the error.
    const html = await pollPage(
      request,
      "/lifestyle",
      (h) => h.includes("Failed to fetch RSS feed"),
      25_000,
    );
    expect(html).toContain("Failed to fetch RSS feed");
    expect(html).toContain("Lifestyle &amp; Fashion");
    await standIn.clear("/feeds/lifestyle.xml");
    restoreFeeds();
    await pollPage(request, "/lifestyle", (h) => !h.includes("Failed to fetch RSS feed"), 30_000);
  });
});
