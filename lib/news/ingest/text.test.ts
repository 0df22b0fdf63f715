import { htmlToText, truncate } from "./text";

describe("htmlToText", () => {
  it("returns an empty string for empty, null and undefined input", () => {
    expect(htmlToText("")).toBe("");
    expect(htmlToText(null)).toBe("");
    expect(htmlToText(undefined)).toBe("");
  });

  it("strips tags and keeps their text", () => {
    expect(htmlToText('<p>Hello <a href="https://x.test/">big</a> <b>world</b></p>')).toBe(
      "Hello big world",
    );
    expect(htmlToText('<img src="a.jpg" alt="photo">Caption')).toBe("Caption");
  });

  it("turns block-level ends and <br> into spaces so words do not run together", () => {
    expect(htmlToText("<p>One</p><p>Two</p>")).toBe("One Two");
    expect(htmlToText("line1<br>line2<br/>line3")).toBe("line1 line2 line3");
    expect(htmlToText("<ul><li>a</li><li>b</li></ul>")).toBe("a b");
  });

  it("drops script, style and similar elements with their content", () => {
    expect(
      htmlToText('Before<script type="text/javascript">alert("x"); var a = 1 < 2;</script>After'),
    ).toBe("Before After");
    expect(htmlToText("<style>p { color: red; }</style><p>Styled</p>")).toBe("Styled");
    expect(htmlToText("<SCRIPT>evil()</SCRIPT>ok")).toBe("ok");
    expect(htmlToText("a<noscript>no js</noscript>b<iframe src=x>frame</iframe>c")).toBe("a b c");
    expect(htmlToText("x<template><p>hidden</p></template>y")).toBe("x y");
  });

  it("drops HTML comments", () => {
    expect(htmlToText("keep<!-- secret comment -->this")).toBe("keep this");
  });

  it("decodes named and numeric entities", () => {
    expect(htmlToText("Fish &amp; Chips")).toBe("Fish & Chips");
    expect(htmlToText("It&#8217;s here")).toBe("It\u2019s here");
    expect(htmlToText("It&#x2019;s hex")).toBe("It\u2019s hex");
    expect(htmlToText("Caf&eacute; open")).toBe("Café open");
    expect(htmlToText("&lt;b&gt; is a tag name")).toBe("<b> is a tag name");
    expect(htmlToText("&quot;quoted&quot; &mdash; dash")).toBe('"quoted" \u2014 dash');
  });

  it("turns &nbsp; into an ordinary space and collapses it", () => {
    expect(htmlToText("a&nbsp;b")).toBe("a b");
    expect(htmlToText("a&nbsp;&nbsp;&nbsp;b")).toBe("a b");
    expect(htmlToText("a&nbsp;b")).not.toContain("\u00a0");
  });

  it("decodes double-escaped entities", () => {
    expect(htmlToText("a&amp;nbsp;b")).toBe("a b");
    expect(htmlToText("Caf&amp;eacute;")).toBe("Café");
    expect(htmlToText("It&amp;#8217;s")).toBe("It\u2019s");
  });

  it("removes tags revealed by decoding double-escaped markup", () => {
    expect(
      htmlToText(
        "&amp;lt;p&amp;gt;Escaped &amp;lt;b&amp;gt;bold&amp;lt;/b&amp;gt;&amp;lt;/p&amp;gt;",
      ),
    ).toBe("Escaped bold");
  });

  it("collapses runs of whitespace, including newlines and tabs, and trims", () => {
    expect(htmlToText("  many \n\n\t spaces   here \r\n ")).toBe("many spaces here");
    expect(htmlToText("zero\u200bwidth")).toBe("zero width");
  });

  it("removes control characters", () => {
    expect(htmlToText("a\u0001b\u0008c\u000bd\u000ce\u001ff\u007fg\u0085h\u009fi")).toBe(
      "abcdefghi",
    );
    expect(htmlToText("no\u0000null")).toBe("nonull");
    expect(htmlToText("&#1;x")).toBe("x");
  });

  it("keeps prose that merely contains angle brackets", () => {
    expect(htmlToText("a < b and c > d")).toBe("a < b and c > d");
    expect(htmlToText("if x<3 then")).toBe("if x<3 then");
    expect(htmlToText("5 <= 6")).toBe("5 <= 6");
  });

  it("unwraps CDATA sections", () => {
    expect(htmlToText("<![CDATA[<p>Inside <em>CDATA</em> &amp; more</p>]]>")).toBe(
      "Inside CDATA & more",
    );
    expect(htmlToText("before <![CDATA[middle]]> after")).toBe("before middle after");
  });
});

describe("truncate", () => {
  it("leaves text at or under the limit alone", () => {
    expect(truncate("short", 10)).toBe("short");
    expect(truncate("exactly10!", 10)).toBe("exactly10!");
    expect(truncate("", 5)).toBe("");
  });

  it("cuts at a word boundary and adds an ellipsis", () => {
    const result = truncate("The quick brown fox jumps over the lazy dog", 18);
    expect(result).toBe("The quick brown…");
    expect(truncate("The quick brown fox jumps over the lazy dog", 24)).toBe(
      "The quick brown fox…",
    );
  });

  it("never exceeds the limit and never ends with a partial word when a boundary is near", () => {
    const text = "alpha beta gamma delta epsilon zeta eta theta iota kappa";
    for (const max of [12, 17, 25, 33, 40]) {
      const result = truncate(text, max);
      expect(result.length).toBeLessThanOrEqual(max);
      expect(result.endsWith("…")).toBe(true);
      const words = result.slice(0, -1).split(" ");
      for (const word of words) expect(text.split(" ")).toContain(word);
    }
  });

  it("drops trailing punctuation before the ellipsis", () => {
    expect(truncate("Hello, world, this is long", 14)).toBe("Hello, world…");
    expect(truncate("Stop here. Then more text", 13)).toBe("Stop here…");
    expect(truncate("Wait — there is more to say", 9)).toBe("Wait…");
  });

  it("hard-cuts instead of using a word boundary in the first 60% of the limit", () => {
    expect(truncate("Stop. Then go on and on", 10)).toBe("Stop. The…");
  });

  it("hard-cuts a single long word with no usable space", () => {
    expect(truncate("Supercalifragilisticexpialidocious", 10)).toBe("Supercali…");
    expect(truncate("Supercalifragilisticexpialidocious", 10)).toHaveLength(10);
  });
});
