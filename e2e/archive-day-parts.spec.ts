import AxeBuilder from "@axe-core/playwright";
import { existsSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, test } from "./fixtures";
import { appEnv, REVALIDATE_SECRET } from "./env.cjs";
import { SECTION_FEEDS } from "./stand-in/catalogue.cjs";
import {
  freePort,
  startInstance,
  tempArchive,
  waitFor,
  type Instance,
  type TempArchive,
} from "./redis/instances.cjs";

/**
 * A busy day of the archive (lib/archive/calendar.ts, over DAY_PAGE = 250 headlines) is shown
 * a part of the day at a time: the day's address holds its first part, /06, /12 and /18 the
 * others, each listing its hours' headlines only, the day's parts with their counts, and at
 * its end the parts before and after it (past the first and last, the days before and after);
 * a part without headlines, or an hour that begins none, is the 404.
 * An instance of its own, on an archive of its own, whose local section reads three feeds
 * served here: 270 headlines of one day, five days ago, none after 6 PM, and four the day
 * before (a day shown whole, whose parts' addresses show it whole); its other sections
 * read empty feeds, so the day holds these alone (the blog's sample posts are of 2026-11-20
 * and before). Desktop project only.
 */

test.describe.configure({ mode: "serial" });
test.setTimeout(180_000);

const ZONE = "America/Chicago";
/** Headlines of the day by the hour of Riverbend's clocks: 60, 100 and 110 in its parts. */
const HOURS: Record<number, number> = { 1: 30, 4: 30, 8: 50, 10: 50, 13: 55, 16: 55 };
const FEEDS = ["a", "b", "c"];

/** "2026-11-30" in Riverbend. */
const dayIn = (moment: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(moment);
const hourIn = (moment: number) =>
  Number(
    new Intl.DateTimeFormat("en-US", { hour: "numeric", hourCycle: "h23", timeZone: ZONE }).format(
      moment,
    ),
  );
/** The busy day, and the day before it, with four headlines. */
const DAY = dayIn(Date.now() - 5 * 86_400_000);
const QUIET = dayIn(Date.now() - 6 * 86_400_000);
const pathOf = (day: string) => `/archive/${day.replaceAll("-", "/")}`;
const nameOf = (day: string) => {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(Date.UTC(year, month - 1, date, 12));
};
const DAY_PATH = pathOf(DAY);
const DAY_NAME = nameOf(DAY);

/** The moment Riverbend's clocks show `hour`:`minute` on `day` (Chicago is UTC-5 or -6). */
function at(day: string, hour: number, minute: number): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  for (const offset of [5, 6]) {
    const moment = Date.UTC(year, month - 1, date, hour + offset, minute);
    if (dayIn(moment) === day && hourIn(moment) === hour) return new Date(moment);
  }
  throw new Error(`no ${hour}:${minute} on ${day}`);
}

/** The days' items, dealt to the three feeds, newest first in each. */
const ITEMS = [
  ...Object.entries(HOURS).flatMap(([hour, count]) =>
    Array.from({ length: count }, (_, n) => ({
      title: `Riverbend at ${hour} o'clock, report ${n + 1}`,
      link: `https://dayparts.example/${hour}/${n}`,
      date: at(DAY, Number(hour), n),
    })),
  ),
  ...Array.from({ length: 4 }, (_, n) => ({
    title: `A quiet afternoon in Riverbend, report ${n + 1}`,
    link: `https://dayparts.example/quiet/${n}`,
    date: at(QUIET, 14, n),
  })),
];

