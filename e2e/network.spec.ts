import { execFileSync, spawn } from "node:child_process";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import path from "node:path";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures";
import {
  appEnv,
  PUBLICATION_TIME_ZONES,
  EDITOR_SECRETS,
  REVALIDATE_SECRET,
  writePublicationsFile,
} from "./env.cjs";
import {
  freePort,
  startInstance,
  startRedis,
  tempArchive,
  type TempArchive,
  type Instance,
  type RedisServer,
} from "./redis/instances.cjs";
import { standIn } from "./stand-in/control";
import { ask, startTier, titlesIn } from "./helpers";

/**
 * A network of three publications served by one build (PUBLICATIONS_FILE): the production
 * server on a port of its own, asked with each publication's Host by raw HTTP, through the
 * cache tier, with a second instance on Redis, and by Chromium with the hosts mapped to
 * 127.0.0.1. Desktop project only: it drives servers (the browser test sets its own window).
 */

test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

const NAMES = {
  riverbend: "The Riverbend Chronicle",
  lakeside: "The Lakeside Ledger",
  hillcountry: "The Hill Country Herald and Valley Courier",
} as const;
type Key = keyof typeof NAMES;
const KEYS = Object.keys(NAMES) as Key[];
const HOSTS: Record<Key, string> = {
  riverbend: "riverbend.test",
  lakeside: "lakeside.test",
  hillcountry: "hillcountry.test",
};

let port: number;
let origin: Record<Key, string>;
let app: Instance;
let env: Record<string, string>;
/** One archive for the network's instances, as one host's share one file. */
let archive: TempArchive | undefined;

test.beforeAll(async ({}, info) => {
  test.skip(info.project.name !== "desktop", "drives servers: once is enough");
  port = await freePort();
  archive = tempArchive();
  origin = {
    riverbend: `http://${HOSTS.riverbend}:${port}`,
    lakeside: `http://${HOSTS.lakeside}:${port}`,
    hillcountry: `http://${HOSTS.hillcountry}:${port}`,
  };
  env = {
    ...appEnv({
      siteUrl: origin.riverbend,
      blog: "functions",
      feedQuery: "network",
      archiveFile: archive.file,
    }),
    PUBLICATIONS_FILE: writePublicationsFile(`network-${port}`, origin),
  };
  app = await startInstance({ port, env });
});

test.afterAll(async () => {
  await app?.cleanup();
  archive?.cleanup();
});

const get = (key: Key, pathname: string, headers?: Record<string, string>) =>
  ask(port, `${HOSTS[key]}:${port}`, pathname, { headers });

