import { expect, test } from "./fixtures";
import {
  appEnv,
  EDITOR_SECRETS,
  REVALIDATE_SECRET,
  STAND_IN_URL,
  writePublicationsFile,
} from "./env.cjs";
import { ask, startTier, titlesIn, type Answer } from "./helpers";
import {
  freePort,
  startInstance,
  tempArchive,
  waitFor,
  type Instance,
  type TempArchive,
} from "./redis/instances.cjs";
import { standIn } from "./stand-in/control";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";

/**
 * One story, many sources (issue 61), end to end: two publications served by two instances
 * sharing one archive file, the cache tier in front of the first. The same news in three of
 * the sports feeds, at three publishers, shows once on /sports with "3 sources" linking to its
 * story page, which lists the three; a different event that shares its words and two plain
 * "Scoreboard" items stay apart. Lakeside carries only the first of the three feeds: its
 * /sports shows that copy alone, and its story page lists only it. An editor's split and its
 * undo hold within 10 s, bare, through the tier and on the other instance, and through the
 * feeds' next read; a withdrawal inside the story holds as before. Desktop project only.
 */

test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

const HOSTS = { riverbend: "riverbend.test", lakeside: "lakeside.test" } as const;
type Key = keyof typeof HOSTS;
const QUERY = "stories";
const feedUrl = (id: string) => `${STAND_IN_URL}/feeds/${id}.xml?${QUERY}`;

let port: number;
let tierPort: number;
let tier: { stop(): void } | undefined;
let app: Instance;
let second: Instance;
let archive: TempArchive | undefined;

const HOUR = 3_600_000;
const now = Date.now();
/** The story: a wire's copy, a sports desk's and the town paper's, hours apart. */
const COPIES = [
  {
    feed: "baseball",
    title: "Harwick Brewers Agree to $640 Million Lakefront Ballpark Deal With Port Tessaly",
    description:
      "The Harwick Brewers and Port Tessaly signed a $640 million deal for a lakefront ballpark on the old Kessler Foundry site, opening in 2029.",
    link: "https://wire.example.net/sports/harwick-brewers-ballpark-deal",
    date: new Date(now - 3 * HOUR),
  },
  {
    feed: "hockey",
    title: "Port Tessaly Signs $640 Million Ballpark Deal to Keep Harwick Brewers",
    description:
      "A lakefront ballpark on the Kessler Foundry site will keep the Harwick Brewers in Port Tessaly under a $640 million deal signed Tuesday; it opens in 2029.",
    link: "https://sportsdesk.example.org/2026/port-tessaly-ballpark",
    date: new Date(now - 2 * HOUR),
  },
  {
    feed: "soccer",
    title: "Kessler Foundry Site Chosen for Harwick Brewers' $640 Million Lakefront Ballpark",
    description:
      "Port Tessaly and the Harwick Brewers agreed on a $640 million ballpark at the former Kessler Foundry on the lakefront, to open in 2029.",
    link: "https://riverbendchronicle.example/sports/kessler-foundry-ballpark",
    date: new Date(now - HOUR),
  },
] as const;
/** Another event, the same team and town: its own story. */
const OTHER = {
  feed: "golf",
  title: "Harwick Brewers Name Port Tessaly Native Lena Ostrova as Manager",
  description:
    "Lena Ostrova, who grew up in Port Tessaly, becomes the Harwick Brewers' first woman manager on a three-year contract.",
  link: "https://wire.example.net/sports/brewers-name-ostrova-manager",
  date: new Date(now - 90 * 60_000),
};
/** Plain titles, every day's: never one story. */
const SCOREBOARDS = [
  {
    feed: "tennis",
    title: "Scoreboard",
    description: "Results from the county tennis ladder: Ames over Brook 6-4, 6-2.",
    link: "https://sportsdesk.example.org/scoreboard/tennis",
    date: new Date(now - 100 * 60_000),
  },
  {
    feed: "golf",
    title: "Scoreboard",
    description: "Results from the Riverbend Links member-guest: Corliss and Dunn win by two.",
    link: "https://riverbendchronicle.example/scoreboard/golf",
    date: new Date(now - 110 * 60_000),
  },
];
const SPORTS = ["baseball", "tennis", "golf", "hockey", "soccer"];

