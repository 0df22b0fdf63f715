import { logRefused, logUpstreamError } from "../../ops/log";
import { metrics } from "../../ops/metrics";
import { feedStore } from "./feed-store";
import { OutsideGetError, outsideGet, type OutsideGetResult } from "../../net/outside-get";
import { publishVersion } from "../../cache/freshness.mjs";
import { feedTag } from "../../tags";
import { tryLock, waitForLock, type HeldLock } from "../../cache";
import { peekFeed, pollFeed, readFeed, refreshFeed } from "./feed-reader";

jest.mock("../../env", () => ({ config: () => ({ feedJsonServiceUrl: null }) }));
jest.mock("../../ops/log", () => ({
  logUpstreamError: jest.fn(),
  logRefused: jest.fn(),
  logger: () => ({ info: jest.fn(), warn: jest.fn(), error: jest.fn() }),
}));
jest.mock("../../cache/freshness.mjs", () => ({
  ...jest.requireActual("../../cache/freshness.mjs"),
  publishVersion: jest.fn(),
}));
jest.mock("../../net/outside-get", () => ({
  ...jest.requireActual("../../net/outside-get"),
  outsideGet: jest.fn(),
}));

jest.mock("../../cache", () => ({
  ...jest.requireActual("../../cache"),
  tryLock: jest.fn(jest.requireActual("../../cache").tryLock),
  waitForLock: jest.fn(jest.requireActual("../../cache").waitForLock),
}));

const fetchMock = jest.mocked(outsideGet);

const rss = (title: string) =>
  Buffer.from(
    `<?xml version="1.0"?><rss version="2.0"><channel><title>Feed</title>` +
      `<item><title>${title}</title><link>https://news.example/${encodeURIComponent(title)}</link>` +
      `<pubDate>Mon, 02 Mar 2026 10:00:00 GMT</pubDate></item></channel></rss>`,
  );

const ok = (title: string): OutsideGetResult => ({
  status: "ok",
  body: rss(title),
  contentType: "application/rss+xml",
  etag: null,
  lastModified: null,
  maxAgeSeconds: null,
  link: null,
});

const body = (text: string): Extract<OutsideGetResult, { status: "ok" }> => ({
  status: "ok",
  body: Buffer.from(text),
  contentType: "application/rss+xml",
  etag: null,
  lastModified: null,
  maxAgeSeconds: null,
  link: null,
});

afterEach(() => {
  fetchMock.mockReset();
  jest.mocked(logUpstreamError).mockReset();
  jest.mocked(logRefused).mockReset();
});

async function fetchCount(section: string, outcome: string): Promise<number> {
  const metric = await metrics().feedFetches.get();
  return (
    metric.values.find(
      (value) => value.labels.section === section && value.labels.outcome === outcome,
    )?.value ?? 0
  );
}