const titleOf = (html: string) =>
  /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&#x27;/g, "'");
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const metaOf = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];
const postTitlesOf = (html: string) =>
  [...html.matchAll(/cardTitle">([^<]*)<\/h2>/g)].map((m) => m[1]!);

/** Every page type a reader meets, with its own path on every publication. */
const PAGES = [
  "/",
  "/local",
  "/sports",
  "/blog",
  "/terms",
  "/privacy",
  "/faq",
  "/books",
  "/radio",
  "/contact",
  "/sitemap",
  "/search?q=council",
  "/archive",
];

test("each publication shows its own name and canonical origin on every page type, and none of another's", async () => {
  for (const key of KEYS) {
    const others = KEYS.filter((other) => other !== key);
    for (const pathname of [...PAGES, "/no-such-page"]) {
      const answer = await get(key, pathname);
      const { status } = answer;
      // React separates adjacent texts with empty comments: read the text as a reader would.
      const body = answer.body.replace(/<!-- -->/g, "");
      const where = `${HOSTS[key]}${pathname}`;
      expect(status, where).toBe(pathname === "/no-such-page" ? 404 : 200);
      expect(titleOf(body), where).toMatch(new RegExp(`\\| ${NAMES[key]}$`));
      if (pathname !== "/no-such-page") {
        expect(metaOf(body, "og:site_name"), where).toBe(NAMES[key]);
        const canonical = canonicalOf(body);
        expect(canonical, where).toBeDefined();
        expect(canonical!.startsWith(origin[key]), where).toBe(true);
        expect(metaOf(body, "og:url")!.startsWith(origin[key]), where).toBe(true);
        expect(metaOf(body, "og:image")!.startsWith(origin[key]), where).toBe(true);
      }
      // The header's and the footer's name are this publication's.
      expect(body.includes(`© ${new Date().getFullYear()} ${NAMES[key]}.`), where).toBe(true);
      for (const other of others) {
        expect(body.includes(HOSTS[other]), `${where} names ${HOSTS[other]}`).toBe(false);
        expect(body.includes(`© ${new Date().getFullYear()} ${NAMES[other]}`), where).toBe(false);
      }
    }
  }
});

test("the network's FAQ and terms name the publication that shows them, never Riverbend's", async () => {
  for (const path of ["/faq", "/terms"]) {
    const page = await get("lakeside", path);
    const main = page.body.slice(page.body.indexOf("<main"), page.body.indexOf("</main>"));
    expect(main, path).toContain("Lakeside Ledger");
    expect(main, path).not.toContain("Chronicle");
  }
});

test("each publication embeds its own town's events wall and its own newsroom's contact form", async () => {
  const TOWNS: Record<Key, string> = {
    riverbend: "Riverbend",
    lakeside: "Lakeside",
    hillcountry: "Hill Country",
  };
  const frameOf = (html: string, title: string) =>
    new RegExp(`<iframe[^>]*title="${title}"[^>]*>`).exec(html)?.[0];
  const srcOf = (frame: string | undefined) =>
    /src="([^"]*)"/.exec(frame ?? "")?.[1]?.replace(/&amp;/g, "&");
  const walls = new Set<string>();
  for (const key of KEYS) {
    const events = await get(key, "/events");
    const wall = srcOf(frameOf(events.body, `${TOWNS[key]} local events wall`));
    expect(wall, `${key} /events`).toBeDefined();
    walls.add(wall!);
    const shown = await (await fetch(wall!)).text();
    expect(shown, wall).toContain(`<h1>Upcoming in ${TOWNS[key]}</h1>`);
    expect(shown, wall).toContain(`${TOWNS[key]} Winter Market`);

    const contact = await get(key, "/contact");
    const form = srcOf(frameOf(contact.body, "Contact form"));
    expect(form, `${key} /contact`).toBeDefined();
    expect(new URL(form!).searchParams.get("domain"), form).toBe(HOSTS[key]);
    expect(await (await fetch(form!)).text(), form).toContain(`To the newsroom in ${TOWNS[key]}.`);
  }
  expect(walls.size).toBe(KEYS.length);
});

