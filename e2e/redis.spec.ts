import { expect, test } from "./fixtures";
import { execFileSync } from "node:child_process";
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { appEnv, REVALIDATE_SECRET, STAND_IN_URL } from "./env.cjs";
import { BLOG_KEY } from "./stand-in/blog-catalogue.cjs";
import { standIn } from "./stand-in/control";
import { titlesIn } from "./helpers";
import {
  freePort,
  startInstance,
  startRedis,
  tempArchive,
  type TempArchive,
  waitFor,
  type Instance,
  type RedisServer,
} from "./redis/instances.cjs";

/**
 * Several instances, one cache: two production instances of the one build (each with its own
 * copy of `.next`, so its own disk cache) share a real Redis (Debian's redis-server on a
 * loopback port, started here). Pages, data, feeds' last good copies and refreshes go through
 * Redis; Redis stopping never costs a request. Desktop project only: it drives servers, not a
 * browser layout.
 */

test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

type Server = Instance;

let redis: RedisServer;
let a: Server;
let b: Server;
let feedsFile: string;
/** The two instances' archive: one file, as instances on one host share it (not the suite app's). */
let archive: TempArchive | undefined;

const AUTH = { authorization: `Bearer ${REVALIDATE_SECRET}`, "content-type": "application/json" };

test.beforeAll(async ({}, info) => {
  test.skip(info.project.name !== "desktop", "drives servers, not a browser: once is enough");
  redis = await startRedis();
  archive = tempArchive();
  // Feed addresses of their own (…?instances): the stand-in counts these instances' reads apart
  // from the suite's app, which polls the same feeds every 2 s.
  const base = appEnv({
    siteUrl: "http://127.0.0.1:3100",
    blog: "functions",
    feedQuery: "instances",
    archiveFile: archive.file,
  });
  // A feed list of their own: the race tests give a section a new feed address each round.
  feedsFile = base.NEWS_FEEDS_FILE!.replace(/\.json$/, "-redis.json");
  copyFileSync(base.NEWS_FEEDS_FILE!, feedsFile);
  // Every feed is polled within a second of the start (then every 300 s, the ceiling), and the
  // tests begin once all are: the reads they count are then their pages' own.
  const env = {
    ...base,
    NEWS_FEEDS_FILE: feedsFile,
    REDIS_URL: redis.url,
    FEED_POLL_MIN_SECONDS: "1",
  };
  [a, b] = await Promise.all([
    startInstance({ port: await freePort(), env }),
    startInstance({ port: await freePort(), env }),
  ]);
  await waitFor(async () => {
    const status = await fetch(`${a.url}/api/feeds/status`, { headers: AUTH });
    const { feeds } = (await status.json()) as { feeds: { poll: unknown }[] };
    return feeds.every((feed) => feed.poll !== null);
  }, "the first polls");
});

test.afterAll(async () => {
  await Promise.allSettled([a?.cleanup(), b?.cleanup()]);
  await redis?.cleanup();
  archive?.cleanup();
  await standIn.clear("/feeds/health.xml");
  await standIn.clear("/functions/v1/get_metainfo");
  for (const feed of ["technology", "health", "food"]) await standIn.clearHeadlines(feed);
});

async function get(server: Server, path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(server.url + path);
  return { status: response.status, html: await response.text() };
}

