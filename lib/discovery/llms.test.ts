import { renderLlmsTxt, type LlmsDocument } from "./llms";

const doc: LlmsDocument = {
  title: "The Riverbend Chronicle",
  summary: "Local news for Riverbend.",
  sections: [
    {
      heading: "Sections",
      links: [
        { name: "Local", url: "https://news.example.com/local", description: "Town news" },
        { name: "Sports", url: "https://news.example.com/sports" },
      ],
    },
    { heading: "Empty", links: [] },
    {
      heading: "Blog",
      links: [{ name: "A post", url: "https://news.example.com/blog/a-post", description: "Why" }],
    },
  ],
};

describe("renderLlmsTxt", () => {
  it("renders the whole document in llms.txt form", () => {
    expect(renderLlmsTxt(doc)).toBe(
      [
        "# The Riverbend Chronicle",
        "",
        "> Local news for Riverbend.",
        "",
        "## Sections",
        "",
        "- [Local](https://news.example.com/local): Town news",
        "- [Sports](https://news.example.com/sports)",
        "",
        "## Blog",
        "",
        "- [A post](https://news.example.com/blog/a-post): Why",
        "",
      ].join("\n"),
    );
  });

  it("starts with the H1 title, a blank line and the > summary", () => {
    const lines = renderLlmsTxt(doc).split("\n");
    expect(lines.slice(0, 4)).toEqual([
      "# The Riverbend Chronicle",
      "",
      "> Local news for Riverbend.",
      "",
    ]);
  });

  it("puts details after the summary, as a paragraph", () => {
    const text = renderLlmsTxt({ ...doc, details: "Updated\nhourly.", sections: [] });
    expect(text).toBe(
      "# The Riverbend Chronicle\n\n> Local news for Riverbend.\n\nUpdated hourly.\n",
    );
  });

  it("omits sections without links", () => {
    const text = renderLlmsTxt(doc);
    expect(text).not.toContain("## Empty");
    expect(text.match(/^## /gm)).toEqual(["## ", "## "]);
  });

  it("renders only the header when every section is empty", () => {
    expect(
      renderLlmsTxt({ title: "T", summary: "S", sections: [{ heading: "None", links: [] }] }),
    ).toBe("# T\n\n> S\n");
  });

  it("collapses newlines and runs of spaces in every text to one line", () => {
    const text = renderLlmsTxt({
      title: "  The\nRiverbend\r\n Chronicle ",
      summary: "Line one\n\nLine\ttwo",
      sections: [
        {
          heading: "Multi\nline",
          links: [
            {
              name: "Name\non two lines",
              url: "https://news.example.com/a",
              description: "First\n\n## Not a heading\n- not a link",
            },
          ],
        },
      ],
    });
    expect(text).toBe(
      [
        "# The Riverbend Chronicle",
        "",
        "> Line one Line two",
        "",
        "## Multi line",
        "",
        "- [Name on two lines](https://news.example.com/a): First ## Not a heading - not a link",
        "",
      ].join("\n"),
    );
  });

  it("removes square brackets from link names", () => {
    const text = renderLlmsTxt({
      ...doc,
      sections: [
        { heading: "H", links: [{ name: "[Live] Radio ]x[", url: "https://e.example/" }] },
      ],
    });
    expect(text).toContain("- [Live Radio x](https://e.example/)\n");
  });

  it("percent-encodes spaces and newlines in URLs", () => {
    const text = renderLlmsTxt({
      ...doc,
      sections: [{ heading: "H", links: [{ name: "A", url: "https://e.example/a b\nc\td" }] }],
    });
    expect(text).toContain("- [A](https://e.example/a%20b%0Ac%09d)\n");
  });

  // Regression (fixed): the URL step replaces ( and ) with encodeURIComponent, which leaves them as they are
  // (they are unreserved for it), so an unbalanced ")" still ends the Markdown link early.
  it.each([
    ["https://e.example/Foo_(bar)", "https://e.example/Foo_%28bar%29"],
    ["https://e.example/a)b(c", "https://e.example/a%29b%28c"],
  ])("percent-encodes parentheses in %s", (url, expected) => {
    const text = renderLlmsTxt({
      ...doc,
      sections: [{ heading: "H", links: [{ name: "W", url }] }],
    });
    expect(text).toContain(`- [W](${expected})\n`);
  });

  it("leaves an ordinary URL untouched", () => {
    const url = "https://news.example.com/search?q=a%20b&page=2#top";
    const text = renderLlmsTxt({
      ...doc,
      sections: [{ heading: "H", links: [{ name: "S", url }] }],
    });
    expect(text).toContain(`- [S](${url})\n`);
  });

  it("leaves out the colon when a description is empty", () => {
    const text = renderLlmsTxt({
      ...doc,
      sections: [
        { heading: "H", links: [{ name: "S", url: "https://e.example/", description: "" }] },
      ],
    });
    expect(text).toContain("- [S](https://e.example/)\n");
  });
});