test("each publication dates its headlines and its home page in its own time zone", async () => {
  const zones: Record<Key, string> = { riverbend: "America/Chicago", ...PUBLICATION_TIME_ZONES };
  const day = (zone: string, at: Date) =>
    new Intl.DateTimeFormat("en-US", {
      month: "long",
      day: "numeric",
      year: "numeric",
      timeZone: zone,
    }).format(at);
  const dated: Record<Key, [Date, string][]> = { riverbend: [], lakeside: [], hillcountry: [] };
  for (const key of KEYS) {
    const { body } = await get(key, "/national");
    for (const [, at, text] of body.matchAll(/<time datetime="([^"]+)">([^<]+)<\/time>/gi))
      dated[key].push([new Date(at!), text!]);
    expect(dated[key].length, key).toBeGreaterThanOrEqual(5);
    for (const [at, text] of dated[key])
      expect(text, `${key} ${at.toISOString()}`).toBe(day(zones[key], at));
    // The home page's date is today where the publication is (rendered within the last minutes).
    const home = (await get(key, "/")).body;
    const today = [0, 5 * 60_000].map((ago) => day(zones[key], new Date(Date.now() - ago)));
    expect(
      today.some((text) => home.includes(text)),
      key,
    ).toBe(true);
  }
  // One story, dated apart: the latest moment at which it is already the next day on Guam
  // (16 hours ahead of Chicago; at most 8 hours ago, so the story is among the 15 shown).
  // Hill Country's own feed carries it; the network's secret refreshes it.
  let at = new Date(Date.now() - 60_000);
  while (day("Pacific/Guam", at) === day("America/Chicago", at))
    at = new Date(at.getTime() - 15 * 60_000);
  // Whole seconds: an RSS date has no milliseconds.
  const published = new Date(Math.floor(at.getTime() / 1000) * 1000);
  const title = `Dated on the next day on Guam ${published.getTime()}`;
  await standIn.publishHeadline(
    "hillcountry-local",
    title,
    "A story of two days.",
    undefined,
    published,
  );
  const refreshLocal = () =>
    ask(port, `${HOSTS.hillcountry}:${port}`, "/api/revalidate", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${REVALIDATE_SECRET}` },
      body: JSON.stringify({ sections: ["local"] }),
    });
  try {
    const refreshed = await refreshLocal();
    expect(refreshed.status, refreshed.body).toBe(200);
    const local = (await get("hillcountry", "/local")).body;
    expect(local).toContain(title);
    // The card that carries it: its <li>, where the date comes before the headline.
    const where = local.indexOf(title);
    const card = local.slice(local.lastIndexOf("<li", where), where);
    const shown = /<time datetime="([^"]+)">([^<]+)<\/time>/i.exec(card);
    expect(new Date(shown![1]!).getTime()).toBe(published.getTime());
    expect(shown![2]).toBe(day("Pacific/Guam", published));
    expect(shown![2]).not.toBe(day("America/Chicago", published));
  } finally {
    // Gone from the feed, and from the page: the tests after this one see the sample items.
    await standIn.clearHeadlines("hillcountry-local");
    await refreshLocal();
  }
});

test("JSON-LD: each publication is its own organization, the network its parent", async () => {
  for (const key of KEYS) {
    const { body } = await get(key, "/");
    const blocks = [...body.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)];
    const data = blocks.flatMap((block) => [JSON.parse(block[1]!)].flat());
    const organization = data.find((item) => item["@type"] === "NewsMediaOrganization");
    const website = data.find((item) => item["@type"] === "WebSite");
    expect(organization.name).toBe(NAMES[key]);
    expect(organization.url).toBe(`${origin[key]}/`);
    expect(organization.parentOrganization.name).toBe("Metro Press Network");
    expect(website.url).toBe(`${origin[key]}/`);
    expect(website.potentialAction.target.urlTemplate).toBe(
      `${origin[key]}/search?q={search_term_string}`,
    );
  }
});

/** What the archive holds of `title` and its feed's carriage, said when a search misses it. */
function archiveHolds(title: string): string {
  const db = new DatabaseSync(archive!.file, { readOnly: true });
  try {
    const rows = db
      .prepare("SELECT feed, title, first_seen, last_seen, at FROM items WHERE title LIKE ?")
      .all(`%${title}%`);
    const feeds = [...new Set(rows.map((row) => String(row.feed)))];
    const carriage = feeds.flatMap((feed) =>
      db.prepare("SELECT * FROM carriage WHERE feed = ?").all(feed),
    );
    return `the archive's rows: ${JSON.stringify(rows)}; their carriage: ${JSON.stringify(carriage)}; the instance said: ${app.output
      .filter((line) => /ERROR/.test(line))
      .slice(-12)
      .join(" | ")}`;
  } finally {
    db.close();
  }
}

test("each publication's search and archive hold its own feeds' headlines, none of another's", async () => {
  // "Ferry" is in Lakeside's own local feed only, "County Road 9" in Hill Country's.
  const text = async (key: Key, path: string) =>
    (await get(key, path)).body.replace(/<[^>]*>/g, "").replace(/&#x27;/g, "'");
  const OWN: Partial<Record<Key, string>> = {
    lakeside: "Lakeside Ferry Adds an Early Crossing",
    hillcountry: "County Road 9 Reopens",
  };
  for (const [owner, title] of Object.entries(OWN) as [Key, string][]) {
    const word = owner === "lakeside" ? "ferry" : "bridge";
    await expect
      .poll(() => text(owner, `/search?q=${word}`), { timeout: 30_000 })
      .toContain(title)
      .catch(() => {
        throw new Error(
          `${owner} /search?q=${word} never showed “${title}”: ${archiveHolds(title)}`,
        );
      });
    const day = /href="(\/archive\/\d{4}\/\d{2}\/\d{2})"/.exec((await get(owner, "/archive")).body);
    expect(day, `${owner} /archive`).not.toBeNull();
    for (const other of KEYS.filter((key) => key !== owner)) {
      expect(await text(other, `/search?q=${word}`), `${other} search`).not.toContain(title);
      const days = [
        ...(await get(other, "/archive")).body.matchAll(/href="(\/archive\/\d{4}\/\d{2}\/\d{2})"/g),
      ];
      for (const [, path] of days)
        expect(await text(other, path!), `${other} ${path}`).not.toContain(title);
    }
  }
});

test("each publication shows its own local headlines and its own blog", async () => {
  const local = Object.fromEntries(
    await Promise.all(KEYS.map(async (key) => [key, titlesIn((await get(key, "/local")).body)])),
  ) as Record<Key, string[]>;
  expect(local.lakeside[0]).toContain("Lakeside Ferry");
  expect(local.hillcountry[0]).toContain("County Road 9");
  expect(local.riverbend[0]).toContain("Riverbend Council");
  expect(local.lakeside.some((title) => local.riverbend.includes(title))).toBe(false);
  expect(local.hillcountry.some((title) => local.riverbend.includes(title))).toBe(false);

  // The functions host is asked with each publication's domain, and answers each its own.
  const blogs = Object.fromEntries(
    await Promise.all(KEYS.map(async (key) => [key, postTitlesOf((await get(key, "/blog")).body)])),
  ) as Record<Key, string[]>;
  expect(blogs.lakeside.length).toBeGreaterThan(0);
  expect(blogs.lakeside.every((title) => title.startsWith("Lakeside: "))).toBe(true);
  expect(blogs.hillcountry.every((title) => title.startsWith("Hill Country: "))).toBe(true);
  expect(blogs.riverbend).toContain("Inside the Riverbend Print Shop");

  // A post of one publication is not another's, even asked by its address.
  const lakesidePost = /href="\/blog\/(lakeside-[a-z-]+)"/.exec(
    (await get("lakeside", "/blog")).body,
  )?.[1];
  expect(lakesidePost).toBeTruthy();
  expect((await get("lakeside", `/blog/${lakesidePost}`)).status).toBe(200);
  expect((await get("riverbend", `/blog/${lakesidePost}`)).status).toBe(404);
});

test("a feed every publication shows is read once for all of them", async () => {
  // World news: the network's feed on every publication, at this instance's own address. It
  // is read once in its first interval (a minute at least), by the first page or by the
  // scheduler, whichever comes first; never once per publication.
  const pages = await Promise.all(KEYS.map((key) => get(key, "/world")));
  const again = await Promise.all(KEYS.map((key) => get(key, "/world")));
  const titles = titlesIn(pages[0]!.body);
  expect(titles.length).toBeGreaterThan(0);
  for (const page of [...pages, ...again]) expect(titlesIn(page.body)).toEqual(titles);
  expect(await standIn.hits("/feeds/world.xml?network")).toBe(1);
});

test("sitemap, robots, RSS, llms.txt and share images are on each publication's own origin", async () => {
  for (const key of KEYS) {
    const others = KEYS.filter((other) => other !== key).map((other) => HOSTS[other]);
    // An index of parts (the site's pages, a part per month of the archive), each on its origin.
    const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
    const sitemap = await get(key, "/sitemap.xml");
    expect(sitemap.status).toBe(200);
    const sitemaps = [sitemap];
    const locs: string[] = [];
    for (const part of locsOf(sitemap.body)) {
      expect(part.startsWith(`${origin[key]}/sitemaps/`), part).toBe(true);
      const answer = await get(key, new URL(part).pathname);
      expect(answer.status, part).toBe(200);
      sitemaps.push(answer);
      locs.push(...locsOf(answer.body));
    }
    expect(locs.length).toBeGreaterThan(20);
    expect(locs.every((loc) => loc.startsWith(`${origin[key]}/`))).toBe(true);

    const robots = await get(key, "/robots.txt");
    expect(robots.body).toContain(`Sitemap: ${origin[key]}/sitemap.xml`);

    const rss = await get(key, "/rss");
    expect(rss.status).toBe(200);
    expect(rss.body).toContain(`<title>${NAMES[key]} Blog</title>`);
    expect(rss.body).toContain(`<link>${origin[key]}/blog</link>`);

    const llms = await get(key, "/llms.txt");
    expect(llms.body.startsWith(`# ${NAMES[key]}`)).toBe(true);

    for (const document of [...sitemaps, robots, rss, llms]) {
      for (const other of others) expect(document.body.includes(other)).toBe(false);
    }

    const image = await get(key, "/opengraph-image");
    expect(image.status).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
  }
  // Each publication's share image is its own drawing.
  const [a, b] = await Promise.all([
    get("riverbend", "/sports/opengraph-image"),
    get("lakeside", "/sports/opengraph-image"),
  ]);
  expect(a.status).toBe(200);
  expect(b.status).toBe(200);
  expect(a.body.length).toBeGreaterThan(10_000);
  expect(a.body).not.toEqual(b.body);
});

