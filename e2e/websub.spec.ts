import http from "node:http";
import { createHmac } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import { appEnv, REVALIDATE_SECRET, STAND_IN_URL, writePublicationsFile } from "./env.cjs";
import { standIn } from "./stand-in/control";
import {
  freePort,
  startInstance,
  tempArchive,
  type TempArchive,
  startRedis,
  type Instance,
  type RedisServer,
} from "./redis/instances.cjs";

/**
 * WebSub, the subscriber's side (lib/news/websub/), against the stand-in's hub
 * (e2e/stand-in/websub-hub.mjs), which follows the W3C Recommendation: subscribe, verify with
 * a challenge, distribute signed, renew. A production instance of two publications that both
 * list the network's "culture" feed (which announces the hub in its document) and
 * "technology" (an Atom feed that announces it in a Link header), headlines' lifetime 300 s, so
 * that only a push can show a new item within seconds; Redis holds the subscriptions, as in a
 * deployment of several instances. Desktop project only: it drives servers, not a layout.
 */

test.describe.configure({ mode: "serial" });
test.setTimeout(120_000);

const HOSTS = { riverbend: "riverbend.test", lakeside: "lakeside.test" } as const;
type Key = keyof typeof HOSTS;
/** Short leases, so renewals happen while the tests watch (renewed with half left). */
const LEASE_SECONDS = 10;

let port: number;
let app: Instance;
let redis: RedisServer;
let env: Record<string, string>;
/** The instance's archive, its own and empty at first. */
let archive: TempArchive | undefined;

function ask(
  key: Key | null,
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path: pathname,
        method: options.method ?? "GET",
        headers: { host: key ? `${HOSTS[key]}:${port}` : `127.0.0.1:${port}`, ...options.headers },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body }),
        );
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}

const topic = (feed: string) => standIn.websub.topic(feed);
/** The instance's Redis reports, for a failure's message: a timeout changes what is cached. */
const redisLog = () => app.output.filter((line) => line.includes("redis:")).join("\n");
const callbackPrefix = () => `http://127.0.0.1:${port}/api/websub/`;

