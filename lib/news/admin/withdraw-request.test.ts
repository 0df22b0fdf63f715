import { MAX_ADMIN_BODY_BYTES, readAdminBody } from "./request-body";
import { MAX_LINK_LENGTH, parseSplitRequest, parseWithdrawRequest } from "./withdraw-request";

describe("parseWithdrawRequest", () => {
  it("a link withdraws; restore: true puts it back", () => {
    expect(parseWithdrawRequest('{"link": "https://news.example/story"}')).toEqual({
      ok: true,
      link: "https://news.example/story",
      restore: false,
    });
    expect(parseWithdrawRequest('{"link": "http://news.example/a", "restore": true}')).toEqual({
      ok: true,
      link: "http://news.example/a",
      restore: true,
    });
    expect(parseWithdrawRequest('{"link": "https://news.example/a", "restore": false}')).toEqual({
      ok: true,
      link: "https://news.example/a",
      restore: false,
    });
  });

  it("writes the link as the feed reader does, so the two compare equal", () => {
    // lib/news/ingest writes an item's link through URL: host lowercased, path escaped.
    expect(parseWithdrawRequest('{"link": " HTTPS://News.Example/a story "}')).toMatchObject({
      ok: true,
      link: "https://news.example/a%20story",
    });
    expect(parseWithdrawRequest('{"link": "https://news.example"}')).toMatchObject({
      link: "https://news.example/",
    });
  });

  it("refuses what is not a JSON object", () => {
    for (const body of ["", "not json", "[1]", "null", '"https://news.example/a"'])
      expect(parseWithdrawRequest(body)).toMatchObject({ ok: false });
    expect(parseWithdrawRequest("{")).toEqual({ ok: false, error: "The body is not valid JSON." });
  });

  it("refuses unknown fields, by name, and a restore that is not a boolean", () => {
    expect(parseWithdrawRequest('{"link": "https://a.example/", "url": 1}')).toEqual({
      ok: false,
      error: 'Unknown field "url"; use "link" and "restore".',
    });
    expect(parseWithdrawRequest('{"link": "https://a.example/", "restore": "yes"}')).toEqual({
      ok: false,
      error: '"restore" must be true or false.',
    });
  });

  it("refuses a missing link, a relative one, another scheme, credentials, or one too long", () => {
    for (const link of [
      undefined,
      "",
      "   ",
      42,
      "/local/story",
      "news.example/story",
      "//news.example/story",
      "ftp://news.example/story",
      "javascript:alert(1)",
      "https://",
      "https://user:pass@news.example/story",
    ])
      expect([link, parseWithdrawRequest(JSON.stringify({ link })).ok]).toEqual([link, false]);
    const base = "https://news.example/";
    const longest = base + "a".repeat(MAX_LINK_LENGTH - base.length);
    expect(parseWithdrawRequest(JSON.stringify({ link: longest }))).toMatchObject({ ok: true });
    expect(parseWithdrawRequest(JSON.stringify({ link: `${longest}a` }))).toEqual({
      ok: false,
      error: `"link" is longer than ${MAX_LINK_LENGTH} characters.`,
    });
    // Escaping may lengthen a link past the limit: still refused.
    const spaced = base + " ".repeat(MAX_LINK_LENGTH - base.length - 1) + "a";
    expect(parseWithdrawRequest(JSON.stringify({ link: spaced }))).toMatchObject({ ok: false });
  });
});

describe("readAdminBody", () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    new Request("http://localhost/api/headlines/withdraw", { method: "POST", body, headers });

  it("answers a small body whole", async () => {
    expect(await readAdminBody(post('{"link": "https://a.example/"}'))).toBe(
      '{"link": "https://a.example/"}',
    );
    expect(await readAdminBody(post(""))).toBe("");
  });

  it("refuses a body past the cap, or one that says it is", async () => {
    expect(await readAdminBody(post("x".repeat(MAX_ADMIN_BODY_BYTES)))).toHaveLength(
      MAX_ADMIN_BODY_BYTES,
    );
    expect(await readAdminBody(post("x".repeat(MAX_ADMIN_BODY_BYTES + 1)))).toBeNull();
    // Bytes, not characters.
    expect(await readAdminBody(post("é".repeat(MAX_ADMIN_BODY_BYTES / 2 + 1)))).toBeNull();
    expect(
      await readAdminBody(post("{}", { "content-length": String(MAX_ADMIN_BODY_BYTES + 1) })),
    ).toBeNull();
  });
});

describe("parseSplitRequest", () => {
  it("a link splits; undo: true lets it be grouped again; restore is no field of it", () => {
    expect(parseSplitRequest('{"link": "https://news.example/story"}')).toEqual({
      ok: true,
      link: "https://news.example/story",
      undo: false,
    });
    expect(parseSplitRequest('{"link": "https://news.example/a", "undo": true}')).toEqual({
      ok: true,
      link: "https://news.example/a",
      undo: true,
    });
    expect(parseSplitRequest('{"link": "https://news.example/a", "undo": "yes"}')).toEqual({
      ok: false,
      error: '"undo" must be true or false.',
    });
    expect(parseSplitRequest('{"link": "https://news.example/a", "restore": true}')).toEqual({
      ok: false,
      error: 'Unknown field "restore"; use "link" and "undo".',
    });
    expect(parseSplitRequest('{"link": "javascript:alert(1)"}')).toMatchObject({ ok: false });
  });
});
