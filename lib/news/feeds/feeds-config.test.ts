import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { configuredFeedOrigins, parseFeedOverrides } from "./feeds-config";
import { SECTION_SLUGS } from "../sections";

describe("parseFeedOverrides", () => {
  it("accepts a known slug with a list of http(s) feed URLs", () => {
    expect(parseFeedOverrides('{"sports": ["https://a/b.xml"]}')).toEqual({
      sports: ["https://a/b.xml"],
    });
  });

  it("accepts several sections and normalises the URLs", () => {
    expect(
      parseFeedOverrides(
        JSON.stringify({
          local: ["http://news.example.com/local.xml", "HTTPS://Feeds.Example.NET/a b.xml"],
          world: ["https://world.example.org"],
        }),
      ),
    ).toEqual({
      local: ["http://news.example.com/local.xml", "https://feeds.example.net/a%20b.xml"],
      world: ["https://world.example.org/"],
    });
  });

  it("accepts every configured section slug", () => {
    const all = Object.fromEntries(
      SECTION_SLUGS.map((slug) => [slug, [`https://feeds.example.com/${slug}.xml`]]),
    );
    expect(Object.keys(parseFeedOverrides(JSON.stringify(all)))).toEqual([...SECTION_SLUGS]);
  });

  it("accepts an empty object", () => {
    expect(parseFeedOverrides("{}")).toEqual({});
  });

  it("rejects an unknown section slug", () => {
    expect(() => parseFeedOverrides('{"weather": ["https://a/b.xml"]}')).toThrow(
      /unknown section "weather"/,
    );
    expect(() => parseFeedOverrides('{"Sports": ["https://a/b.xml"]}')).toThrow(/unknown section/);
    expect(() => parseFeedOverrides('{"__proto__": ["https://a/b.xml"]}')).toThrow(
      /unknown section/,
    );
  });

  it("rejects an empty list or a non-list value", () => {
    expect(() => parseFeedOverrides('{"sports": []}')).toThrow(
      /"sports" must list at least one feed URL/,
    );
    expect(() => parseFeedOverrides('{"sports": "https://a/b.xml"}')).toThrow(
      /at least one feed URL/,
    );
    expect(() => parseFeedOverrides('{"sports": null}')).toThrow(/at least one feed URL/);
    expect(() => parseFeedOverrides('{"sports": {"0": "https://a/b.xml"}}')).toThrow(
      /at least one feed URL/,
    );
  });

  it.each(["ftp://a/b.xml", "file:///etc/feeds.xml", "javascript:alert(1)", "mailto:a@b.c"])(
    "rejects the non-http URL %s",
    (url) => {
      expect(() =>
        parseFeedOverrides(JSON.stringify({ sports: ["https://ok.example/a.xml", url] })),
      ).toThrow(/is not an http\(s\) URL/);
    },
  );

  it.each(["/relative/feed.xml", "not a url", ""])(
    "rejects the unparseable or relative URL %p",
    (url) => {
      expect(() => parseFeedOverrides(JSON.stringify({ sports: [url] }))).toThrow();
    },
  );

  it.each(["[]", '[{"sports": ["https://a/b.xml"]}]', "null", '"sports"', "42", "true"])(
    "rejects the non-object JSON %s",
    (json) => {
      expect(() => parseFeedOverrides(json)).toThrow(/must be a JSON object/);
    },
  );

  it("rejects text that is not JSON", () => {
    expect(() => parseFeedOverrides("sports: https://a/b.xml")).toThrow(SyntaxError);
    expect(() => parseFeedOverrides("")).toThrow();
  });
});

