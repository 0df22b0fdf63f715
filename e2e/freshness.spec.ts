import { expect, test } from "./fixtures";
import { REVALIDATE_SECRET } from "./env.cjs";
import { standIn } from "./stand-in/control";
import { titlesIn } from "./helpers";

/**
 * Headlines as fresh as the news (lib/news/schedule/scheduler.ts): feeds are read on their own
 * schedule, whether anyone reads their pages, and a changed feed expires exactly the pages made
 * from it, so a quiet page's first reader after an idle spell gets current headlines, from the
 * app and through the cache tier. The suite's app runs with headlines' lifetime 2 s
 * (playwright.config.ts), so its feeds are polled every 2 s. Desktop project only: it watches
 * servers, not a layout.
 */

const APP = `http://127.0.0.1:${Number(process.env.E2E_APP_PORT ?? 3100)}`;
const TIER = `http://127.0.0.1:${Number(process.env.E2E_APP_PORT ?? 3100) + 1}`;
const LIFETIME_S = 2;

test.beforeEach(({}, info) => {
  test.skip(info.project.name !== "desktop", "watches servers: once is enough");
});

test.afterAll(async () => {
  for (const feed of ["culture", "food"]) await standIn.clearHeadlines(feed);
});

for (const [where, origin, section] of [
  ["the app", APP, "culture"],
  ["the cache tier", TIER, "food"],
] as const) {
  test(`a quiet page's first reader after an idle spell gets current headlines, through ${where}`, async () => {
    test.setTimeout(60_000);
    const first = await fetch(`${origin}/${section}`);
    expect(first.status).toBe(200);
    const title = `Read by no one until now ${Date.now()}`;
    expect(titlesIn(await first.text())).not.toContain(title);

    const feed = `/feeds/${section}.xml`;
    const before = await standIn.hits(feed);
    await standIn.publishHeadline(section, title);
    // Five lifetimes and more with no reader at all.
    await new Promise((resolve) => setTimeout(resolve, 6 * LIFETIME_S * 1000));
    // The feed was read meanwhile, on its schedule: no reader asked for it.
    expect(await standIn.hits(feed)).toBeGreaterThan(before);

    const next = await fetch(`${origin}/${section}`);
    expect(next.status).toBe(200);
    expect(titlesIn(await next.text())).toContain(title);
  });
}

test("the feeds' status says when each feed is read next, and why", async () => {
  const response = await fetch(`${APP}/api/feeds/status`, {
    headers: { authorization: `Bearer ${REVALIDATE_SECRET}` },
  });
  const { feeds } = (await response.json()) as {
    feeds: {
      url: string;
      poll: {
        nextPollAt: string;
        lastPollAt: string;
        intervalSeconds: number;
        reason: string;
      } | null;
    }[];
  };
  const polled = feeds.filter((feed) => feed.poll !== null);
  // Every feed of the network has been read by the scheduler at least once by now.
  expect(polled.length).toBe(feeds.length);
  for (const { poll } of polled) {
    // The ceiling is the headlines' lifetime: a feed that answers is never read less often.
    if (poll!.reason !== "back-off" && poll!.reason !== "retry-after")
      expect(poll!.intervalSeconds).toBeLessThanOrEqual(LIFETIME_S);
    expect([
      "publish-rate",
      "max-age",
      "ttl",
      "update-period",
      "floor",
      "ceiling",
      "back-off",
      "retry-after",
      "websub",
    ]).toContain(poll!.reason);
    expect(Date.parse(poll!.nextPollAt)).toBeGreaterThan(Date.parse(poll!.lastPollAt));
  }
});

test("the metrics tell how old served headlines are, and how long a change took to show", async () => {
  await fetch(`${APP}/culture`);
  await fetch(`${APP}/culture`);
  const text = await (
    await fetch(`${APP}/api/metrics`, { headers: { authorization: `Bearer ${REVALIDATE_SECRET}` } })
  ).text();
  const count = (name: string) =>
    Number(text.match(new RegExp(`^${name}_count (\\d+)`, "m"))?.[1] ?? NaN);
  expect(count("riverbend_headlines_age_seconds")).toBeGreaterThan(0);
  expect(count("riverbend_feed_change_to_page_seconds")).toBeGreaterThan(0);
  expect(text).toMatch(/^riverbend_feed_polls_total\{reason="[a-z-]+"\} \d+/m);
});