test("each publication's icons are its own letters on its own colour, /favicon.ico too", async () => {
  // Each publication's colour as the publications file gives it, else the network's.
  const file = JSON.parse(readFileSync(env.PUBLICATIONS_FILE!, "utf8")) as {
    publications: { url: string; accent?: string }[];
  };
  const ACCENTS = Object.fromEntries(
    KEYS.map((key) => [key, file.publications.find((p) => p.url === origin[key])?.accent]),
  );
  const NETWORK_ACCENT = /--color-accent:\s*(#[0-9a-fA-F]{6})/.exec(
    readFileSync(path.join(__dirname, "../app/globals.css"), "utf8"),
  )![1]!;
  const drawn: Buffer[] = [];
  for (const key of KEYS) {
    const page = await get(key, "/sports");
    const accent = (ACCENTS[key] ?? NETWORK_ACCENT).toLowerCase();
    for (const [rel, size] of [
      ["icon", 96],
      ["apple-touch-icon", 180],
    ] as const) {
      const link = new RegExp(`<link rel="${rel}" href="([^"]+)"[^>]*sizes="${size}x${size}"`);
      const href = link.exec(page.body)?.[1];
      expect(href, `${key}: <link rel="${rel}">`).toBeTruthy();
      const icon = await get(key, href!);
      expect(icon.status).toBe(200);
      expect(icon.headers["content-type"]).toBe("image/png");
      const { data, info } = await sharp(icon.bytes)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([size, size]);
      expect(discColour(data, size, info.channels), `${key}'s ${rel}`).toBe(accent);
      drawn.push(icon.bytes);
    }
    // /favicon.ico, for what asks for it without a page's <link> (feeds, bookmarks, crawlers):
    // an ICO file of one entry, a 48 px PNG of the same disc.
    const favicon = await get(key, "/favicon.ico");
    expect(favicon.status, `${key}: /favicon.ico`).toBe(200);
    expect(favicon.headers["content-type"]).toBe("image/x-icon");
    const ico = favicon.bytes;
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 1]);
    expect([ico[6], ico[7]]).toEqual([48, 48]);
    const [length, offset] = [ico.readUInt32LE(14), ico.readUInt32LE(18)];
    expect(offset + length).toBe(ico.length);
    const png = sharp(ico.subarray(offset));
    expect((await png.metadata()).format).toBe("png");
    const { data, info } = await png.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([48, 48]);
    expect(discColour(data, 48, info.channels), `${key}'s /favicon.ico`).toBe(accent);
    drawn.push(ico);
  }
  expect(new Set(drawn.map((bytes) => bytes.toString("base64"))).size).toBe(drawn.length);
});