/** Feed "a", "b" or "c": a third of the day's items; a section's name: an empty feed. */
function feedXml(name: string): string {
  const feed = FEEDS.indexOf(name);
  const items = ITEMS.filter((_, n) => n % FEEDS.length === feed)
    .sort((a, b) => b.date.getTime() - a.date.getTime())
    .map(
      (item) =>
        `<item><title>${item.title}</title><link>${item.link}</link><guid>${item.link}</guid><description>A report.</description><pubDate>${item.date.toUTCString()}</pubDate></item>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Day parts ${name}</title><link>https://dayparts.example/</link><description>A busy day.</description>${items.join("")}</channel></rss>`;
}

let feeds: http.Server;
let app: Instance;
let archive: TempArchive | undefined;

/** How many of the day's items the archive file holds (SQLite itself, read-only). */
function recorded(): number {
  if (!existsSync(archive!.file)) return 0;
  const db = new DatabaseSync(archive!.file, { readOnly: true });
  try {
    const row = db
      .prepare("SELECT count(*) AS n FROM items WHERE link LIKE 'https://dayparts.example/%'")
      .get() as { n: number };
    return Number(row.n);
  } catch {
    return 0; // not migrated yet
  } finally {
    db.close();
  }
}

test.beforeAll(async ({}, info) => {
  test.skip(info.project.name !== "desktop", "drives servers: once is enough");
  feeds = http.createServer((req, res) => {
    const name = /^\/([\w-]+)\.xml$/.exec(req.url ?? "")?.[1] ?? "";
    if (!FEEDS.includes(name) && !Object.hasOwn(SECTION_FEEDS, name))
      return void res.writeHead(404).end();
    res.writeHead(200, { "content-type": "application/rss+xml" }).end(feedXml(name));
  });
  const feedPort = await freePort();
  await new Promise<void>((resolve) => feeds.listen(feedPort, "127.0.0.1", resolve));
  const port = await freePort();
  archive = tempArchive();
  const env = appEnv({
    siteUrl: `http://127.0.0.1:${port}`,
    feedQuery: "day-parts",
    archiveFile: archive.file,
  });
  // The local section reads the busy day's three feeds; every other, an empty one.
  const feedsFile = path.join(path.dirname(env.NEWS_FEEDS_FILE!), `feeds-day-parts-${port}.json`);
  const feedUrl = (name: string) => `http://127.0.0.1:${feedPort}/${name}.xml`;
  writeFileSync(
    feedsFile,
    JSON.stringify({
      ...Object.fromEntries(Object.keys(SECTION_FEEDS).map((slug) => [slug, [feedUrl(slug)]])),
      local: FEEDS.map(feedUrl),
    }),
  );
  app = await startInstance({ port, env: { ...env, NEWS_FEEDS_FILE: feedsFile } });
  const refresh = await fetch(`${app.url}/api/revalidate`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Bearer ${REVALIDATE_SECRET}`,
    },
    body: JSON.stringify({ sections: ["local"] }),
  });
  expect(refresh.status).toBe(200);
  await waitFor(() => recorded() === ITEMS.length, "the busy day's recording");
});

test.afterAll(async () => {
  await app?.cleanup();
  archive?.cleanup();
  feeds?.close();
});

/** The times of a page's headlines, in Riverbend's hours. */
async function hoursOn(page: import("@playwright/test").Page): Promise<number[]> {
  const times = await page
    .locator("main section li time")
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute("datetime")!));
  return times.map((time) => hourIn(Date.parse(time)));
}

test("the day's address holds its first part, naming the day's parts and their counts", async ({
  page,
}) => {
  const response = await page.goto(`${app.url}${DAY_PATH}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `Headlines of ${DAY_NAME}, midnight to 6 AM`,
  );
  await expect(page.getByText("60 headlines of the day's 270, section by section.")).toBeVisible();
  expect(new Set(await hoursOn(page))).toEqual(new Set([1, 4]));
  expect(await hoursOn(page)).toHaveLength(60);

  const parts = page
    .getByRole("navigation", { name: `Parts of ${DAY_NAME}`, exact: true })
    .getByRole("link");
  await expect(parts).toHaveText([
    "Midnight to 6 AM60 headlines",
    "6 AM to noon100 headlines",
    "Noon to 6 PM110 headlines",
  ]);
  expect(await parts.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
    DAY_PATH,
    `${DAY_PATH}/06`,
    `${DAY_PATH}/12`,
  ]);
  await expect(parts.first()).toHaveAttribute("aria-current", "page");
  const html = await (await page.request.get(`${app.url}${DAY_PATH}`)).text();
  expect(html).toContain(`<link rel="canonical" href="${app.url}${DAY_PATH}"/>`);
});

