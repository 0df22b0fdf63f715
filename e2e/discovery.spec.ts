import { expect, test, type Page } from "./fixtures";
import { assertWellFormed } from "../test-support/strict-xml";
import { parseFeedDocument } from "../lib/news/ingest";
import { COMPLETE_SLUG, HOSTILE_SLUG, blogPosts } from "./stand-in/blog-catalogue.cjs";
import { SECTION_FEEDS } from "./stand-in/catalogue.cjs";

/**
 * What crawlers, feed readers and assistants read: /sitemap.xml, /robots.txt, /llm.txt,
 * /llms.txt, /rss, and each page type's metadata and JSON-LD.
 */
const POSTS = blogPosts("http://stand-in");
/** The 15 sections, as the stand-in serves feeds for them. */
const SECTIONS = Object.keys(SECTION_FEEDS);
const KEY_PATHS = [
  "/",
  "/blog",
  "/events",
  "/market-news",
  "/analysis",
  "/radio",
  "/books",
  "/faq",
  "/resources",
  "/partners",
  "/contact",
  "/sitemap",
  "/privacy",
  "/terms",
];

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

test.describe("machine endpoints", () => {
  test.skip(({ isMobile }) => isMobile, "the same bytes at any width");

  test("sitemap.xml: every public route and post, absolute, with lastmod, nothing 404 or noindex", async ({
    request,
    baseURL,
  }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("xml");
    const index = await response.text();
    assertWellFormed(index);
    // An index: the site's pages in /sitemaps/1.xml, then a part per month of the archive.
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const parts = locs(index);
    expect(parts[0]).toBe(new URL("/sitemaps/1.xml", baseURL).href);
    for (const part of parts.slice(1)) expect(part).toMatch(/\/sitemaps\/\d{4}-\d{2}\.xml$/);
    let xml = "";
    for (const part of parts) {
      const answer = await request.get(new URL(part).pathname);
      expect(answer.status(), part).toBe(200);
      const text = await answer.text();
      assertWellFormed(text);
      expect(text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      xml += text;
    }

    const urls = locs(xml);
    for (const path of [...KEY_PATHS, "/archive", ...SECTIONS.map((s) => `/${s}`)]) {
      expect(urls, path).toContain(new URL(path, baseURL).href);
    }
    for (const post of POSTS) {
      const entry = xml.match(
        new RegExp(
          `<loc>${new URL(`/blog/${post.slug}`, baseURL).href}</loc>\\s*<lastmod>([^<]+)</lastmod>`,
        ),
      );
      expect(entry?.[1], post.slug).toBe(post.date);
    }
    expect(urls).toContain(new URL("/blog/page/3", baseURL).href);
    expect(urls.some((url) => url.includes("/search"))).toBe(false);
    expect(new Set(urls).size).toBe(urls.length);

    // Every listed address answers 200 and is indexable.
    for (const url of urls) {
      const page = await request.get(new URL(url).pathname + new URL(url).search);
      expect(page.status(), url).toBe(200);
      expect(await page.text(), url).not.toMatch(/<meta name="robots" content="[^"]*noindex/);
    }
  });

  test("opensearch.xml describes the search, and every page links it", async ({
    request,
    baseURL,
  }) => {
    const response = await request.get("/opensearch.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe(
      "application/opensearchdescription+xml; charset=utf-8",
    );
    const xml = await response.text();
    assertWellFormed(xml);
    expect(xml).toContain('<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">');
    expect(xml).toMatch(/<ShortName>[^<]{1,16}<\/ShortName>/);
    expect(xml).toMatch(/<Description>[^<]+<\/Description>/);
    expect(xml).toContain("<InputEncoding>UTF-8</InputEncoding>");
    expect(xml).toContain(`>${new URL("/favicon.ico", baseURL).href}</Image>`);
    const template = `${new URL("/search", baseURL).href}?q={searchTerms}`;
    expect(xml).toContain(`<Url type="text/html" method="get" template="${template}"/>`);
    const link =
      '<link rel="search" type="application/opensearchdescription+xml" title="The Riverbend Chronicle" href="/opensearch.xml"/>';
    for (const path of ["/", "/sports", "/blog", "/archive", "/search?q=council", "/nope/nope"]) {
      const html = await (await request.get(path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head, path).toContain(link);
    }
  });

  test("robots.txt: crawl allowed, /api/ and /search disallowed, the sitemap line", async ({
    request,
    baseURL,
  }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/plain");
    const lines = (await response.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    expect(lines).toContain("Disallow: /api/");
    expect(lines).toContain("Disallow: /search");
    expect(lines).toContain(`Sitemap: ${new URL("/sitemap.xml", baseURL).href}`);
  });

  test("llm.txt and llms.txt: the llms.txt format with sections, key pages and recent posts", async ({
    request,
    baseURL,
  }) => {
    const one = await request.get("/llm.txt");
    const two = await request.get("/llms.txt");
    expect(one.status()).toBe(200);
    expect(two.status()).toBe(200);
    const text = await one.text();
    expect(await two.text()).toBe(text);

    const lines = text.split("\n");
    expect(lines[0]).toBe("# The Riverbend Chronicle");
    expect(lines.find((line) => line.startsWith(">"))).toMatch(/^> .*Riverbend/);
    const headings = lines.filter((line) => line.startsWith("## "));
    expect(headings).toEqual(
      expect.arrayContaining(["## Sections", "## Key pages", "## Recent blog posts"]),
    );
    const links = lines.filter((line) => line.startsWith("- "));
    for (const line of links) expect(line).toMatch(/^- \[[^\]]+\]\(https?:\/\/[^)\s]+\)(: .+)?$/);
    expect(text).toContain(`- [Sports](${new URL("/sports", baseURL).href}): `);
    expect(text).toContain(
      `[${POSTS[0]!.metaTitle}](${new URL(`/blog/${POSTS[0]!.slug}`, baseURL).href})`,
    );
  });

  test("rss: RSS 2.0 of the latest 20 posts, well-formed, full sanitised content, parses back", async ({
    request,
    baseURL,
  }) => {
    const response = await request.get("/rss");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/rss+xml");
    const xml = await response.text();
    assertWellFormed(xml);
    expect(xml).toContain(
      `<atom:link href="${new URL("/rss", baseURL).href}" rel="self" type="application/rss+xml"/>`,
    );
    const items = xml.split("<item>").slice(1);
    expect(items).toHaveLength(20);
    for (const item of items) {
      expect(item).toMatch(
        /<pubDate>[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/,
      );
      expect(item).toMatch(/<guid isPermaLink="true">https?:\/\/[^<]+<\/guid>/);
      expect(item).toContain("<content:encoded><![CDATA[");
      expect(item).toMatch(/<media:content url="[^"]+" medium="image"\/>/);
    }
    const complete = items.find((item) => item.includes(`/blog/${COMPLETE_SLUG}<`))!;
    expect(complete).toContain("<td>Weekend edition</td>");
    const hostile = items.find((item) => item.includes(`/blog/${HOSTILE_SLUG}<`))!;
    expect(hostile).toContain("<strong>bold text that must survive</strong>");
    expect(hostile).not.toMatch(/<script|onerror|onload|javascript:|<form|<iframe|style=/i);

    // The project's own feed parser reads it back: same posts, newest first, dates kept.
    const { articles } = parseFeedDocument(Buffer.from(xml), new URL("/rss", baseURL).href);
    expect(articles.map((article) => article.title)).toEqual(
      POSTS.slice(0, 20).map((post) => post.metaTitle),
    );
    expect(articles[0]!.link).toBe(new URL(`/blog/${POSTS[0]!.slug}`, baseURL).href);
    expect(articles[0]!.pubDate).toBe(new Date(POSTS[0]!.date).toISOString());
  });

  test("share images are PNGs drawn by the site", async ({ request }) => {
    for (const path of [
      "/opengraph-image",
      "/sports/opengraph-image",
      `/blog/${COMPLETE_SLUG}/opengraph-image`,
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["content-type"]).toBe("image/png");
      expect((await response.body()).subarray(1, 4).toString()).toBe("PNG");
    }
    expect((await request.get("/blog/no-such-post/opengraph-image")).status()).toBe(404);
  });
});

interface Head {
  canonicals: string[];
  meta: Record<string, string>;
  rss: string[];
  jsonLd: Record<string, unknown>[];
}

async function readHead(page: Page, path: string): Promise<Head> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  return page.evaluate(() => {
    const meta: Record<string, string> = {};
    for (const el of document.querySelectorAll("meta[property], meta[name]")) {
      meta[el.getAttribute("property") ?? el.getAttribute("name")!] =
        el.getAttribute("content") ?? "";
    }
    return {
      canonicals: [...document.querySelectorAll('link[rel="canonical"]')].map(
        (el) => (el as HTMLLinkElement).href,
      ),
      meta,
      rss: [...document.querySelectorAll('link[rel="alternate"][type="application/rss+xml"]')].map(
        (el) => (el as HTMLLinkElement).href,
      ),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].flatMap((el) =>
        [JSON.parse(el.textContent ?? "null")].flat(),
      ),
    };
  });
}

