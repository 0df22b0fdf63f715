import {
  assertWellFormed,
  count,
  descendants,
  parseXml,
  select,
  text,
} from "@/test-support/strict-xml";

describe("parseXml", () => {
  it.each([
    ["an unescaped ampersand", "<r>a & b</r>"],
    ["a < in text", "<r>a < b</r>"],
    ["mismatched tags", "<r><a></r>"],
    ["an unclosed root", "<r><a/>"],
    ["a NUL character", "<r>a\u0000b</r>"],
    ["U+FFFF", "<r>a\uffffb</r>"],
    ["a second root", "<r/><r/>"],
    ["text after the root", "<r/>x"],
    ["an undeclared prefix", "<a:r/>"],
    ["no root at all", ""],
    ["garbage", "not xml"],
  ])("rejects %s", (_what, xml) => {
    expect(() => parseXml(xml)).toThrow(/^not well-formed XML: /);
    expect(() => assertWellFormed(xml)).toThrow();
  });

  it("reads names, attributes and text, CDATA and entities included", () => {
    const doc = parseXml(
      '<?xml version="1.0"?><r xmlns:m="urn:m"><m:e k="a &amp; b">x<![CDATA[<y>]]>&lt;z</m:e></r>',
    );
    expect(doc.name).toBe("r");
    const [element] = doc.children;
    expect(element?.name).toBe("m:e");
    expect(element?.local).toBe("e");
    expect(element?.attributes).toEqual({ k: "a & b" });
    expect(element?.text).toBe("x<y><z");
    expect(doc.text).toBe("x<y><z");
  });
});

describe("select, text, count and descendants", () => {
  const doc = parseXml(
    `<rss xmlns:m="urn:m"><channel><title>C</title>
      <item><title>A</title><m:content url="u1"/><c>1</c><c>2</c></item>
      <item><title>B</title><c>3</c></item>
    </channel></rss>`,
  );

  it("follows child steps from the root, with 1-based positions among same-named children", () => {
    expect(text(doc, "/rss/channel/title")).toBe("C");
    expect(text(doc, "/rss/channel/item[2]/title")).toBe("B");
    expect(text(doc, "/rss/channel/item/c[2]")).toBe("2");
    expect(count(doc, "/rss/channel/item")).toBe(2);
    expect(count(doc, "/rss/channel/item/c")).toBe(3);
    expect(select(doc, "/rss/channel/item[1]/*:content")[0]?.attributes.url).toBe("u1");
  });

  it("selects nothing, and gives empty text, for a path that does not match", () => {
    expect(count(doc, "/channel")).toBe(0);
    expect(count(doc, "/rss/channel/item[3]")).toBe(0);
    expect(count(doc, "/rss/channel/item[2]/content")).toBe(0);
    expect(text(doc, "/rss/channel/link")).toBe("");
  });

  it("finds descendants by qualified name or by local name", () => {
    expect(descendants(doc, "title").map((title) => title.text)).toEqual(["C", "A", "B"]);
    expect(descendants(doc, "content")).toHaveLength(0);
    expect(descendants(doc, "*:content")).toHaveLength(1);
  });

  it("refuses a path it does not understand", () => {
    expect(() => select(doc, "rss/channel")).toThrow();
    expect(() => select(doc, "/rss/channel/item[last()]")).toThrow();
  });
});