async function refresh(server: Server, body: unknown) {
  const response = await fetch(`${server.url}/api/revalidate`, {
    method: "POST",
    headers: AUTH,
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Deletes Next's entries (pages and data) from Redis, keeping the feeds' copies. */
function forgetPagesInRedis() {
  const cli = (...args: string[]) =>
    execFileSync("redis-cli", ["-p", String(redis.port), ...args], { encoding: "utf8" });
  const keys = cli("--scan", "--pattern", "riverbend:next:*").split("\n").filter(Boolean);
  for (const key of keys) cli("del", key);
}

/** Each instance reconnects to Redis by itself, and says so once, after the `logged` lines. */
async function reconnectedOnce(logged: number[]) {
  await expect
    .poll(
      () =>
        [a, b].map(
          (s, i) => s.output.slice(logged[i]).filter((l) => l.includes("redis: connected")).length,
        ),
      { timeout: 15_000 },
    )
    .toEqual([1, 1]);
}

/** A section page rendered on `first` is served by `second` without its feed being read again. */
async function sharedWithoutFeedRead(first: Server, second: Server, section: string) {
  const feed = `/feeds/${section}.xml?instances`;
  const rendered = await get(first, `/${section}`);
  expect(rendered.status).toBe(200);
  const titles = titlesIn(rendered.html);
  expect(titles.length).toBeGreaterThan(0);
  const hits = await standIn.hits(feed);
  const served = await get(second, `/${section}`);
  expect(served.status).toBe(200);
  expect(titlesIn(served.html)).toEqual(titles);
  expect(await standIn.hits(feed)).toBe(hits);
}

test("a page rendered on one instance is served by the other without reading the feed again", async () => {
  await sharedWithoutFeedRead(a, b, "technology");
  await sharedWithoutFeedRead(b, a, "food");
});

test("an entry in Redis the site did not write is read as a miss: the page is made again, Redis stays in use", async () => {
  const cli = (input: Buffer | null, ...args: string[]) =>
    execFileSync("redis-cli", ["-p", String(redis.port), ...args], {
      encoding: "utf8",
      ...(input ? { input } : {}),
    });
  const keyOf = (path: string) =>
    cli(null, "--scan", "--pattern", `riverbend:next:*${path}`).split("\n").find(Boolean);
  const made = await get(a, "/culture");
  expect(made.status).toBe(200);
  await expect.poll(() => keyOf("/culture")).toBeTruthy();
  const key = keyOf("/culture")!;
  // What a foreign writer or a broken copy could leave: gzip's first bytes and no more, then
  // text that is not JSON.
  const foreign = [Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x01]), Buffer.from("<html>not an entry")];
  for (const bytes of foreign) {
    cli(bytes, "-x", "set", key);
    const logged = b.output.length;
    const served = await get(b, "/culture");
    expect(served.status).toBe(200);
    expect(titlesIn(served.html)).toEqual(titlesIn(made.html));
    // Said once in B's log (a warning), and not taken for Redis failing.
    const said = () => b.output.slice(logged).filter((line) => line.includes("redis: "));
    await expect
      .poll(said)
      .toEqual([expect.stringMatching(/^redis: entry \S+\/culture is not valid/)]);
    // Made again and written over the foreign value, and read back from Redis on A.
    await expect.poll(() => cli(null, "strlen", key).trim()).not.toBe(String(bytes.length));
    expect((await fetch(`${a.url}/culture`)).headers.get("x-nextjs-cache")).toBe("HIT");
    expect(said()).toHaveLength(1);
  }
});

test("a page rendered while Redis is away is shared once it is back, not rendered again", async () => {
  const cache = async (server: Server, path: string) =>
    (await fetch(server.url + path)).headers.get("x-nextjs-cache");
  await redis.stop();
  // Rendered while A cannot reach Redis: stored on A's disk only, and served from there.
  expect(await cache(a, "/realestate")).toBe("MISS");
  expect(await cache(a, "/realestate")).toBe("HIT");
  const logged = [a.output.length, b.output.length];
  await redis.start();
  await reconnectedOnce(logged);
  // Redis came back empty. A shares the page it made meanwhile instead of rendering it again
  // (Redis's miss is otherwise the truth), and B is served it from Redis.
  expect(await cache(a, "/realestate")).toBe("HIT");
  expect(await cache(b, "/realestate")).toBe("HIT");
});

test("a refresh on one instance is seen on the other at once: headlines and blog", async () => {
  for (const server of [a, b]) expect((await get(server, "/technology")).status).toBe(200);
  const title = `Shared cache carries the council vote ${Date.now()}`;
  await standIn.publishHeadline("technology", title);
  await refresh(a, { sections: ["technology"] });
  expect(titlesIn((await get(b, "/technology")).html)[0]).toBe(title);
  expect(titlesIn((await get(a, "/technology")).html)[0]).toBe(title);

  // The blog: its list page cached on both, the host changes a title, A is refreshed.
  expect((await get(b, "/blog")).status).toBe(200);
  const list = await (
    await fetch(`${STAND_IN_URL}/functions/v1/get_metainfo?domain=example.com&page=1`, {
      headers: { authorization: `Bearer ${BLOG_KEY}` },
    })
  ).json();
  const postTitle = `Editors pick from the shared cache ${Date.now()}`;
  list.blogs[0].metaTitle = postTitle;
  expect((await get(b, "/blog")).html).not.toContain(postTitle);
  await standIn.override("/functions/v1/get_metainfo", {
    mode: "status",
    status: 200,
    body: JSON.stringify(list),
    type: "application/json",
  });
  await refresh(a, { blog: true });
  expect((await get(b, "/blog")).html).toContain(postTitle);
  await standIn.clear("/functions/v1/get_metainfo");
  await refresh(a, { blog: true });
});

test("an instance restarted on an empty disk, with a feed down, shows that feed's last good headlines", async () => {
  const stamp = Date.now();
  const title = `Clinic hours extended through the winter ${stamp}`;
  await standIn.publishHeadline("health", title);
  await refresh(a, { sections: ["health"] });
  expect(titlesIn((await get(a, "/health")).html)[0]).toBe(title);

  await standIn.override("/feeds/health.xml", { mode: "status", status: 503 });
  await b.restart({ emptyDisk: true });
  // Neither B's disk nor Redis has the page: B renders it from the feed's copy in Redis.
  forgetPagesInRedis();
  const page = await get(b, "/health");
  expect(page.status).toBe(200);
  expect(titlesIn(page.html)[0]).toBe(title);
  // Search on the restarted instance finds it too, in the archive the instances share (A
  // recorded it when it read the feed), calling no feed.
  const hits = await standIn.hits("/feeds/health.xml?instances");
  const search = `/search?q=${encodeURIComponent("Clinic hours extended")}`;
  // Search marks the matched words: the rest of the title follows them.
  await expect
    .poll(async () => (await get(b, search)).html)
    .toContain(`<mark>extended</mark> through the winter ${stamp}`);
  expect(await standIn.hits("/feeds/health.xml?instances")).toBe(hits);
  await standIn.clear("/feeds/health.xml");
});

test("Redis stopped under load: no 5xx, no failed request; started again, sharing resumes", async () => {
  const pages = ["/", "/technology", "/food", "/health", "/blog", "/terms", "/search?q=council"];
  const results: { status: number; ms: number }[] = [];
  const failures: string[] = [];
  let running = true;
  const worker = async (server: Server, offset: number) => {
    for (let i = offset; running; i++) {
      const started = Date.now();
      try {
        const response = await fetch(server.url + pages[i % pages.length], {
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        results.push({ status: response.status, ms: Date.now() - started });
      } catch (error) {
        failures.push(String(error));
      }
    }
  };
  const load = [a, b, a, b].map((server, i) => worker(server, i));
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await redis.stop();
  await new Promise((resolve) => setTimeout(resolve, 4000));
  running = false;
  await Promise.all(load);

  expect(failures).toEqual([]);
  expect(results.filter((r) => r.status >= 500)).toEqual([]);
  expect(results.length).toBeGreaterThan(20);
  for (const server of [a, b]) {
    const unavailable = server.output.filter((line) => line.includes("redis: unavailable"));
    expect(unavailable.length).toBeGreaterThanOrEqual(1);
    // Once per change of state, not once per request.
    expect(unavailable.length).toBeLessThanOrEqual(3);
  }

  const logged = [a.output.length, b.output.length];
  await redis.start();
  // Each instance reconnects by itself, and says so once.
  await reconnectedOnce(logged);
  // Redis came back empty: a page rendered on A now is served by B from Redis again.
  await sharedWithoutFeedRead(a, b, "world");
});

test("photos a page rendered on A names are answered by a new instance after Redis came back empty", async () => {
  // A renders /sports: it issues its photos' ids, recorded on A's disk and in Redis.
  const page = await fetch(`${a.url}/sports`);
  expect(page.headers.get("x-nextjs-cache")).toBe("MISS");
  const html = await page.text();
  const ids = [...new Set([...html.matchAll(/\/photo\/([\w-]{22})\//g)].map((m) => m[1]))];
  expect(ids.length).toBeGreaterThanOrEqual(3);

  const logged = [a.output.length, b.output.length];
  await redis.stop();
  await redis.start();
  await reconnectedOnce(logged);
  // B starts again on an empty disk: it has never seen these ids, and Redis lost them. Copies
  // of the page (the tier's, A's) still name them: A writes what it knows to Redis again.
  await b.restart({ emptyDisk: true });
  for (const id of ids) {
    const photo = await fetch(`${b.url}/photo/${id}/400.webp`);
    expect(photo.status, id).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/webp");
  }
});

/**
 * Gives `section` one feed, at an address no instance has read (the stand-in's feed with a
 * query of its own), so the next page of that section must read it. NEWS_FEEDS_FILE is
 * re-read when it changes (rounds are tens of milliseconds apart: each write is a change).
 */
function newFeedAddress(section: string, round: string): string {
  const feeds = JSON.parse(readFileSync(feedsFile, "utf8")) as Record<string, string[]>;
  const url = `${STAND_IN_URL}/feeds/${section}.xml?round=${round}`;
  feeds[section] = [url];
  writeFileSync(feedsFile, JSON.stringify(feeds));
  return url;
}

const ROUNDS = 50;

test(`B asked within a millisecond of A's answer, or while A reads, never reads the feed again (${ROUNDS} rounds)`, async () => {
  const doubles: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const address = new URL(newFeedAddress("business", `after-${Date.now()}-${round}`));
    forgetPagesInRedis();
    const before = await standIn.hits(address.pathname + address.search);
    let first: { status: number; html: string };
    let second: { status: number; html: string };
    if (round % 2 === 0) {
      // B right after A's last byte.
      first = await get(a, "/business");
      second = await get(b, "/business");
    } else {
      // Both at once, the feed slow (2.5 s): one reads, the other waits for its copy.
      await standIn.override("/feeds/business.xml", { mode: "delay", ms: 2_500 });
      [first, second] = await Promise.all([get(a, "/business"), get(b, "/business")]);
      await standIn.clear("/feeds/business.xml");
    }
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(titlesIn(second.html)).toEqual(titlesIn(first.html));
    const reads = (await standIn.hits(address.pathname + address.search)) - before;
    if (reads !== 1) doubles.push(`round ${round}: ${reads} reads`);
  }
  expect(doubles).toEqual([]);
});

/** The longest a rendered page may take to reach Redis after its answer (docs/instances.md). */
const PAGE_WRITE_BOUND_MS = 250;

test(`a rendered page is in Redis within ${PAGE_WRITE_BOUND_MS} ms of its answer (20 rounds)`, async () => {
  const cli = (...args: string[]) =>
    execFileSync("redis-cli", ["-p", String(redis.port), ...args], { encoding: "utf8" });
  const delays: number[] = [];
  for (let round = 0; round < 20; round++) {
    newFeedAddress("automotive", `write-${Date.now()}-${round}`);
    forgetPagesInRedis();
    expect((await get(a, "/automotive")).status).toBe(200);
    const answered = Date.now();
    for (;;) {
      const keys = cli("--scan", "--pattern", "riverbend:next:*/automotive").split("\n");
      if (keys.some(Boolean)) break;
      if (Date.now() - answered > 5_000) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    delays.push(Date.now() - answered);
  }
  const sorted = [...delays].sort((x, y) => x - y);
  console.log(`[page write] after the answer: median ${sorted[10]} ms, max ${sorted[19]} ms`);
  expect(Math.max(...delays), delays.join(", ")).toBeLessThan(PAGE_WRITE_BOUND_MS);
});

const KILL_ROUNDS = 20;

test(`A killed with SIGKILL as soon as it has answered loses nothing it showed (${KILL_ROUNDS} rounds)`, async () => {
  const lost: string[] = [];
  for (let round = 0; round < KILL_ROUNDS; round++) {
    newFeedAddress("food", `kill-${Date.now()}-${round}`);
    forgetPagesInRedis();
    const logged = a.output.length;
    const shown = await get(a, "/food");
    a.child!.kill("SIGKILL");
    expect(shown.status).toBe(200);
    const titles = titlesIn(shown.html);
    expect(titles.length).toBeGreaterThan(0);
    // The feed goes down; A comes back with nothing in its memory.
    await standIn.override("/feeds/food.xml", { mode: "status", status: 503 });
    // It may be gone already (its exit event then came before this line).
    const child = a.child!;
    if (child.exitCode === null && child.signalCode === null)
      await new Promise((resolve) => child.once("exit", resolve));
    a.child = null;
    const restarting = Date.now();
    await a.start();
    const started = Date.now();
    const again = await get(a, "/food");
    console.log(
      `[kill] round ${round}: up in ${started - restarting} ms, page in ${Date.now() - started} ms`,
    );
    if (again.status !== 200 || titlesIn(again.html)[0] !== titles[0]) {
      lost.push(`round ${round}: ${again.status} ${titlesIn(again.html)[0] ?? "no headlines"}`);
      // What A said about Redis and the feed meanwhile, for the one who debugs it.
      const said = a.output.slice(logged).filter((line) => /redis|food/.test(line));
      console.log(`[kill] round ${round}, A's log:\n${said.join("\n")}`);
    }
    await standIn.clear("/feeds/food.xml");
  }
  expect(lost).toEqual([]);
});

const REFRESHES = 100;
/** How soon a refresh must show on both instances (the bound). */
const REFRESH_SHOWN_MS = 2_000;

test(`an editor's refresh always holds: ${REFRESHES} refreshes under load, each on both instances within ${REFRESH_SHOWN_MS} ms, and it stays`, async () => {
  test.setTimeout(600_000);
  const section = "opinion";
  // Six readers load both instances all along: renders of the section end as refreshes land.
  let reading = true;
  const readers = [a, b, a, b, a, b].map(async (server) => {
    while (reading) await get(server, `/${section}`).catch(() => undefined);
  });
  // The load is steady before the first refresh (A was restarted by the test before).
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const lost: string[] = [];
  const slowest: number[] = [];
  try {
    for (let round = 0; round < REFRESHES; round++) {
      const title = `Council minutes, refresh ${round} ${Date.now()}`;
      await standIn.publishHeadline(section, title);
      await refresh(round % 2 === 0 ? a : b, { sections: [section] });
      const refreshed = Date.now();
      for (const server of [a, b]) {
        let shownAfter = -1;
        while (Date.now() - refreshed < REFRESH_SHOWN_MS) {
          if (titlesIn((await get(server, `/${section}`)).html)[0] === title) {
            shownAfter = Date.now() - refreshed;
            break;
          }
        }
        if (shownAfter < 0) lost.push(`round ${round}: not on :${server.port} within 2 s`);
        else slowest.push(shownAfter);
      }
      // ...and stays: no late write of a render that read the old copy brings it back.
      await new Promise((resolve) => setTimeout(resolve, 150));
      for (const server of [a, b]) {
        const first = titlesIn((await get(server, `/${section}`)).html)[0];
        if (first !== title) lost.push(`round ${round}: :${server.port} went back to "${first}"`);
      }
    }
  } finally {
    reading = false;
    await Promise.all(readers);
    await standIn.clearHeadlines(section);
  }
  const sorted = [...slowest].sort((x, y) => x - y);
  console.log(
    `[refresh race] shown after: median ${sorted[sorted.length >> 1]} ms, max ${sorted.at(-1)} ms`,
  );
  if (lost.length > 0) {
    // What the instances said meanwhile (Redis losses, feed changes), for the one who debugs it.
    for (const server of [a, b])
      writeFileSync(`e2e/.tmp/refresh-race-${server.port}.log`, server.output.join("\n"));
  }
  expect(lost).toEqual([]);
});
