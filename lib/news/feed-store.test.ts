import { fetchFeed, type FetchResult } from "./fetch-feed";
import { peekFeed, readFeed } from "./feed-store";

jest.mock("../env", () => ({ config: () => ({ feedJsonServiceUrl: null }) }));
jest.mock("../log", () => ({ logUpstreamError: jest.fn() }));
jest.mock("./fetch-feed", () => ({ fetchFeed: jest.fn() }));

const fetchMock = jest.mocked(fetchFeed);

const rss = (title: string) =>
  Buffer.from(
    `<?xml version="1.0"?><rss version="2.0"><channel><title>Feed</title>` +
      `<item><title>${title}</title><link>https://news.example/${encodeURIComponent(title)}</link>` +
      `<pubDate>Mon, 02 Mar 2026 10:00:00 GMT</pubDate></item></channel></rss>`,
  );

const ok = (title: string): FetchResult => ({
  status: "ok",
  body: rss(title),
  contentType: "application/rss+xml",
  etag: null,
  lastModified: null,
});

afterEach(() => fetchMock.mockReset());

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

    // A failed read keeps the good copy, and peeking still does not fetch.
    fetchMock.mockRejectedValueOnce(new Error("HTTP 500"));
    await readFeed(url);
    expect(peekFeed(url)?.map((article) => article.title)).toEqual(["Council meets"]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