const ofType = (head: Head, type: string) => head.jsonLd.filter((item) => item["@type"] === type);

test.describe("page metadata and JSON-LD", () => {
  test.skip(({ isMobile }) => isMobile, "the same head at any width");

  const PAGES: [string, string, string[]][] = [
    ["/", "/", ["WebSite", "NewsMediaOrganization"]],
    ["/sports", "/sports", ["CollectionPage", "BreadcrumbList"]],
    ["/lifestyle", "/lifestyle", ["CollectionPage", "BreadcrumbList"]],
    ["/blog", "/blog", ["BreadcrumbList"]],
    ["/blog/page/2", "/blog/page/2", ["BreadcrumbList"]],
    [`/blog/${COMPLETE_SLUG}`, `/blog/${COMPLETE_SLUG}`, ["BlogPosting", "BreadcrumbList"]],
    ["/faq", "/faq", ["FAQPage"]],
    ["/books", "/books", []],
    ["/terms", "/terms", []],
  ];

  for (const [path, canonical, types] of PAGES) {
    test(`${path}: one canonical, Open Graph, Twitter, feed link, its JSON-LD`, async ({
      page,
      baseURL,
    }) => {
      const head = await readHead(page, path);
      expect(head.canonicals).toEqual([new URL(canonical, baseURL).href]);
      expect(head.meta["og:title"]).toBeTruthy();
      expect(new URL(head.meta["og:url"]!).href).toBe(new URL(canonical, baseURL).href);
      // Sections and posts have their own drawn image; other pages the site's default.
      const isPost = path.startsWith("/blog/") && !path.startsWith("/blog/page/");
      const ownImage = isPost || SECTIONS.includes(path.slice(1));
      const image = new URL(head.meta["og:image"]!);
      expect(image.pathname).toBe(ownImage ? `${path}/opengraph-image` : "/opengraph-image");
      expect(head.meta["twitter:image"]).toBeTruthy();
      expect(head.meta["twitter:card"]).toBe("summary_large_image");
      expect(head.meta.description).toBeTruthy();
      expect(head.rss).toEqual([new URL("/rss", baseURL).href]);

      for (const type of types) expect(ofType(head, type), type).toHaveLength(1);
      // The site describes itself on its home page only; other pages refer to it by @id.
      if (path !== "/") {
        expect(ofType(head, "WebSite")).toHaveLength(0);
        return;
      }
      const [website] = ofType(head, "WebSite");
      const [organization] = ofType(head, "NewsMediaOrganization");
      expect(website).toMatchObject({
        "@id": new URL("/#website", baseURL).href,
        potentialAction: {
          "@type": "SearchAction",
          target: { urlTemplate: `${new URL("/search", baseURL).href}?q={search_term_string}` },
        },
      });
      expect(organization).toMatchObject({
        "@id": new URL("/#organization", baseURL).href,
        logo: { "@type": "ImageObject", url: new URL("/images/logo.png", baseURL).href },
      });
      expect((website!.publisher as { "@id": string })["@id"]).toBe(organization!["@id"]);
    });
  }

  test("section JSON-LD lists its headlines; FAQ JSON-LD holds every question", async ({
    page,
  }) => {
    const sports = await readHead(page, "/sports");
    const [collection] = ofType(sports, "CollectionPage") as {
      mainEntity: { itemListElement: unknown[] };
    }[];
    const cards = await page.locator("main article, main li h3").count();
    expect(collection!.mainEntity.itemListElement.length).toBeGreaterThan(0);
    expect(collection!.mainEntity.itemListElement.length).toBeLessThanOrEqual(Math.max(cards, 15));

    const faq = await readHead(page, "/faq");
    const [faqPage] = ofType(faq, "FAQPage") as { mainEntity: { name: string }[] }[];
    const questions = await page
      .locator("main [data-state] button, main h3 button")
      .allTextContents();
    expect(faqPage!.mainEntity).toHaveLength(100);
    expect(faqPage!.mainEntity.map((q) => q.name)).toEqual(
      expect.arrayContaining(questions.slice(0, 5)),
    );
  });

  test("a post's JSON-LD and Open Graph say it is an article", async ({ page, baseURL }) => {
    const post = POSTS.find((entry) => entry.slug === COMPLETE_SLUG)!;
    const head = await readHead(page, `/blog/${COMPLETE_SLUG}`);
    expect(head.meta["og:type"]).toBe("article");
    expect(head.meta["article:published_time"]).toBe(post.date);
    const [posting] = ofType(head, "BlogPosting");
    expect(posting).toMatchObject({
      headline: post.metaTitle,
      datePublished: post.date,
      url: new URL(`/blog/${COMPLETE_SLUG}`, baseURL).href,
      publisher: { "@id": new URL("/#organization", baseURL).href },
    });
    const [crumbs] = ofType(head, "BreadcrumbList") as { itemListElement: { name: string }[] }[];
    expect(crumbs!.itemListElement.map((item) => item.name)).toEqual([
      "Home",
      "Blog",
      post.metaTitle,
    ]);
  });
});