/** Left of the letters, inside the disc: where an icon shows its publication's colour. */
function discColour(data: Buffer, size: number, channels: number): string {
  const at = (Math.floor(size / 2) * size + Math.floor(size / 8)) * channels;
  return `#${[...data.subarray(at, at + 3)].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

/** Every file below `dir`, with its size. */
function files(dir: string): Map<string, number> {
  const found = new Map<string, number>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else found.set(full, statSync(full).size);
    }
  };
  walk(dir);
  return found;
}

test("a host that is no publication's gets 421 and leaves nothing behind, whatever its headers", async () => {
  const cache = path.join(app.dir, ".next");
  await get("lakeside", "/terms"); // let the instance settle its own writes first
  const before = files(cache);
  const paths = ["/", "/sports", "/terms", "/blog", "/sitemap.xml", "/photo/x/400.webp"];
  for (let i = 0; i < 300; i++) {
    const host = `${Math.random().toString(36).slice(2, 10)}.example:${port}`;
    const answer = await ask(port, host, paths[i % paths.length]!, {
      headers: { publication: HOSTS.lakeside, "x-forwarded-host": HOSTS.lakeside },
    });
    expect(answer.status, host).toBe(421);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.body).not.toContain("Lakeside");
  }
  const after = files(cache);
  // Photos' widths are made in the background from the pages read before, and the cache's
  // record of expired tags (tags.json) is the background's too: not these requests.
  const grown = [...after].filter(
    ([file, size]) =>
      before.get(file) !== size && !file.includes("/cache/photos/") && !file.endsWith("/tags.json"),
  );
  expect(grown).toEqual([]);
  // Load balancers ask by address: the health check answers whatever the host.
  expect((await ask(port, `127.0.0.1:${port}`, "/api/health")).status).toBe(200);
  expect((await ask(port, "unknown.example", "/api/health")).status).toBe(200);
});

test("X-Forwarded-Host and a publication header from outside never choose a publication", async () => {
  const answer = await get("riverbend", "/terms", {
    "x-forwarded-host": HOSTS.lakeside,
    forwarded: `host=${HOSTS.lakeside}`,
    publication: HOSTS.lakeside,
  });
  expect(titleOf(answer.body)).toBe(`Terms of Service | ${NAMES.riverbend}`);
});

test("an editor's secret refreshes its own publication only; the network's refreshes any", async () => {
  const refresh = (key: Key, secret: string | null) =>
    ask(port, `${HOSTS[key]}:${port}`, "/api/revalidate", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(secret ? { authorization: `Bearer ${secret}` } : {}),
      },
      body: JSON.stringify({ sections: ["local"], blog: true }),
    });
  const own = await refresh("lakeside", EDITOR_SECRETS.lakeside);
  expect(own.status, own.body).toBe(200);
  expect(JSON.parse(own.body)).toMatchObject({ revalidated: true, publication: HOSTS.lakeside });
  expect(JSON.parse(own.body).sections[0].feeds).toBe(1);

  expect((await refresh("riverbend", EDITOR_SECRETS.lakeside)).status).toBe(403);
  expect((await refresh("hillcountry", EDITOR_SECRETS.lakeside)).status).toBe(403);
  expect((await refresh("lakeside", EDITOR_SECRETS.riverbend)).status).toBe(403);
  expect((await refresh("lakeside", "not-anyone's-secret-at-all")).status).toBe(401);
  expect((await refresh("lakeside", null)).status).toBe(401);
  for (const key of KEYS) {
    const network = await refresh(key, REVALIDATE_SECRET);
    expect(network.status, key).toBe(200);
    expect(JSON.parse(network.body).publication).toBe(HOSTS[key]);
  }

  // A refresh of Lakeside's local feed shows on Lakeside at once.
  await standIn.publishHeadline("lakeside-local", "Refreshed by the Lakeside Editors");
  expect((await refresh("lakeside", EDITOR_SECRETS.lakeside)).status).toBe(200);
  expect(titlesIn((await get("lakeside", "/local")).body)[0]).toBe(
    "Refreshed by the Lakeside Editors",
  );
  expect(titlesIn((await get("riverbend", "/local")).body)).not.toContain(
    "Refreshed by the Lakeside Editors",
  );
  await standIn.clearHeadlines("lakeside-local");
});

test("the feeds' status names the publications that use each feed", async () => {
  const answer = await ask(port, `${HOSTS.riverbend}:${port}`, "/api/feeds/status", {
    headers: { authorization: `Bearer ${REVALIDATE_SECRET}` },
  });
  expect(answer.status).toBe(200);
  const feeds: { url: string; publications: string[]; publicationCount: number }[] = JSON.parse(
    answer.body,
  ).feeds;
  const national = feeds.find((feed) => feed.url.endsWith("/feeds/national.xml?network"))!;
  expect(national.publications.sort()).toEqual(Object.values(HOSTS).sort());
  expect(national.publicationCount).toBe(3);
  const lakesideLocal = feeds.find((feed) => feed.url.endsWith("/feeds/lakeside-local.xml"))!;
  expect(lakesideLocal.publications).toEqual([HOSTS.lakeside]);
  const local = feeds.find((feed) => feed.url.endsWith("/feeds/local.xml?network"))!;
  expect(local.publications).toEqual([HOSTS.riverbend]);
});

test("the cache tier keeps each publication's pages apart", async () => {
  const tierPort = await freePort();
  const tier = await startTier(tierPort, port);
  try {
    for (const round of [1, 2]) {
      for (const key of KEYS) {
        const answer = await ask(tierPort, `${HOSTS[key]}:${tierPort}`, "/faq");
        expect(answer.status).toBe(200);
        expect(titleOf(answer.body), `${key}, round ${round}`).toBe(
          `Frequently Asked Questions | ${NAMES[key]}`,
        );
        if (round === 2) expect(answer.headers["x-cache-status"], key).toBe("HIT");
      }
    }
    // An unknown host is not stored: asked twice, it reaches the app twice.
    for (let i = 0; i < 2; i++) {
      const answer = await ask(tierPort, "stranger.example", "/faq");
      expect(answer.status).toBe(421);
      expect(answer.headers["x-cache-status"]).not.toBe("HIT");
    }
  } finally {
    tier.stop();
  }
});

test("two instances on Redis share each publication's pages, and never one for another", async () => {
  const redis: RedisServer = await startRedis();
  let a: Instance | undefined;
  let b: Instance | undefined;
  try {
    const shared = { ...env, REDIS_URL: redis.url };
    [a, b] = await Promise.all([
      startInstance({ port: await freePort(), env: shared }),
      startInstance({ port: await freePort(), env: shared }),
    ]);
    const on = (instance: Instance, key: Key, pathname: string) =>
      ask(instance.port, `${HOSTS[key]}:${port}`, pathname);
    for (const key of KEYS) {
      expect(titleOf((await on(a, key, "/privacy")).body)).toBe(`Privacy Policy | ${NAMES[key]}`);
    }
    // A's answers end before their pages reach Redis (a bounded write after the answer).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const key of KEYS) {
      const answer = await on(b, key, "/privacy");
      expect(titleOf(answer.body)).toBe(`Privacy Policy | ${NAMES[key]}`);
      // Served from Redis: B did not render it.
      expect(answer.headers["x-nextjs-cache"], key).toBe("HIT");
    }
    const keys = execFileSync(
      "redis-cli",
      ["-p", String(redis.port), "--scan", "--pattern", "*privacy*"],
      {
        encoding: "utf8",
      },
    )
      .split("\n")
      .filter(Boolean);
    for (const key of KEYS) {
      expect(
        keys.some((entry) => entry.includes(`/${HOSTS[key]}/privacy`)),
        key,
      ).toBe(true);
    }
  } finally {
    await Promise.allSettled([a?.cleanup(), b?.cleanup()]);
    await redis.cleanup();
  }
});

test("Chromium with the hosts mapped: each publication by its address, navigation stays on it", async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP *.test 127.0.0.1"],
  });
  try {
    for (const key of ["lakeside", "hillcountry"] as const) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${origin[key]}/`);
      await expect(page).toHaveTitle(`Today's Headlines | ${NAMES[key]}`);
      await expect(page.locator("footer")).toContainText(NAMES[key]);
      // A client-side navigation keeps the reader on the publication's own address.
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "FAQ" })
        .click();
      await expect(page).toHaveURL(`${origin[key]}/faq`);
      await expect(page).toHaveTitle(`Frequently Asked Questions | ${NAMES[key]}`);
      await expect(page.locator("main")).toContainText(NAMES[key]);
      await page.close();
    }
  } finally {
    await browser.close();
  }
});

