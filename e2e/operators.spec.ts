import { expect, test, type APIRequestContext } from "./fixtures";
import { readFileSync } from "node:fs";
import path from "node:path";
import { REVALIDATE_SECRET, STAND_IN_URL } from "./env.cjs";
import { standIn } from "./stand-in/control";
import { titlesIn } from "./helpers";

/**
 * Editors and operators against the production build and the stand-in: broken feeds are
 * refused, redirects stay out of the server's own network, refresh on demand, feed health,
 * metrics. Each test puts back what it changed (other specs read the same sections).
 */

const SAMPLES = JSON.parse(
  readFileSync(path.join(__dirname, "stand-in", "sample-headlines.json"), "utf8"),
) as Record<string, { title: string }[]>;

const AUTH = { authorization: `Bearer ${REVALIDATE_SECRET}` };

async function refresh(request: APIRequestContext, data: unknown) {
  const response = await request.post("/api/revalidate", { headers: AUTH, data });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

interface FeedStatus {
  url: string;
  sections: string[];
  lastSuccessAt: string | null;
  lastError: { message: string; httpStatus?: number; at: string } | null;
  lastDurationMs: number | null;
  itemCount: number | null;
  notModifiedCount: number;
  fetchCount: number;
}

async function feedStatus(request: APIRequestContext, feedPath: string): Promise<FeedStatus> {
  const response = await request.get("/api/feeds/status", { headers: AUTH });
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  const { feeds } = (await response.json()) as { feeds: FeedStatus[] };
  const feed = feeds.find((entry) => entry.url === `${STAND_IN_URL}${feedPath}`);
  expect(feed, feedPath).toBeDefined();
  return feed!;
}

/**
 * A strict reader of the Prometheus text format (0.0.4): every line is a comment, blank, or
 * `name{label="value",...} number` (numbers as Go's ParseFloat reads them, so NaN in any
 * case, which prom-client writes as "Nan"); returns the samples.
 */
function parsePrometheus(
  text: string,
): { name: string; labels: Record<string, string>; value: number }[] {
  const samples: { name: string; labels: Record<string, string>; value: number }[] = [];
  const sample =
    /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*)\})? ([+-]?(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?|[Ii]nf|[Nn]a[Nn]))(?: \d+)?$/;
  for (const line of text.split("\n")) {
    if (line === "" || /^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+$/.test(line)) continue;
    const match = sample.exec(line);
    if (!match) throw new Error(`not Prometheus text: ${JSON.stringify(line)}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(
      /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g,
    )) {
      labels[key!] = value!;
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

async function metric(request: APIRequestContext, name: string, labels: Record<string, string>) {
  const response = await request.get("/api/metrics", { headers: AUTH });
  expect(response.status()).toBe(200);
  const samples = parsePrometheus(await response.text());
  return (
    samples.find(
      (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
    )?.value ?? 0
  );
}

test("health: 200 ok for load balancers, no secret, never cached", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(await response.json()).toEqual({ status: "ok" });
});

test("the operators' endpoints refuse a missing or wrong secret", async ({ request }) => {
  const attempts: Record<string, string>[] = [
    {},
    { authorization: "Bearer wrong" },
    { "x-revalidate-secret": "wrong" },
  ];
  for (const headers of attempts) {
    expect((await request.get("/api/feeds/status", { headers })).status()).toBe(401);
    expect((await request.get("/api/metrics", { headers })).status()).toBe(401);
    expect(
      (await request.post("/api/revalidate", { headers, data: { sections: "all" } })).status(),
    ).toBe(401);
  }
  const status = await request.get("/api/feeds/status", {
    headers: { "x-revalidate-secret": REVALIDATE_SECRET },
  });
  expect(status.status()).toBe(200);
});

test("revalidate: an unknown section is a 400 naming it; a malformed body a 400", async ({
  request,
}) => {
  const unknown = await request.post("/api/revalidate", {
    headers: AUTH,
    data: { sections: ["sports", "sportz"] },
  });
  expect(unknown.status()).toBe(400);
  expect(await unknown.json()).toMatchObject({ error: expect.stringContaining('"sportz"') });

  for (const body of ['{"sections": ["loc', "sections=local", '{"sections": "local"}', "[]"]) {
    const response = await request.post("/api/revalidate", {
      headers: { ...AUTH, "content-type": "application/json" },
      data: body,
    });
    expect(response.status(), body).toBe(400);
    expect(response.headers()["cache-control"]).toBe("no-store");
  }
});

test.describe("feeds that misbehave", () => {
  test.describe.configure({ mode: "serial" });
  test.skip(({ isMobile }) => isMobile, "changes the stand-in's state: run once");

  test("a truncated feed keeps the section's headlines, and is reported", async ({ request }) => {
    const titles = SAMPLES.local!.map((item) => item.title);
    await refresh(request, { sections: ["local"] });
    expect(titlesIn(await (await request.get("/local")).text())).toEqual(titles);
    const feedBytes = (await (await fetch(`${STAND_IN_URL}/feeds/local.xml`)).arrayBuffer())
      .byteLength;
    const parseErrorsBefore = await metric(request, "riverbend_feed_fetches_total", {
      section: "local",
      outcome: "parse-error",
    });

    const cuts = [
      { mode: "truncate" as const, at: Math.floor(feedBytes * 0.1) },
      { mode: "truncate" as const, at: Math.floor(feedBytes / 2) },
      { mode: "truncate" as const, at: feedBytes - 4 }, // inside </rss>
      { mode: "cut-transfer" as const, at: Math.floor(feedBytes * 0.7) },
    ];
    try {
      for (const cut of cuts) {
        await standIn.override("/feeds/local.xml", cut);
        const before = await standIn.hits("/feeds/local.xml");
        const answer = await refresh(request, { sections: ["local"] });
        expect(await standIn.hits("/feeds/local.xml"), `${cut.mode} ${cut.at}`).toBeGreaterThan(
          before,
        );
        expect(answer.sections[0]).toMatchObject({ section: "local", feedsAnswered: 0 });
        expect(
          titlesIn(await (await request.get("/local")).text()),
          `${cut.mode} ${cut.at}`,
        ).toEqual(titles);
      }
      const status = await feedStatus(request, "/feeds/local.xml");
      expect(status.sections).toEqual(["local"]);
      expect(status.itemCount).toBe(titles.length);
      expect(status.lastError?.message).toMatch(/aborted|socket hang up|ECONNRESET/);
      expect(
        await metric(request, "riverbend_feed_fetches_total", {
          section: "local",
          outcome: "parse-error",
        }),
      ).toBeGreaterThanOrEqual(parseErrorsBefore + 3);
    } finally {
      await standIn.clear("/feeds/local.xml");
      await refresh(request, { sections: ["local"] });
    }
  });

  test("a feed redirecting to another local port reaches nothing there", async ({ request }) => {
    const titles = SAMPLES.automotive!.map((item) => item.title);
    await refresh(request, { sections: ["automotive"] });
    expect(titlesIn(await (await request.get("/automotive")).text())).toEqual(titles);
    const internal = await standIn.internalService();
    const refusedBefore = await metric(request, "riverbend_feed_fetches_total", {
      section: "automotive",
      outcome: "refused",
    });
    try {
      for (const location of [
        `${internal.origin}/admin`,
        `${internal.origin.replace("127.0.0.1", "localhost")}/admin`,
        "http://169.254.169.254/latest/meta-data/",
      ]) {
        await standIn.override("/feeds/automotive.xml", { mode: "redirect", location });
        const answer = await refresh(request, { sections: ["automotive"] });
        expect(answer.sections[0].failures[0].error, location).toMatch(/^refused /);
      }
      expect((await standIn.internalService()).hits).toEqual([]);
      expect(titlesIn(await (await request.get("/automotive")).text())).toEqual(titles);

      const status = await feedStatus(request, "/feeds/automotive.xml");
      expect(status.lastError?.message).toMatch(/^refused /);
      expect(
        await metric(request, "riverbend_feed_fetches_total", {
          section: "automotive",
          outcome: "refused",
        }),
      ).toBeGreaterThanOrEqual(refusedBefore + 3);

      // A redirect within the feed's own origin is still followed.
      await standIn.override("/feeds/automotive.xml", {
        mode: "redirect",
        location: "/feeds/realestate.xml",
      });
      const followed = await refresh(request, { sections: ["automotive"] });
      expect(followed.sections[0]).toMatchObject({ feedsAnswered: 1, failures: [] });
    } finally {
      await standIn.clear("/feeds/automotive.xml");
      await refresh(request, { sections: ["automotive"] });
    }
    expect(titlesIn(await (await request.get("/automotive")).text())).toEqual(titles);
  });

  test("feeds/status reports a failing feed; metrics parse as Prometheus text and count it", async ({
    request,
  }) => {
    await refresh(request, { sections: ["culture"] });
    const healthy = await feedStatus(request, "/feeds/culture.xml");
    expect(healthy.lastSuccessAt).not.toBeNull();
    expect(healthy.itemCount).toBe(SAMPLES.culture!.length);
    expect(healthy.lastDurationMs).toBeGreaterThanOrEqual(0);
    expect(healthy.notModifiedCount).toBeGreaterThanOrEqual(0);

    const errorsBefore = await metric(request, "riverbend_feed_fetches_total", {
      section: "culture",
      outcome: "http-error",
    });
    await standIn.override("/feeds/culture.xml", { mode: "status", status: 503 });
    try {
      await refresh(request, { sections: ["culture"] });
      const failing = await feedStatus(request, "/feeds/culture.xml");
      expect(failing.sections).toEqual(["culture"]);
      expect(failing.lastError).toEqual({
        message: "HTTP 503",
        httpStatus: 503,
        at: expect.any(String),
      });
      expect(Date.parse(failing.lastError!.at)).toBeGreaterThanOrEqual(
        Date.parse(failing.lastSuccessAt!),
      );
      expect(failing.itemCount).toBe(SAMPLES.culture!.length);
      expect(failing.fetchCount).toBeGreaterThan(healthy.fetchCount);

      const response = await request.get("/api/metrics", { headers: AUTH });
      expect(response.headers()["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(response.headers()["cache-control"]).toBe("no-store");
      const text = await response.text();
      const samples = parsePrometheus(text);
      for (const name of [
        "riverbend_feed_fetch_duration_seconds_bucket",
        "riverbend_section_items",
        "riverbend_radio_listeners",
        "riverbend_radio_streams_opened_total",
        "riverbend_radio_streams_closed_total",
        "riverbend_refreshes_total",
      ]) {
        expect(
          samples.some((s) => s.name === name),
          name,
        ).toBe(true);
      }
      expect(text).toContain("# TYPE riverbend_feed_fetches_total counter");
      expect(text).toContain("# TYPE riverbend_feed_fetch_duration_seconds histogram");
      expect(
        await metric(request, "riverbend_feed_fetches_total", {
          section: "culture",
          outcome: "http-error",
        }),
      ).toBe(errorsBefore + 1);
      expect(await metric(request, "riverbend_section_items", { section: "culture" })).toBe(
        SAMPLES.culture!.length,
      );
    } finally {
      await standIn.clear("/feeds/culture.xml");
      await refresh(request, { sections: ["culture"] });
    }
    const recovered = await feedStatus(request, "/feeds/culture.xml");
    expect(Date.parse(recovered.lastSuccessAt!)).toBeGreaterThan(
      Date.parse(recovered.lastError!.at),
    );
  });

  test("a refresh shows a newly published headline at once, on the section and the home page", async ({
    request,
  }) => {
    // Both pages rendered and cached before the headline is published.
    for (const page of ["/realestate", "/national", "/"]) {
      expect((await request.get(page)).status()).toBe(200);
    }
    // Next stores a page and its data just after the answer: a refresh made within those
    // milliseconds can be overwritten by the render it followed (docs/known-limits.md).
    // An editor's refresh comes long after; let the writes land, as they would have.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const title = `Riverbend council approves the new bridge ${Date.now()}`;
    const homeTitle = `Statehouse passes the rail bill ${Date.now()}`;
    await standIn.publishHeadline("realestate", title);
    await standIn.publishHeadline("national", homeTitle);
    try {
      const refreshesBefore = await metric(request, "riverbend_refreshes_total", {
        kind: "headlines",
      });
      const answer = await refresh(request, { sections: ["realestate", "national"] });
      expect(answer).toMatchObject({
        revalidated: true,
        blog: false,
        sections: [
          { section: "realestate", feeds: 1, feedsAnswered: 1, failures: [] },
          { section: "national", feeds: 1, feedsAnswered: 1, failures: [] },
        ],
      });
      // The very next request of each page shows it: no stale page first.
      expect(titlesIn(await (await request.get("/realestate")).text())[0]).toBe(title);
      expect(titlesIn(await (await request.get("/national")).text())[0]).toBe(homeTitle);
      expect(await (await request.get("/")).text()).toContain(homeTitle);
      expect(await metric(request, "riverbend_refreshes_total", { kind: "headlines" })).toBe(
        refreshesBefore + 1,
      );
    } finally {
      await standIn.clearHeadlines("realestate");
      await standIn.clearHeadlines("national");
      await refresh(request, { sections: "all" });
    }
    expect(await (await request.get("/")).text()).not.toContain(homeTitle);
    expect(titlesIn(await (await request.get("/realestate")).text())).toEqual(
      SAMPLES.realestate!.map((item) => item.title),
    );
  });

  test("an empty body still refreshes the blog; sections and the blog together", async ({
    request,
  }) => {
    const empty = await refresh(request, undefined);
    expect(empty).toMatchObject({ revalidated: true, blog: true, sections: [] });
    const both = await refresh(request, { sections: ["world"], blog: true });
    expect(both).toMatchObject({ blog: true, sections: [{ section: "world" }] });
  });
});