test.beforeAll(async ({}, info) => {
  test.skip(info.project.name !== "desktop", "drives servers: once is enough");
  port = await freePort();
  tierPort = await freePort();
  archive = tempArchive();
  const origin = (key: Key) => `http://${HOSTS[key]}:${port}`;
  const publications = writePublicationsFile(`stories-${port}`, {
    riverbend: origin("riverbend"),
    lakeside: origin("lakeside"),
  });
  // Lakeside reads one of the story's three feeds for its sports.
  const network = JSON.parse(readFileSync(publications, "utf8"));
  network.publications[1].feeds = {
    ...network.publications[1].feeds,
    sports: [feedUrl("baseball")],
  };
  writeFileSync(publications, JSON.stringify(network));
  const env = {
    ...appEnv({ siteUrl: origin("riverbend"), feedQuery: QUERY, archiveFile: archive.file }),
    PUBLICATIONS_FILE: publications,
    FEED_POLL_MIN_SECONDS: "3",
  };
  [app, second] = await Promise.all([
    startInstance({ port, env }),
    startInstance({ port: await freePort(), env }),
  ]);
  tier = await startTier(tierPort, port);
  // The samples recorded first (an archive of a few items cannot tell a rare word), then the
  // news published and the sports feeds read again.
  await waitFor(() => recorded() >= 140, "the samples' recording");
  for (const item of [...COPIES, OTHER, ...SCOREBOARDS]) await standIn.publishItem(item.feed, item);
  await readSports();
});

/** How many items the archive file holds (SQLite itself, read-only, beside the instances). */
function recorded(): number {
  if (!existsSync(archive!.file)) return 0;
  const db = new DatabaseSync(archive!.file, { readOnly: true });
  try {
    return Number((db.prepare("SELECT count(*) AS n FROM items").get() as { n: number }).n);
  } catch {
    return 0; // not migrated yet
  } finally {
    db.close();
  }
}

test.afterAll(async () => {
  tier?.stop();
  await Promise.allSettled([app?.cleanup(), second?.cleanup()]);
  archive?.cleanup();
  for (const feed of SPORTS) await standIn.clearHeadlines(feed);
});

type Via = "app" | "second" | "tier";
function get(key: Key, pathname: string, via: Via = "app"): Promise<Answer> {
  const to = { app: port, second: second.port, tier: tierPort }[via];
  return ask(to, `${HOSTS[key]}:${to}`, pathname);
}