describe("peekFeed", () => {
  it("answers nothing, and fetches nothing, for a feed never read", () => {
    expect(peekFeed("https://feeds.example/never.xml")).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("answers the last good copy without fetching again", async () => {
    const url = "https://feeds.example/peek.xml";
    fetchMock.mockResolvedValueOnce(ok("Council meets"));
    await readFeed(url);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    expect(peekFeed(url)?.map((article) => article.title)).toEqual(["Council meets"]);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // A page's read takes the copy as it is: the scheduler keeps it current.
    expect((await readFeed(url)).map((article) => article.title)).toEqual(["Council meets"]);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // A failed poll keeps the good copy, and peeking still does not fetch.
    fetchMock.mockRejectedValueOnce(new Error("HTTP 500"));
    await refreshFeed(url);
    expect(peekFeed(url)?.map((article) => article.title)).toEqual(["Council meets"]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe("readFeed: only good documents replace the last good copy", () => {
  const url = "https://feeds.example/local.xml";
  const good = rss("Bridge reopens").toString("utf8");

  beforeAll(async () => {
    fetchMock.mockResolvedValueOnce(ok("Bridge reopens"));
    await readFeed(url, "local");
  });

  it.each([
    ["cut inside the item's title", good.slice(0, good.indexOf("Bridge") + 3)],
    ["cut after an item", good.slice(0, good.indexOf("</item>") + 7)],
    ["cut before the closing root tag", good.slice(0, good.lastIndexOf("</rss>"))],
    ["cut inside the closing root tag", good.slice(0, good.length - 3)],
    ["cut in the XML declaration", good.slice(0, 10)],
    ["an unterminated title", "<rss><channel><item><title>unterminated"],
    ["an HTML error page served with 200", "<!DOCTYPE html><html><body><h1>502</h1></body></html>"],
    ["garbage", "\u0000\u0001\u00ff garbage"],
    ["an empty body", ""],
  ])("%s: the copy stays, the error is logged with the feed's address", async (_, text) => {
    fetchMock.mockResolvedValueOnce(body(text));
    const before = await fetchCount("local", "parse-error");
    const articles = await refreshFeed(url, "local");
    expect(articles.map((article) => article.title)).toEqual(["Bridge reopens"]);
    expect(peekFeed(url)?.map((article) => article.title)).toEqual(["Bridge reopens"]);
    expect(jest.mocked(logUpstreamError)).toHaveBeenCalledWith(
      url,
      expect.stringContaining("(serving the last good copy)"),
      expect.objectContaining({ outcome: "parse-error", section: "local" }),
    );
    expect(await fetchCount("local", "parse-error")).toBe(before + 1);
    const health = await feedStore().getHealth(url);
    expect(health?.lastError?.message).toBeTruthy();
    expect(health?.itemCount).toBe(1);
  });

  it("a complete new document replaces it", async () => {
    fetchMock.mockResolvedValueOnce(ok("Ferry resumes"));
    expect((await refreshFeed(url, "local")).map((article) => article.title)).toEqual([
      "Ferry resumes",
    ]);
  });
});

describe("readFeed: health and metrics", () => {
  it("records success, 304s, HTTP errors with their status, and refusals", async () => {
    const url = "https://feeds.example/health.xml";
    fetchMock.mockResolvedValueOnce({ ...body(rss("One").toString("utf8")), etag: '"v1"' });
    await readFeed(url, "sports");
    fetchMock.mockResolvedValueOnce({ status: "not-modified", maxAgeSeconds: null, link: null });
    await refreshFeed(url, "sports");
    fetchMock.mockRejectedValueOnce(new OutsideGetError("HTTP 503", "http-error", 503, 120));
    await refreshFeed(url, "sports");
    let health = await feedStore().getHealth(url);
    expect(health).toMatchObject({
      fetchCount: 3,
      errorCount: 1,
      notModifiedCount: 1,
      itemCount: 1,
      consecutiveErrors: 1,
      lastError: { message: "HTTP 503", httpStatus: 503, retryAfterSeconds: 120 },
    });
    expect(health?.lastSuccessAt).not.toBeNull();
    expect(health?.lastDurationMs).toBeGreaterThanOrEqual(0);
    expect(fetchMock).toHaveBeenLastCalledWith(url, { etag: '"v1"', lastModified: null });

    const refusedBefore = await fetchCount("sports", "refused");
    fetchMock.mockRejectedValueOnce(
      new OutsideGetError("refused loopback address 127.0.0.1", "refused"),
    );
    await refreshFeed(url, "sports");
    expect(await fetchCount("sports", "refused")).toBe(refusedBefore + 1);
    expect(jest.mocked(logRefused)).toHaveBeenCalledWith(
      url,
      expect.stringContaining("refused loopback address"),
    );
    health = await feedStore().getHealth(url);
    expect(health?.consecutiveErrors).toBe(2);
    expect(health?.lastError).toEqual({
      message: "refused loopback address 127.0.0.1",
      at: expect.any(String),
    });
  });

  it("a feed that never succeeded fails, and is recorded", async () => {
    const url = "https://feeds.example/never-good.xml";
    fetchMock.mockRejectedValueOnce(new OutsideGetError("timed out after 8000 ms", "timeout"));
    await expect(readFeed(url, "world")).rejects.toThrow("timed out");
    expect(await fetchCount("world", "timeout")).toBeGreaterThanOrEqual(1);
    expect((await feedStore().getHealth(url))?.lastSuccessAt).toBeNull();
  });
});

describe("refreshFeed", () => {
  it("waits out a read under way, then reads again", async () => {
    const url = "https://feeds.example/refresh.xml";
    let release: (value: OutsideGetResult) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (release = resolve)));
    const first = readFeed(url, "local");
    fetchMock.mockResolvedValueOnce(ok("After the edit"));
    const refreshed = refreshFeed(url, "local");
    release(ok("Before the edit"));
    await first;
    expect((await refreshed).map((article) => article.title)).toEqual(["After the edit"]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe("a copy's version", () => {
  it("changes when the items change, and only then; every good read is announced", async () => {
    const url = "https://feeds.example/versions.xml";
    const announced = jest.mocked(publishVersion);
    announced.mockClear();
    fetchMock.mockResolvedValueOnce(ok("Budget passes"));
    await readFeed(url, "local");
    const first = (await feedStore().getCopy(url))!;
    const firstChange = Date.parse(first.changedAt!);
    expect(announced).toHaveBeenLastCalledWith(feedTag(url), first.version, {
      confirmedAt: expect.any(Number),
      changedAt: firstChange,
    });

    // The same items again (a 200 with the same document, a 304): the same version.
    fetchMock.mockResolvedValueOnce(ok("Budget passes"));
    await refreshFeed(url, "local");
    fetchMock.mockResolvedValueOnce({ status: "not-modified", maxAgeSeconds: 600, link: null });
    await refreshFeed(url, "local");
    expect(announced).toHaveBeenCalledTimes(3);
    // Announced with the time the version first appeared, not the time of this read.
    expect(announced).toHaveBeenLastCalledWith(
      feedTag(url),
      first.version,
      expect.objectContaining({ changedAt: firstChange }),
    );
    const same = (await feedStore().getCopy(url))!;
    expect(same.version).toBe(first.version);
    expect(same.changedAt).toBe(first.changedAt);
    expect(same.hints?.maxAgeSeconds).toBe(600);

    // A failed read announces nothing.
    fetchMock.mockRejectedValueOnce(new Error("HTTP 500"));
    await refreshFeed(url, "local");
    expect(announced).toHaveBeenCalledTimes(3);

    fetchMock.mockResolvedValueOnce(ok("Budget vetoed"));
    await refreshFeed(url, "local");
    const changed = (await feedStore().getCopy(url))!;
    expect(changed.version).not.toBe(first.version);
    expect(announced).toHaveBeenLastCalledWith(
      feedTag(url),
      changed.version,
      expect.objectContaining({ changedAt: Date.parse(changed.changedAt!) }),
    );
  });
});

describe("pollFeed", () => {
  it("takes a read made while it waited as its own, and reads otherwise", async () => {
    const url = "https://feeds.example/polled.xml";
    const began = Date.now();
    fetchMock.mockResolvedValueOnce(ok("Read by a page"));
    await readFeed(url, "local");
    // The poll began before that read ended: no second request.
    await pollFeed(url, "local", began);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValueOnce(ok("Read by the poll"));
    await pollFeed(url, "local", Date.now() + 1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(peekFeed(url)?.[0]?.title).toBe("Read by the poll");
  });
});

describe("readFeed beside another instance (a shared lock)", () => {
  const lock: HeldLock = {
    name: "feed",
    extend: async () => true,
    keepRenewing: () => () => undefined,
    release: async () => undefined,
  };

  it("takes the holder's copy when the holder wrote it and let go between the wait's last look and its try", async () => {
    const url = "https://feeds.example/shared.xml";
    fetchMock.mockResolvedValueOnce(ok("Read again"));
    const theirs = {
      title: "Read by the other instance",
      description: "",
      link: "https://news.example/theirs",
      pubDate: "2026-03-02T10:00:00.000Z",
      imageUrl: "/default.jpg",
    };
    jest.mocked(tryLock).mockResolvedValueOnce({ outcome: "held-elsewhere" });
    // The wait's last look found no copy; then the holder stored its read and released the
    // lock, and this process's next try took it.
    jest.mocked(waitForLock).mockImplementationOnce(async () => {
      await feedStore().setCopy(url, {
        articles: [theirs],
        etag: null,
        lastModified: null,
        fetchedAt: new Date().toISOString(),
      });
      return { outcome: "acquired", lock };
    });
    const read = await readFeed(url, "local");
    expect(read.map((article) => article.title)).toEqual([theirs.title]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a poll that took the lock after another read reads the feed itself when that read came before it", async () => {
    const url = "https://feeds.example/shared-poll.xml";
    fetchMock.mockResolvedValueOnce(ok("First read"));
    await readFeed(url, "local");
    fetchMock.mockResolvedValueOnce(ok("The poll's read"));
    jest.mocked(tryLock).mockResolvedValueOnce({ outcome: "held-elsewhere" });
    jest.mocked(waitForLock).mockResolvedValueOnce({ outcome: "acquired", lock });
    await pollFeed(url, "local", Date.now() + 1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(peekFeed(url)?.[0]?.title).toBe("The poll's read");
  });
});