describe("a network's publications", () => {
  // A file of its own per test: the registry reads a file once (a restart reads it again).
  const made: string[] = [];
  const write = (publications: unknown[]) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "network-"));
    made.push(dir);
    const file = path.join(dir, "publications.json");
    writeFileSync(file, JSON.stringify({ publications }));
    return file;
  };

  afterEach(() => {
    delete process.env.PUBLICATIONS_FILE;
    delete process.env.NEWS_FEEDS_FILE;
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** The modules as a process started with the environment set now loads them. */
  const started = () => {
    let loaded!: {
      network: typeof import("../../publication/registry");
      feeds: typeof import("./feeds-config");
    };
    jest.isolateModules(() => {
      loaded = {
        network: jest.requireActual("../../publication/registry"),
        feeds: jest.requireActual("./feeds-config"),
      };
    });
    return { ...loaded.network, ...loaded.feeds };
  };

  it("gives each publication its own list where it has one, the network's elsewhere", () => {
    process.env.PUBLICATIONS_FILE = write([
      { url: "https://a.example", name: "A", feeds: { local: ["https://a.example/rss"] } },
      { url: "https://b.example", name: "B" },
    ]);
    const {
      publications,
      getSectionFeeds,
      embeddedPublication,
      configuredFeedOrigins,
      checkPublicationFeeds,
    } = started();
    const [a, b] = publications();
    expect(getSectionFeeds(a!, "local")).toEqual(["https://a.example/rss"]);
    expect(getSectionFeeds(b!, "local")).toEqual(getSectionFeeds(embeddedPublication(), "local"));
    expect(getSectionFeeds(a!, "national")).toEqual(getSectionFeeds(b!, "national"));
    expect(configuredFeedOrigins().has("https://a.example")).toBe(true);
    expect(() => checkPublicationFeeds()).not.toThrow();
  });

  it("tells where each feed is used, once per feed, worked out again only after a change", () => {
    process.env.PUBLICATIONS_FILE = write([
      { url: "https://a.example", name: "A", feeds: { local: ["https://a.example/rss"] } },
      { url: "https://b.example", name: "B", feeds: { sports: ["https://a.example/rss"] } },
      { url: "https://c.example", name: "C" },
    ]);
    const dir = mkdtempSync(path.join(os.tmpdir(), "feeds-"));
    made.push(dir);
    const feedsFile = (process.env.NEWS_FEEDS_FILE = path.join(dir, "feeds.json"));
    writeFileSync(feedsFile, "{}");
    const { publications, getSectionFeeds, feedUses } = started();
    const [a, b, c] = publications();
    const uses = feedUses();
    expect(uses.get("https://a.example/rss")).toEqual({
      sections: ["local", "sports"],
      publications: [a!.key, b!.key],
    });
    const [national] = getSectionFeeds(c!, "national");
    expect(uses.get(national!)).toEqual({
      sections: ["national"],
      publications: [a!.key, b!.key, c!.key],
    });
    const [local] = getSectionFeeds(c!, "local");
    expect(uses.get(local!)?.publications).toEqual([b!.key, c!.key]);
    expect(feedUses()).toBe(uses);

    // An operator edits NEWS_FEEDS_FILE: read again, without a restart.
    writeFileSync(feedsFile, '{"national": ["https://wire.example/all.xml"]}');
    const later = new Date(Date.now() + 5_000);
    utimesSync(feedsFile, later, later);
    expect(feedUses()).not.toBe(uses);
    expect(feedUses().get("https://wire.example/all.xml")?.publications).toHaveLength(3);
    expect(feedUses().has(national!)).toBe(false);
  });

  it("stops at start on a section that does not exist, naming the publication", () => {
    process.env.PUBLICATIONS_FILE = write([
      { url: "https://a.example", name: "A", feeds: { weather: ["https://a.example/rss"] } },
    ]);
    const { checkPublicationFeeds } = started();
    expect(() => checkPublicationFeeds()).toThrow(
      /publication 1 \(https:\/\/a\.example\): "feeds\.weather" is not a section \(one of local, /,
    );
  });
});

describe("configuredFeedOrigins", () => {
  it("is worked out once, not on every call, while nothing changes", () => {
    delete process.env.NEWS_FEEDS_FILE;
    expect(configuredFeedOrigins()).toBe(configuredFeedOrigins());
  });
});