function post(
  key: Key,
  pathname: string,
  secret: string | null,
  body: unknown,
  to = port,
): Promise<Answer> {
  return ask(to, `${HOSTS[key]}:${to}`, pathname, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(secret ? { authorization: `Bearer ${secret}` } : {}),
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** The copies a story page lists: its entries' titles (links out), in order. */
function coverage(html: string): string[] {
  return [...html.matchAll(/<h3[^>]*><a[^>]*>([^<]*)<\/a><\/h3>/g)].map((match) =>
    match[1]!
      .replace(/&amp;/g, "&")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"'),
  );
}

/** The sports feeds read again now, by both instances (each reads feeds on its own). */
async function readSports(): Promise<void> {
  for (const to of [port, second.port]) {
    const answer = await post(
      "riverbend",
      "/api/revalidate",
      EDITOR_SECRETS.riverbend,
      { sections: ["sports"] },
      to,
    );
    expect(answer.status, answer.body).toBe(200);
  }
}

/** The "n sources" links of a page: their story paths and counts. */
function sourcesLinks(html: string): { href: string; sources: number }[] {
  return [...html.matchAll(/<a[^>]*href="(\/story\/[^"]+)"[^>]*>(\d+) sources<\/a>/g)].map(
    (match) => ({ href: match[1]!, sources: Number(match[2]) }),
  );
}

/** What /sports of a publication shows: its cards' titles and its story links. */
async function sports(key: Key, via: Via = "app") {
  const { status, body } = await get(key, "/sports", via);
  expect(status).toBe(200);
  return { titles: titlesIn(body), links: sourcesLinks(body) };
}

const splitAsk = (key: Key, secret: string | null, body: unknown) =>
  post(key, "/api/stories/split", secret, body);

let storyPath = "";

test("a story three feeds carry shows once, with 3 sources linking to its page; another event and plain titles stay apart", async () => {
  // Recorded, grouped, and the page made again once its stories changed.
  await expect
    .poll(async () => (await sports("riverbend")).links.map((link) => link.sources), {
      timeout: 30_000,
    })
    .toEqual([3]);
  const page = await sports("riverbend");
  // The lead is the copy of the feed the section lists first (baseball); the others go.
  expect(page.titles).toContain(COPIES[0].title);
  expect(page.titles).not.toContain(COPIES[1].title);
  expect(page.titles).not.toContain(COPIES[2].title);
  expect(page.titles).toContain(OTHER.title);
  expect(page.titles.filter((title) => title === "Scoreboard")).toHaveLength(2);
  storyPath = page.links[0]!.href;
  expect(storyPath).toMatch(/^\/story\/[A-Za-z0-9-]+$/);

  const story = await get("riverbend", storyPath);
  expect(story.status).toBe(200);
  // The earliest copy's title heads the page; every copy, newest first, each at its source.
  expect(story.body).toMatch(new RegExp(`<h1[^>]*>${COPIES[0].title.replace(/\$/g, "\\$")}</h1>`));
  expect(coverage(story.body)).toEqual([COPIES[2].title, COPIES[1].title, COPIES[0].title]);
  for (const host of ["wire.example.net", "sportsdesk.example.org", "riverbendchronicle.example"])
    expect(story.body).toContain(host);
  expect(story.body).toContain(
    `<link rel="canonical" href="http://riverbend.test:${port}${storyPath}"/>`,
  );
  expect(story.body).toContain('"@type":"CollectionPage"');
  expect(story.body).toContain('"@type":"BreadcrumbList"');
  // Its day in the archive, at the part of the day its first copy came in (below).
  expect(story.body).toMatch(/href="\/archive\/\d{4}\/\d{2}\/\d{2}(\/(06|12|18))?"/);
  // Unknown, malformed and foreign ids are the site's 404.
  for (const missing of ["/story/123", "/story/not_an-id!", "/story/99999999999999999999"])
    expect((await get("riverbend", missing)).status, missing).toBe(404);
});

test("another publication carrying one of the feeds shows its copy with no sources link, and its story page lists only its own", async () => {
  const page = await sports("lakeside");
  expect(page.titles).toContain(COPIES[0].title);
  expect(page.links).toEqual([]);
  const story = await get("lakeside", storyPath);
  expect(story.status).toBe(200);
  expect(coverage(story.body)).toEqual([COPIES[0].title]);
  expect(story.body).not.toContain("sportsdesk.example.org");
});

test("search lists a story once, its best-matching copy, with its sources one link away", async () => {
  const { status, body } = await get("riverbend", "/search?q=kessler%20foundry%20ballpark");
  expect(status).toBe(200);
  const text = body
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");
  const shownCopies = COPIES.filter((copy) => text.includes(copy.title));
  expect(shownCopies).toHaveLength(1);
  expect(sourcesLinks(body)).toEqual([{ href: storyPath, sources: 3 }]);
});

test("a story's day in the archive links its story page, and the story its day's part", async () => {
  const at = COPIES[0].date;
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Chicago" })
    .format(at)
    .replaceAll("-", "/");
  const { status, body } = await get("riverbend", `/archive/${day}`);
  expect(status).toBe(200);
  expect(sourcesLinks(body)).toEqual(expect.arrayContaining([{ href: storyPath, sources: 3 }]));
  // The story's page links the part of the day its first copy came in (a busy day's page
  // shows a part at a time; this day, shown whole, at any part's address).
  const hour = Number(
    new Intl.DateTimeFormat("en-US", {
      hour: "numeric",
      hourCycle: "h23",
      timeZone: "America/Chicago",
    }).format(at),
  );
  const part = [18, 12, 6, 0].find((start) => hour >= start)!;
  const dayLink = `/archive/${day}${part === 0 ? "" : `/${String(part).padStart(2, "0")}`}`;
  const story = await get("riverbend", storyPath);
  const nav = /<nav aria-labelledby="story-days"[\s\S]*?<\/nav>/.exec(story.body)![0];
  expect(nav).toContain(`href="${dayLink}"`);
  const linked = await get("riverbend", dayLink);
  expect(linked.status).toBe(200);
  expect(sourcesLinks(linked.body)).toEqual(
    expect.arrayContaining([{ href: storyPath, sources: 3 }]),
  );
});

test("split: refused without the right secret or body, and for a link the publication never carried", async () => {
  const link = COPIES[1].link;
  expect((await splitAsk("riverbend", null, { link })).status).toBe(401);
  expect((await splitAsk("riverbend", "wrong", { link })).status).toBe(401);
  expect((await splitAsk("riverbend", EDITOR_SECRETS.lakeside, { link })).status).toBe(403);
  // Lakeside's editors: hockey is no feed of theirs.
  expect((await splitAsk("lakeside", EDITOR_SECRETS.lakeside, { link })).status).toBe(404);
  expect((await splitAsk("riverbend", EDITOR_SECRETS.riverbend, "{")).status).toBe(400);
  expect(
    (await splitAsk("riverbend", EDITOR_SECRETS.riverbend, { link, undo: "yes" })).status,
  ).toBe(400);
  const large = { link, padding: "x".repeat(20_000) };
  expect((await splitAsk("riverbend", EDITOR_SECRETS.riverbend, large)).status).toBe(413);
  const read = await ask(port, `${HOSTS.riverbend}:${port}`, "/api/stories/split");
  expect(read.status).toBe(405);
  expect((await sports("riverbend")).links.map((entry) => entry.sources)).toEqual([3]);
});

/** Whether /sports shows the hockey copy on its own, on every instance and the tier. */
async function splitEverywhere(split: boolean): Promise<boolean> {
  for (const via of ["app", "tier", "second"] as const) {
    const page = await sports("riverbend", via);
    const sources = page.links.map((link) => link.sources);
    if (page.titles.includes(COPIES[1].title) !== split) return false;
    if (JSON.stringify(sources) !== JSON.stringify(split ? [2] : [3])) return false;
  }
  return true;
}

test("an editor's split holds within 10 s bare, through the tier and on the other instance, and through the next read; its undo too", async () => {
  // Every view made and cached before the split, with the story whole.
  await expect.poll(() => splitEverywhere(false), { timeout: 10_000 }).toBe(true);
  const answer = await splitAsk("riverbend", EDITOR_SECRETS.riverbend, { link: COPIES[1].link });
  expect(answer.status, answer.body).toBe(200);
  expect(JSON.parse(answer.body)).toEqual({ split: true, link: COPIES[1].link, changed: true });
  const deadline = Date.now() + 10_000;
  await expect.poll(() => splitEverywhere(true), { timeout: deadline - Date.now() }).toBe(true);

  // The feeds read again: the split item stays out.
  await readSports();
  await new Promise((resolve) => setTimeout(resolve, 3000));
  expect(await splitEverywhere(true)).toBe(true);

  const undo = await splitAsk("riverbend", REVALIDATE_SECRET, {
    link: COPIES[1].link,
    undo: true,
  });
  expect(JSON.parse(undo.body)).toEqual({ split: false, link: COPIES[1].link, changed: true });
  const undoDeadline = Date.now() + 10_000;
  await expect
    .poll(() => splitEverywhere(false), { timeout: undoDeadline - Date.now() })
    .toBe(true);
});

test("a withdrawn copy leaves its story's page and counts within 10 s; restored, it comes back", async () => {
  const withdraw = (restore: boolean) =>
    post("riverbend", "/api/headlines/withdraw", EDITOR_SECRETS.riverbend, {
      link: COPIES[2].link,
      restore,
    });
  expect((await withdraw(false)).status).toBe(200);
  await expect
    .poll(
      async () => [
        coverage((await get("riverbend", storyPath)).body).length,
        (await sports("riverbend")).links.map((link) => link.sources),
      ],
      { timeout: 10_000 },
    )
    .toEqual([2, [2]]);
  expect((await withdraw(true)).status).toBe(200);
  await expect
    .poll(async () => coverage((await get("riverbend", storyPath)).body).length, {
      timeout: 10_000,
    })
    .toBe(3);
});