test("on a phone the masthead shows each publication's whole name, long ones too", async ({}, info) => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--host-resolver-rules=MAP *.test 127.0.0.1"],
  });
  try {
    for (const width of [320, 375]) {
      for (const key of KEYS) {
        const page = await browser.newPage({ viewport: { width, height: 800 } });
        await page.goto(`${origin[key]}/`);
        const header = page.locator("header").first();
        const name = header.getByRole("link").first();
        await expect(name).toHaveText(new RegExp(`${NAMES[key]}$`));
        const fit = await name.evaluate((link) => {
          const text = link.lastElementChild as HTMLElement;
          const box = text.getBoundingClientRect();
          const bar = link.closest("header")!.getBoundingClientRect();
          // The phone's menu control (the desktop navigation's are hidden at this width).
          const menu = [...link.closest("header")!.querySelectorAll("summary, button")].find(
            (control) => control.getBoundingClientRect().width > 0,
          )!;
          return {
            clipped:
              text.scrollWidth > text.clientWidth + 1 || text.scrollHeight > text.clientHeight + 1,
            ellipsis: getComputedStyle(text).textOverflow === "ellipsis",
            inside:
              box.top >= bar.top &&
              box.bottom <= bar.bottom &&
              box.right <= menu.getBoundingClientRect().left,
            menuOnScreen: menu.getBoundingClientRect().right <= window.innerWidth,
          };
        });
        expect(fit, `${key} at ${width} px`).toEqual({
          clipped: false,
          ellipsis: false,
          inside: true,
          menuOnScreen: true,
        });
        if (width === 375) await page.screenshot({ path: info.outputPath(`${key}-375.png`) });
        await page.close();
      }
    }
  } finally {
    await browser.close();
  }
});

