import { FrontMatterError, parseFrontMatter } from "./front-matter";

/** Joins lines with "\n" so each case reads as the file would. */
const doc = (...lines: string[]) => lines.join("\n");

/** The error parseFrontMatter throws for `source` (fails the test when it does not throw). */
function errorOf(source: string): FrontMatterError {
  try {
    parseFrontMatter(source);
  } catch (error) {
    if (error instanceof FrontMatterError) return error;
    throw error;
  }
  throw new Error("expected parseFrontMatter to throw");
}

describe("parseFrontMatter", () => {
  it("reads plain, double-quoted and single-quoted values", () => {
    const { data, body } = parseFrontMatter(
      doc(
        "---",
        "metaTitle: A plain title",
        'metaDescription: "A quoted one"',
        "date: '2026-01-15'",
        "---",
        "Body",
      ),
    );
    expect(data).toEqual({
      metaTitle: "A plain title",
      metaDescription: "A quoted one",
      date: "2026-01-15",
    });
    expect(body).toBe("Body");
  });

  it("keeps colons in values, quoted or not", () => {
    const { data } = parseFrontMatter(
      doc(
        "---",
        "plain: Riverbend: a history",
        'quoted: "Time: 10:30 a.m."',
        "url: https://www.youtube.com/shorts/abc",
        "---",
      ),
    );
    expect(data).toEqual({
      plain: "Riverbend: a history",
      quoted: "Time: 10:30 a.m.",
      url: "https://www.youtube.com/shorts/abc",
    });
  });

  it("unescapes double-quoted values", () => {
    const { data } = parseFrontMatter(
      doc(
        "---",
        String.raw`title: "She said \"hello\" \\ then left"`,
        String.raw`unicode: "caf\u00e9"`,
        String.raw`tab: "a\tb"`,
        "---",
      ),
    );
    expect(data.title).toBe('She said "hello" \\ then left');
    expect(data.unicode).toBe("café");
    expect(data.tab).toBe("a\tb");
  });

  it("reads '' as one quote inside single quotes, and leaves backslashes alone there", () => {
    const { data } = parseFrontMatter(
      doc("---", "title: 'The editor''s picks'", String.raw`path: 'C:\no\escape'`, "---"),
    );
    expect(data.title).toBe("The editor's picks");
    expect(data.path).toBe(String.raw`C:\no\escape`);
  });

  it("keeps a # inside quotes and in plain values not preceded by a space", () => {
    const { data } = parseFrontMatter(
      doc("---", 'a: "#1 pick # of the week"', "b: 'x # y'", "c: https://x.test/page#part", "---"),
    );
    expect(data).toEqual({ a: "#1 pick # of the week", b: "x # y", c: "https://x.test/page#part" });
  });

  it("skips comment lines and blank lines, and ends a plain value at a comment", () => {
    const { data } = parseFrontMatter(
      doc(
        "---",
        "# a comment line",
        "   # an indented comment",
        "",
        "   ",
        "title: Plain value # trailing comment",
        "---",
      ),
    );
    expect(data).toEqual({ title: "Plain value" });
  });

  it("trims spaces around the colon and the value, and allows an empty value", () => {
    const { data } = parseFrontMatter(doc("---", "title  :   spaced out   ", "empty:", "---"));
    expect(data).toEqual({ title: "spaced out", empty: "" });
  });

  it("accepts keys with digits, hyphens and underscores; a later key wins", () => {
    const { data } = parseFrontMatter(
      doc("---", "og-image_2: x", "title: first", "title: second", "---"),
    );
    expect(data).toEqual({ "og-image_2": "x", title: "second" });
  });

  it("handles CRLF line endings: no stray \\r in values or body lines", () => {
    const { data, body } = parseFrontMatter(
      '---\r\ntitle: Windows\r\nquoted: "q"\r\n---\r\nLine one\r\nLine two\r\n',
    );
    expect(data).toEqual({ title: "Windows", quoted: "q" });
    expect(body.split("\n")).toEqual(["Line one", "Line two", ""]);
    expect(body).not.toContain("\r");
  });

  it("ignores a byte order mark before the fence", () => {
    const { data, body } = parseFrontMatter("\uFEFF---\ntitle: BOM\n---\nText");
    expect(data).toEqual({ title: "BOM" });
    expect(body).toBe("Text");
  });

  it("accepts fences with trailing spaces", () => {
    const { data, body } = parseFrontMatter("---  \ntitle: t\n--- \t\nText");
    expect(data).toEqual({ title: "t" });
    expect(body).toBe("Text");
  });

  it("accepts an empty front matter block", () => {
    expect(parseFrontMatter("---\n---\nJust body")).toEqual({ data: {}, body: "Just body" });
  });

  describe("without front matter", () => {
    it("gives the whole text as the body", () => {
      const text = "# Title\n\nSome text: with a colon\n---\nafter a rule\n";
      expect(parseFrontMatter(text)).toEqual({ data: {}, body: text });
    });

    it("drops only the byte order mark", () => {
      expect(parseFrontMatter("\uFEFFHello\n")).toEqual({ data: {}, body: "Hello\n" });
    });

    it("does not take a fence that is not on the first line", () => {
      const text = "\n---\ntitle: x\n---\n";
      expect(parseFrontMatter(text)).toEqual({ data: {}, body: text });
    });

    it("does not take ---- or --- followed by text as a fence", () => {
      expect(parseFrontMatter("----\na: b\n----\n").data).toEqual({});
      expect(parseFrontMatter("--- x\na: b\n---\n").data).toEqual({});
    });

    it("gives an empty body for an empty file", () => {
      expect(parseFrontMatter("")).toEqual({ data: {}, body: "" });
    });
  });

  it("preserves the body exactly after the closing fence", () => {
    const body =
      "\n## Heading\n\n  indented  \n| a | b |\n|---|---|\n\n---\n\nkey: not front matter\n\n";
    const { data, body: parsed } = parseFrontMatter(`---\ntitle: t\n---\n${body}`);
    expect(data).toEqual({ title: "t" });
    expect(parsed).toBe(body);
  });

  it("stops at the first closing fence", () => {
    const { data, body } = parseFrontMatter("---\na: 1\n---\nb: 2\n---\n");
    expect(data).toEqual({ a: "1" });
    expect(body).toBe("b: 2\n---\n");
  });

  describe("errors", () => {
    it("throws FrontMatterError when the block is never closed", () => {
      const error = errorOf("---\ntitle: t\nbody without a fence\n");
      expect(error).toBeInstanceOf(FrontMatterError);
      expect(error).toBeInstanceOf(Error);
      expect(error.message).toMatch(/not closed/);
    });

    it("throws when only the opening fence is there", () => {
      expect(() => parseFrontMatter("---")).toThrow(FrontMatterError);
      expect(() => parseFrontMatter("---\n")).toThrow(FrontMatterError);
    });

    it("names the line number (1 is the opening fence) of a line that is not key: value", () => {
      const error = errorOf(
        doc("---", "title: fine", "# comment", "this line has no colon", "---"),
      );
      expect(error.message).toMatch(/^line 4: /);
    });

    it("counts lines the same way with CRLF and a BOM", () => {
      expect(errorOf("\uFEFF---\r\nbad\r\n---\r\n").message).toMatch(/^line 2: /);
    });

    it.each([
      ["an indented key", "  title: x"],
      ["a key starting with a digit", "1title: x"],
      ["a list item", "- item"],
      ["a missing key", ": value"],
      ["a key with a space", "meta title: x"],
    ])("refuses %s", (_what, line) => {
      expect(errorOf(doc("---", "ok: yes", line, "---")).message).toMatch(/^line 3: /);
    });

    it.each([
      ["an unterminated double quote", 'title: "open'],
      ["a lone double quote", 'title: "'],
      ["an unterminated single quote", "title: 'open"],
      ["a lone single quote", "title: '"],
      ["a bad escape", String.raw`title: "bad \q escape"`],
      ["an unescaped inner double quote", 'title: "a" "b"'],
      ["text after a closing double quote", 'title: "a" trailing'],
    ])("refuses %s, naming its line", (_what, line) => {
      const error = errorOf(doc("---", "", line, "---"));
      expect(error).toBeInstanceOf(FrontMatterError);
      expect(error.message).toMatch(/^line 3: /);
    });
  });
});
