/**
 * The cache tier (deploy/nginx/riverbend.conf) in front of the production build, started by
 * Playwright as `npm run start:cached --no-app` runs it: Debian's nginx on the app's port + 1.
 */
import { spawn } from "node:child_process";
import { expect, test, type APIRequestContext, type APIResponse } from "./fixtures";
import { REVALIDATE_SECRET } from "./env.cjs";
import { listen, station, stationListeners } from "./radio/control";
import { standIn } from "./stand-in/control";
import { titlesIn } from "./helpers";

const APP = `http://127.0.0.1:${Number(process.env.E2E_APP_PORT ?? 3100)}`;
const TIER = `http://127.0.0.1:${Number(process.env.E2E_APP_PORT ?? 3100) + 1}`;

test.use({ baseURL: TIER });
test.skip(({ isMobile }) => isMobile, "the tier does not depend on the viewport");

const cacheStatus = (response: APIResponse) => response.headers()["x-cache-status"];
const contentType = (response: APIResponse) => response.headers()["content-type"] ?? "";

/** Asks until the tier answers from its cache (a first request may find an entry updating). */
async function expectHit(request: APIRequestContext, path: string) {
  await expect
    .poll(async () => cacheStatus(await request.get(path)), { timeout: 10_000 })
    .toBe("HIT");
}

test("a second request is a HIT, and share links' tracking parameters hit the same entry", async ({
  request,
}) => {
  const path = `/local?first=${Date.now()}`;
  const first = await request.get(path);
  expect(first.status()).toBe(200);
  expect(["MISS", "HIT", "STALE", "UPDATING", "EXPIRED"]).toContain(cacheStatus(first));
  await expectHit(request, "/local");
  for (const query of [
    "utm_source=facebook&utm_medium=social",
    "fbclid=IwAR0abc",
    "gclid=Cj0KCQ",
  ]) {
    const shared = await request.get(`/local?${query}`);
    expect(cacheStatus(shared), query).toBe("HIT");
    expect(await shared.text()).toContain("Local News");
  }
});

test("search is never looked up or stored: every query is the app's own answer", async ({
  request,
}) => {
  const otters = await request.get("/search?q=otters");
  const council = await request.get("/search?q=council");
  expect(otters.status()).toBe(200);
  expect(await otters.text()).not.toEqual(await council.text());
  for (const path of ["/search?q=otters", "/search?q=otters", "/search"]) {
    const again = await request.get(path);
    expect(again.status(), path).toBe(200);
    // No cache status at all: the tier's cache is off for /search (proxy_cache off).
    expect(cacheStatus(again), path).toBeUndefined();
  }
});

test("pages carry the security headers and X-Cache-Status through the tier", async ({
  request,
}) => {
  for (const path of ["/", "/sports", "/terms", "/blog"]) {
    await request.get(path);
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers["content-security-policy"], path).toContain("default-src 'self'");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"], path).toContain("camera=()");
    expect(headers["x-cache-status"], path).toMatch(/^(HIT|MISS|STALE|UPDATING|EXPIRED)$/);
  }
  const html = await (await request.get("/sports")).text();
  const asset = html.match(/src="(\/_next\/static\/[^"]+\.js)"/)?.[1];
  expect(asset).toBeTruthy();
  await request.get(asset!);
  const cached = await request.get(asset!);
  expect(cacheStatus(cached)).toBe("HIT");
  expect(cached.headers()["cache-control"]).toContain("immutable");
});

test("compressed and plain answers are stored apart, each as the client asked", async ({
  request,
}) => {
  const gzip = await request.get("/world", { headers: { "accept-encoding": "gzip" } });
  const plain = await request.get("/world", { headers: { "accept-encoding": "identity" } });
  expect(gzip.headers()["content-encoding"]).toBe("gzip");
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  expect(await gzip.text()).toEqual(await plain.text());
});

test("TRACE and TRACK are refused; oversized bodies too", async ({ request }) => {
  for (const method of ["TRACE", "TRACK"]) {
    const response = await request.fetch("/", { method });
    expect(response.status(), method).toBeGreaterThanOrEqual(400);
    expect(response.status(), method).toBeLessThan(500);
  }
  const big = await request.post("/api/revalidate", { data: "x".repeat(200_000) });
  expect(big.status()).toBe(413);
});

