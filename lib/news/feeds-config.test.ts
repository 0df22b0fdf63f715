import { parseFeedOverrides } from "./feeds-config";
import { SECTION_SLUGS } from "./sections";

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