test("a part lists its hours' headlines, its place in the trail, and the parts beside it", async ({
  page,
}) => {
  await page.goto(`${app.url}${DAY_PATH}/12`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `Headlines of ${DAY_NAME}, noon to 6 PM`,
  );
  const hours = await hoursOn(page);
  expect(hours).toHaveLength(110);
  expect(new Set(hours)).toEqual(new Set([13, 16]));
  const trail = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(trail.getByRole("link", { name: DAY_NAME })).toHaveAttribute("href", DAY_PATH);
  await expect(trail.locator('[aria-current="page"]')).toHaveText("Noon to 6 PM");
  // At the list's end: the part before; the day after has no headlines.
  const beside = page.getByRole("navigation", { name: "Earlier and later headlines" });
  await expect(beside.getByRole("link")).toHaveText(["←6 AM to noon"]);
  await expect(beside.getByRole("link")).toHaveAttribute("href", `${DAY_PATH}/06`);
  const html = await (await page.request.get(`${app.url}${DAY_PATH}/12`)).text();
  expect(html).toContain(`<link rel="canonical" href="${app.url}${DAY_PATH}/12"/>`);

  // The morning: both neighbours, the first at the day's own address; and the first part:
  // the day before, then the morning.
  await page.goto(`${app.url}${DAY_PATH}/06`);
  expect(new Set(await hoursOn(page))).toEqual(new Set([8, 10]));
  const end = page.getByRole("navigation", { name: "Earlier and later headlines" });
  await expect(end.getByRole("link")).toHaveText(["←Midnight to 6 AM", "Noon to 6 PM→"]);
  await page.goto(`${app.url}${DAY_PATH}`);
  await expect(end.getByRole("link")).toHaveText([`←${nameOf(QUIET)}`, "6 AM to noon→"]);
  expect(
    await end.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href"))),
  ).toEqual([pathOf(QUIET), `${DAY_PATH}/06`]);
});

test("a day of a few headlines is one page, and a part's address shows it whole", async ({
  page,
}) => {
  for (const suffix of ["", "/12", "/18"]) {
    const response = await page.goto(`${app.url}${pathOf(QUIET)}${suffix}`);
    expect(response?.status(), suffix).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      `Headlines of ${nameOf(QUIET)}`,
    );
    expect(await hoursOn(page)).toEqual([14, 14, 14, 14]);
    await expect(page.getByRole("navigation", { name: `Parts of ${nameOf(QUIET)}` })).toHaveCount(
      0,
    );
    const html = await response!.text();
    expect(html).toContain(`<link rel="canonical" href="${app.url}${pathOf(QUIET)}"/>`);
  }
});

test("a part without headlines, or an hour no part begins at, is the 404", async ({ request }) => {
  for (const suffix of ["/18", "/00", "/07", "/6", "/12/30"])
    expect((await request.get(`${app.url}${DAY_PATH}${suffix}`)).status(), suffix).toBe(404);
});

test("without JavaScript the parts are links to follow", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(`${app.url}${DAY_PATH}`);
    await page
      .getByRole("navigation", { name: `Parts of ${DAY_NAME}`, exact: true })
      .getByRole("link", { name: /^Noon to 6 PM/ })
      .click();
    await expect(page).toHaveURL(`${app.url}${DAY_PATH}/12`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/noon to 6 PM$/);
  } finally {
    await context.close();
  }
});

test("a part passes axe's WCAG 2.1 A and AA rules at 1280 and 375 px", async ({ page }) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${app.url}${DAY_PATH}/06`);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect([width, results.violations.map((violation) => violation.id)]).toEqual([width, []]);
  }
});