test("the React payload, a prefetch and the HTML page never answer for one another", async ({
  page,
  request,
}) => {
  // Let Chromium navigate through the tier and record the payload requests it makes.
  const payloads: { url: string; headers: Record<string, string> }[] = [];
  page.on("request", (req) => {
    const headers = req.headers();
    if (headers["rsc"] === "1") payloads.push({ url: req.url(), headers });
  });
  // Static pages: their payloads do not change while the test runs, so the tier's answer can
  // be compared byte for byte with the app's.
  await page.goto("/terms");
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(`${TIER}/privacy`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
  await footer.getByRole("link", { name: "Contact Us" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
  expect(payloads.length).toBeGreaterThan(0);

  const replay = (url: string, headers: Record<string, string> = {}) =>
    request.get(url, {
      headers: Object.fromEntries(
        Object.entries(headers).filter(([name]) => name === "rsc" || name.startsWith("next-")),
      ),
    });
  // Each payload request, replayed twice (the second from the cache), is answered with
  // exactly what the app itself answers: a payload, never the HTML page; a prefetch gets
  // the prefetch.
  for (const { url, headers } of payloads) {
    const path = new URL(url).pathname + new URL(url).search;
    const direct = await request.get(`${APP}${path}`, {
      headers: Object.fromEntries(
        Object.entries(headers).filter(([name]) => name === "rsc" || name.startsWith("next-")),
      ),
    });
    for (let i = 0; i < 2; i++) {
      const tier = await replay(path, headers);
      expect(contentType(tier), path).toContain("text/x-component");
      expect(await tier.text(), path).toEqual(await direct.text());
    }
    // And the page at that address is still the HTML page.
    const html = await request.get(new URL(url).pathname);
    expect(contentType(html), new URL(url).pathname).toContain("text/html");
    expect(await html.text()).toMatch(/^<!DOCTYPE html>/);
  }

  // The other order: the payload of an address nobody has asked for through the tier yet,
  // then its page.
  const navigation = payloads.find((p) => !p.headers["next-router-prefetch"]);
  expect(navigation).toBeTruthy();
  const fresh = new URL(navigation!.url);
  fresh.pathname = "/resources";
  const payloadFirst = await replay(fresh.pathname + fresh.search, navigation!.headers);
  expect(payloadFirst.status()).toBe(200);
  expect(contentType(payloadFirst)).toContain("text/x-component");
  const pageAfter = await request.get("/resources");
  expect(contentType(pageAfter)).toContain("text/html");
  expect(await pageAfter.text()).toMatch(/^<!DOCTYPE html>/);
});

test("an editor's refresh shows through the tier within seconds", async ({ request }) => {
  const GET_METAINFO = "/functions/v1/get_metainfo";
  await request.get("/blog");
  await expectHit(request, "/blog");
  const title = `Refreshed through the cache tier ${Date.now()}`;
  await standIn.override(GET_METAINFO, {
    mode: "status",
    status: 200,
    type: "application/json",
    body: JSON.stringify({
      total: 1,
      blogs: [{ id: 1, slug: "refreshed-post", metaTitle: title, metaDescription: "New." }],
    }),
  });
  try {
    const refresh = await request.post("/api/revalidate", {
      headers: { authorization: `Bearer ${REVALIDATE_SECRET}` },
    });
    expect(refresh.status()).toBe(200);
    const started = Date.now();
    await expect
      .poll(async () => (await request.get("/blog")).text(), { timeout: 10_000, intervals: [250] })
      .toContain(title);
    console.log(
      `[tier] the refreshed blog list showed through the tier after ${Date.now() - started} ms`,
    );
  } finally {
    await standIn.clear(GET_METAINFO);
    await request.post("/api/revalidate", {
      headers: { authorization: `Bearer ${REVALIDATE_SECRET}` },
    });
  }
});

test("at a copy's expiry one request goes to the app; readers meanwhile get that copy, never an older one", async ({
  request,
}) => {
  test.setTimeout(60_000);
  const path = "/automotive";
  // Readers on connections of their own, all at once.
  const together = (count: number) =>
    Promise.all(Array.from({ length: count }, () => fetch(`${TIER}${path}`)));
  const status = (response: Response) => response.headers.get("x-cache-status");
  // A copy stored just now: asked until the tier goes to the app for it.
  await expect
    .poll(async () => cacheStatus(await request.get(path)), { timeout: 10_000, intervals: [250] })
    .toMatch(/^(MISS|EXPIRED)$/);

  // Just past the copy's 5 s: the first request fetches the next one from the app, and the
  // readers who ask while it is on its way are answered with the copy that just expired,
  // instead of each sending a request of their own to the app.
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  const atExpiry = (await together(30)).map(status);
  expect(
    atExpiry.filter((status) => status === "EXPIRED"),
    atExpiry.join(" "),
  ).toHaveLength(1);
  expect(atExpiry.every((status) => ["EXPIRED", "UPDATING", "HIT"].includes(status!))).toBe(true);

  // Long past it (5 s, and the 5 s more an expired copy may answer while the next is on its
  // way): no reader gets the old copy, every one of them has the headline published meanwhile.
  const title = `Published while the copy in the tier aged ${Date.now()}`;
  await standIn.publishHeadline("automotive", title);
  try {
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    const afterIdle = await together(30);
    for (const response of afterIdle) {
      expect(response.status).toBe(200);
      expect(status(response)).not.toBe("UPDATING");
      expect(titlesIn(await response.text())).toContain(title);
    }
  } finally {
    await standIn.clearHeadlines("automotive");
  }
});

test("the radio streams through the tier, unbuffered, and the station side closes after", async () => {
  await station.ready();
  await expect.poll(stationListeners).toBe(0);
  const listener = await listen(`${TIER}/api/stream?port=8076`);
  try {
    expect(listener.status).toBe(200);
    expect(listener.headers["content-type"]).toBe("audio/mpeg");
    expect(listener.headers["x-cache-status"]).toBeUndefined();
    await expect.poll(() => listener.bytes(), { timeout: 10_000 }).toBeGreaterThan(16_000);
  } finally {
    listener.close();
  }
  await expect.poll(stationListeners, { timeout: 5_000 }).toBe(0);
});

test("a burst of requests the cache cannot answer is rate limited; cached pages are not", async ({
  request,
}) => {
  await request.get("/terms");
  await expectHit(request, "/terms");
  const burst = await Promise.all(
    Array.from({ length: 120 }, (_, i) => request.get(`/search?q=burst${i}`)),
  );
  const statuses = burst.map((response) => response.status());
  expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
  // Cache hits from the same client pass at once, all of them.
  const hits = await Promise.all(Array.from({ length: 60 }, () => request.get("/terms")));
  expect(hits.map((response) => response.status())).toEqual(Array(60).fill(200));
  // The app is still up and answering.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect((await request.get(`/search?q=after-the-burst`)).status()).toBe(200);
  expect((await request.get(`${APP}/terms`)).status()).toBe(200);
});

test("an app that is not answering (starting, restarting) costs readers no 502", async () => {
  test.setTimeout(30_000);
  // A tier of its own, in front of a port where no app listens yet.
  const port = Number(process.env.E2E_APP_PORT ?? 3100) + 7;
  const appPort = port + 1;
  const tier = spawn(process.execPath, ["scripts/start-cached.mjs", "--no-app"], {
    env: { ...process.env, PORT: String(port), NEXT_PORT: String(appPort) },
    stdio: "ignore",
  });
  try {
    let answer: Response | undefined;
    await expect
      .poll(async () => {
        answer = await fetch(`http://127.0.0.1:${port}/sports`).catch(() => undefined);
        return answer?.status;
      })
      .toBe(503);
    expect(answer!.headers.get("retry-after")).toBe("5");
    expect(answer!.headers.get("cache-control")).toBe("no-store");
    const html = await answer!.text();
    expect(answer!.headers.get("content-type")).toContain("text/html");
    expect(html).toContain("<h1>Back in a moment</h1>");
    expect(html).toContain('http-equiv="refresh"');
    // A machine endpoint and a build asset too: never a 502.
    for (const path of ["/api/health", "/_next/static/chunks/none.js", "/photo/x/320.webp"]) {
      expect((await fetch(`http://127.0.0.1:${port}${path}`)).status, path).toBe(503);
    }
  } finally {
    tier.kill("SIGTERM");
  }
});