async function subscriptionOf(feed: string) {
  const all = await standIn.websub.subscriptions();
  return all.filter((s) => s.topic === topic(feed) && s.callback.startsWith(callbackPrefix()));
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function metric(name: string, labels: string): Promise<number> {
  const text = (
    await ask("riverbend", "/api/metrics", {
      headers: { authorization: `Bearer ${REVALIDATE_SECRET}` },
    })
  ).body;
  // Every series of `name` whose labels include `labels`, summed.
  return text
    .split("\n")
    .filter((l) => l.startsWith(`${name}{`) && l.slice(0, l.indexOf("}")).includes(labels))
    .reduce((sum, l) => sum + Number(l.split(" ").at(-1)), 0);
}

function feedsFileWithout(section: string, instead: string): string {
  const file = env.NEWS_FEEDS_FILE!.replace(/\.json$/, `-websub-${port}.json`);
  const feeds = JSON.parse(readFileSync(env.NEWS_FEEDS_FILE!, "utf8"));
  feeds[section] = [`${STAND_IN_URL}/feeds/${instead}.xml`];
  writeFileSync(file, JSON.stringify(feeds, null, 2));
  return file;
}

test.beforeAll(async ({}, info) => {
  test.skip(info.project.name !== "desktop", "drives servers: once is enough");
  await standIn.websub.reset();
  await standIn.websub.config({ minLeaseSeconds: 1, maxLeaseSeconds: LEASE_SECONDS });
  await standIn.websub.announce("culture", { via: "document" });
  await standIn.websub.announce("technology", { via: "header" });
  redis = await startRedis();
  port = await freePort();
  archive = tempArchive();
  const origin = {
    riverbend: `http://${HOSTS.riverbend}:${port}`,
    lakeside: `http://${HOSTS.lakeside}:${port}`,
  };
  env = {
    ...appEnv({
      siteUrl: origin.riverbend,
      feedRevalidateSeconds: 300,
      blog: "functions",
      archiveFile: archive.file,
    }),
    PUBLICATIONS_FILE: writePublicationsFile(`websub-${port}`, origin),
    REDIS_URL: redis.url,
    WEBSUB_CALLBACK_ORIGIN: `http://127.0.0.1:${port}`,
    // First polls within 3 s of start, so the hubs are found at once.
    FEED_POLL_MIN_SECONDS: "3",
  };
  app = await startInstance({ port, env });
  await waitFor(
    async () =>
      (await subscriptionOf("culture")).length === 1 &&
      (await subscriptionOf("technology")).length === 1,
    "subscriptions to the hub",
  );
});

test.afterAll(async () => {
  writeFileSync("e2e/.tmp/websub-app.log", app?.output.join("\n") ?? "");
  await app?.cleanup();
  await redis?.cleanup();
  archive?.cleanup();
  await standIn.websub.reset();
  await standIn.clearHeadlines("culture");
});

test("a feed announcing a hub, in its document or a Link header, is subscribed once, with a secret", async () => {
  for (const feed of ["culture", "technology"]) {
    const [subscription] = await subscriptionOf(feed);
    expect(subscription).toMatchObject({ hasSecret: true, expired: false });
    const requests = (await standIn.websub.log()).filter(
      (entry) => entry.topic === topic(feed) && entry.mode === "subscribe",
    );
    // One subscription (the same callback for every renewal), every request verified.
    expect(new Set(requests.map((entry) => entry.callback)).size).toBe(1);
    expect(requests.every((entry) => entry.outcome !== "refused")).toBe(true);
  }
  // A feed that announces no hub is never subscribed.
  const topics = new Set((await standIn.websub.log()).map((entry) => entry.topic));
  expect(topics.has(topic("sports"))).toBe(false);

  const status = await ask("riverbend", "/api/feeds/status", {
    headers: { authorization: `Bearer ${REVALIDATE_SECRET}` },
  });
  const culture = JSON.parse(status.body).feeds.find(
    (feed: { url: string }) => feed.url === topic("culture"),
  );
  expect(culture.websub).toMatchObject({ hub: standIn.websub.hubUrl, state: "active" });
  expect(Date.parse(culture.websub.leaseEndsAt)).toBeGreaterThan(Date.now());
  expect(culture.poll).toMatchObject({
    reason: expect.any(String),
    intervalSeconds: expect.any(Number),
  });
});

test("a pushed item shows within 10 s on every publication carrying the feed, without a poll", async () => {
  for (const key of ["riverbend", "lakeside"] as const)
    expect((await ask(key, "/culture")).status).toBe(200);
  // This instance's reads of the feed (the stand-in also serves the suite's app, which polls it).
  const reads = await metric("riverbend_feed_fetches_total", 'section="culture"');
  const applied = await metric("riverbend_websub_deliveries_total", 'outcome="applied"');
  const title = `Pushed to every publication ${Date.now()}`;
  const published = Date.now();
  await standIn.publishHeadline("culture", title);
  await waitFor(
    async () =>
      (await ask("riverbend", "/culture")).body.includes(title) &&
      (await ask("lakeside", "/culture")).body.includes(title),
    "the pushed item on both publications",
    10_000,
  );
  console.log(
    `pushed item shown on both publications ${Date.now() - published} ms after publishing`,
  );
  // The headlines' lifetime is 300 s and the feed was not read: the push did it.
  expect(await metric("riverbend_feed_fetches_total", 'section="culture"')).toBe(reads);
  expect(await metric("riverbend_websub_deliveries_total", 'outcome="applied"')).toBeGreaterThan(
    applied,
  );
});

test("a push that changes nothing expires nothing; one that does expires only that feed's pages", async () => {
  const cached = async (key: Key, path: string) => {
    await ask(key, path);
    return (await ask(key, path)).headers["x-nextjs-cache"];
  };
  expect(await cached("riverbend", "/culture")).toBe("HIT");
  expect(await cached("riverbend", "/sports")).toBe("HIT");
  const unchanged = await metric("riverbend_websub_deliveries_total", 'outcome="unchanged"');
  await standIn.websub.publish({ feed: "culture" });
  await waitFor(
    async () =>
      (await metric("riverbend_websub_deliveries_total", 'outcome="unchanged"')) > unchanged,
    "the unchanged delivery handled",
  );
  const after = await ask("riverbend", "/culture");
  expect(after.headers["x-nextjs-cache"], redisLog()).toBe("HIT");

  const title = `Only culture changes ${Date.now()}`;
  await standIn.publishHeadline("culture", title);
  await waitFor(
    async () => (await ask("riverbend", "/culture")).body.includes(title),
    "the change",
  );
  expect((await ask("riverbend", "/sports")).headers["x-nextjs-cache"], redisLog()).toBe("HIT");
});

test("a forged or unsigned push is answered 2xx and changes nothing", async () => {
  const [subscription] = await subscriptionOf("culture");
  const callback = new URL(subscription!.callback);
  const forged = Buffer.from(
    `<?xml version="1.0"?><rss version="2.0"><channel><title>x</title><item><title>Forged headline</title>` +
      `<link>https://news.example.com/forged</link></item></channel></rss>`,
  );
  const bad = await metric("riverbend_websub_deliveries_total", 'outcome="bad-signature"');
  for (const signature of [
    `sha256=${createHmac("sha256", "not-the-secret").update(forged).digest("hex")}`,
    `sha1=${"0".repeat(40)}`,
    undefined,
  ]) {
    const answer = await ask(null, callback.pathname, {
      method: "POST",
      headers: {
        "content-type": "application/rss+xml",
        ...(signature ? { "x-hub-signature": signature } : {}),
      },
      body: forged,
    });
    expect(answer.status).toBe(202);
  }
  // Through the hub too: the real document, signed with another key.
  const viaHub = await standIn.websub.publish({ feed: "culture" }, { signature: "wrong" });
  expect(viaHub.deliveries.every((delivery) => delivery.status === 202)).toBe(true);
  expect(await metric("riverbend_websub_deliveries_total", 'outcome="bad-signature"')).toBe(
    bad + 3 + viaHub.deliveries.length,
  );
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  for (const key of ["riverbend", "lakeside"] as const)
    expect((await ask(key, "/culture")).body).not.toContain("Forged headline");
  // A callback no subscription has is gone.
  expect(
    (await ask(null, "/api/websub/AAAAAAAAAAAAAAAAAAAAAA", { method: "POST", body: forged }))
      .status,
  ).toBe(410);
});

test("a verification the site did not ask for is refused, and its challenge never echoed", async () => {
  const [subscription] = await subscriptionOf("culture");
  const callback = new URL(subscription!.callback);
  const challenge = "unasked-challenge-8731";
  for (const query of [
    // Unsubscribing was never asked.
    { "hub.mode": "unsubscribe", "hub.topic": topic("culture") },
    // Another topic at this callback.
    { "hub.mode": "subscribe", "hub.topic": topic("sports") },
    // A made-up mode.
    { "hub.mode": "publish", "hub.topic": topic("culture") },
  ]) {
    const search = new URLSearchParams({
      ...query,
      "hub.challenge": challenge,
      "hub.lease_seconds": "86400",
    });
    const answer = await ask(null, `${callback.pathname}?${search}`);
    expect(answer.status).toBe(404);
    expect(answer.body).not.toContain(challenge);
  }
  // A callback that does not exist.
  const unknown = await ask(
    null,
    `/api/websub/BBBBBBBBBBBBBBBBBBBBBB?hub.mode=subscribe&hub.topic=${encodeURIComponent(topic("culture"))}&hub.challenge=${challenge}`,
  );
  expect(unknown.status).toBe(404);
  expect(unknown.body).not.toContain(challenge);
});

test("leases are renewed before they end", async () => {
  const seen: number[] = [];
  const deadline = Date.now() + 2.5 * LEASE_SECONDS * 1000;
  while (Date.now() < deadline) {
    const [subscription] = await subscriptionOf("culture");
    expect(subscription?.expired).toBe(false);
    seen.push(subscription!.renewals);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  expect(seen.at(-1)! - seen[0]!).toBeGreaterThanOrEqual(2);
});

test("a feed removed from the configuration is unsubscribed", async () => {
  writeFileSync("e2e/.tmp/websub-app-first.log", app.output.join("\n"));
  await app.cleanup();
  app = await startInstance({
    port,
    env: { ...env, NEWS_FEEDS_FILE: feedsFileWithout("technology", "business") },
  });
  await waitFor(
    async () => (await subscriptionOf("technology")).length === 0,
    "the unsubscription",
  );
  const unsubscribed = (await standIn.websub.log()).filter(
    (entry) => entry.topic === topic("technology") && entry.mode === "unsubscribe",
  );
  expect(unsubscribed.at(-1)?.outcome).toBe("verified");
  // The feed still configured keeps its subscription.
  expect(await subscriptionOf("culture")).toHaveLength(1);
});