test("a publications file with mistakes stops the server at start, naming each one", async () => {
  // Validated in a thread of its own while Next loads (lib/publication/validate-in-thread.mjs):
  // the server still stops before it serves anyone, with what to fix.
  const file = path.join(app.dir, "wrong-publications.json");
  writeFileSync(
    file,
    JSON.stringify({
      publications: [
        { url: origin.riverbend, name: NAMES.riverbend },
        { url: origin.lakeside, town: "Lakeside", colour: "blue" },
      ],
    }),
  );
  const other = await freePort();
  const child = spawn(
    process.execPath,
    [path.resolve("server.mjs"), "--port", String(other), "--hostname", "127.0.0.1"],
    { cwd: app.dir, env: { ...process.env, ...env, PUBLICATIONS_FILE: file } },
  );
  let output = "";
  for (const stream of [child.stdout, child.stderr]) stream.on("data", (text) => (output += text));
  const code = await new Promise((resolve) => child.on("exit", resolve));
  expect(code).toBe(1);
  const lakeside = `${file}: publication 2 (${origin.lakeside})`;
  expect(output).toContain(`PUBLICATIONS_FILE: ${lakeside}: "name" is required`);
  expect(output).toContain(
    `PUBLICATIONS_FILE: ${lakeside}: "colour" is not a field of a publication (a typo?)`,
  );
  expect(output).toContain('Invalid publications file: see README.md, "Running a network".');
  expect(output).not.toContain("Ready on");
});
