import { assertWellFormed, parseXml, text } from "@/test-support/strict-xml";
import { cdata, xmlEscape } from "./xml";

/** The text content of the root element `r` of `xml`, as a strict parser reads it; throws when malformed. */
function parsedText(xml: string): string {
  return text(parseXml(xml), "/r");
}

function isWellFormed(xml: string): boolean {
  try {
    assertWellFormed(xml);
    return true;
  } catch {
    return false;
  }
}

describe("xmlEscape", () => {
  it("escapes the five predefined entities", () => {
    expect(xmlEscape(`a & b < c > d " e ' f`)).toBe("a &amp; b &lt; c &gt; d &quot; e &apos; f");
  });

  it("escapes an ampersand once, even before an entity-like text", () => {
    expect(xmlEscape("&amp; &#60;")).toBe("&amp;amp; &amp;#60;");
  });

  it("leaves plain text and non-ASCII alone", () => {
    expect(xmlEscape("Riverbend — café 東京 🎉")).toBe("Riverbend — café 東京 🎉");
    expect(xmlEscape("")).toBe("");
  });

  it.each([
    ["NUL", "\u0000"],
    ["backspace", "\u0008"],
    ["vertical tab", "\u000b"],
    ["form feed", "\u000c"],
    ["shift out", "\u000e"],
    ["unit separator", "\u001f"],
    ["U+FFFE", "\ufffe"],
    ["U+FFFF", "\uffff"],
  ])("drops the %s character", (_name, char) => {
    expect(xmlEscape(`a${char}b${char}`)).toBe("ab");
  });

  it("keeps tab, newline and carriage return", () => {
    expect(xmlEscape("a\tb\nc\rd")).toBe("a\tb\nc\rd");
  });

  it("gives text that parses back to the original, minus control characters", () => {
    const text = `<b>"Tom" & 'Jerry'</b>\u0001\u001f`;
    const xml = `<r a="${xmlEscape(text)}">${xmlEscape(text)}</r>`;
    expect(isWellFormed(xml)).toBe(true);
    expect(parsedText(xml)).toBe(`<b>"Tom" & 'Jerry'</b>`);
  });
});

describe("cdata", () => {
  it("wraps text in a CDATA section without escaping it", () => {
    expect(cdata("<p>a & b</p>")).toBe("<![CDATA[<p>a & b</p>]]>");
  });

  it("splits ]]> so the content cannot close the section early", () => {
    expect(cdata("a]]>b")).toBe("<![CDATA[a]]]]><![CDATA[>b]]>");
  });

  it.each([
    ["one ]]>", "x]]>y"],
    ["several ]]>", "]]>]]>a]]>"],
    ["]]]>", "a]]]>b"],
    ["a trailing ]", "a]"],
    ["a trailing ]]", "a]]"],
    ["an attempt to inject markup", "]]><script>alert(1)</script><![CDATA["],
    ["an empty string", ""],
  ])("parses back to the original text with %s", (_what, text) => {
    const xml = `<r>${cdata(text)}</r>`;
    expect(isWellFormed(xml)).toBe(true);
    expect(parsedText(xml)).toBe(text);
  });

  it("drops control characters but keeps tab, newline and carriage return", () => {
    expect(cdata("a\u0000b\u0008c\u000bd\u001fe\tf\ng\rh")).toBe("<![CDATA[abcde\tf\ng\rh]]>");
  });

  // Regression (fixed): cdata strips C0 controls but not U+FFFE/U+FFFF, which XML 1.0 forbids too
  // (xmlEscape drops them). A post containing U+FFFF makes the RSS feed malformed.
  it("drops U+FFFE and U+FFFF, which are not XML characters", () => {
    expect(cdata("a\ufffeb\uffffc")).toBe("<![CDATA[abc]]>");
  });
});
