import { ANCHOR_PREFIX, rehypeLinksAndImages, rehypePrefixedAnchors } from "./rehype-steps";
import { markdownToHtml } from "./pipeline";

/*
 * The real pipeline (unified, remark-*, rehype-*: ES modules only, which jest.config.mjs has
 * transformed), every case rendered once. The rehype steps of rehype-steps.ts are also
 * tested on their own below.
 */

const CASES = {
  table: "| Team | Score |\n|------|------:|\n| Hawks | 3 |\n| Owls | 1 |",
  strike: "This is ~~gone~~ now.",
  tasks: "- [ ] todo\n- [x] done",
  figure:
    '<figure><img src="/photos/p.jpg" alt="Photo"><figcaption>The caption</figcaption></figure>',
  script:
    "Before <script>alert('s')</script> after\n\n<script src=\"https://evil.example/x.js\"></script>",
  onerror: '<img src="/a.png" onerror="alert(1)">',
  onclickStyle: '<p onclick="alert(1)" style="color:red">Styled</p>',
  iframe: '<iframe src="https://evil.example/frame"></iframe>\n\nafter',
  form: '<form action="https://evil.example/steal" method="post"><input type="text" name="pw"><button>Go</button></form>',
  svg: '<svg onload="alert(1)"><circle r="5"/></svg>',
  objectEmbed: '<object data="movie.swf"></object><embed src="movie.swf">',
  mdDangerousLinks:
    "[a](javascript:alert(1)) [b](data:text/html,hi) [c](JAVASCRIPT:alert(1)) [d](<javascript:alert(1)>) [e][r]\n\n[r]: javascript:alert(2)",
  rawDangerousUrls:
    '<a href="javascript:alert(1)">a</a> <a href="data:text/html,x">b</a> <a href=" javascript:alert(1)">c</a> <a href="jav&#x09;ascript:alert(1)">d</a> <img src="javascript:alert(1)"> <img src="data:image/png;base64,AAAA">',
  mdImageDataUrl: "![pixel](data:image/png;base64,AAAA)",
  external:
    '[https](https://a.example/x) [http](http://b.example/y) <a href="https://c.example" target="_self" rel="opener">raw</a>',
  internal: "[rel](/about) [anchor](#sec) [dot](./page) [mail](mailto:news@example.com)",
  images: '![](/a.png) ![Alt text](https://img.example/b.png) <img src="/c.png" loading="eager">',
  idTop: '<p id="top">Top</p>\n\n[up](#top)',
  idAlreadyPrefixedLink: '<p id="top">Top</p>\n\n[up](#user-content-top)',
  missingAnchor: "[nowhere](#nowhere)",
  encodedAnchor: '<p id="été">Summer</p>\n\n[go](#%C3%A9t%C3%A9)',
  footnote: "Text[^1].\n\n[^1]: A note.",
  footnoteNamed: "One[^note] and again[^note].\n\n[^note]: Named note.",
  clobber:
    '<div id="__next_f">a</div> <a name="__next_f">b</a> <img name="__next_f" src="/x.png"> <p id="__NEXT_DATA__">c</p>\n\n[x](#__next_f)',
  nameAnchor: '<a name="top"></a>\n\n[up](#top)',
  badPercentMd: "[x](#%zz)",
  badPercentRaw: '<a href="#%">x</a>',
} as const;

type CaseName = keyof typeof CASES;
type Result = { html?: string; error?: string };

const results: Record<string, Result> = {};

beforeAll(() => {
  for (const [name, markdown] of Object.entries(CASES)) {
    try {
      results[name] = { html: markdownToHtml(markdown) };
    } catch (error) {
      results[name] = { error: String(error) };
    }
  }
});

/** The HTML for a case; fails the test when rendering threw. */
function html(name: CaseName): string {
  const result = results[name];
  if (result?.html === undefined) {
    throw new Error(`markdownToHtml threw for "${name}": ${result?.error ?? "no result"}`);
  }
  return result.html;
}

/** The attribute text of every opening `tag` in the HTML, e.g. ` href="/a"`. */
function openTags(source: string, tag: string): string[] {
  return [...source.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "g"))].map((m) => m[1] ?? "");
}

function attr(attributes: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(attributes)?.[1];
}

describe("markdownToHtml: GitHub-flavoured Markdown", () => {
  it("renders a table", () => {
    const out = html("table");
    expect(out).toContain("<table>");
    expect(out).toContain("<th>Team</th>");
    expect(out).toContain("<td>Hawks</td>");
    expect(out).toContain('<th align="right">Score</th>');
    expect(out).toContain('<td align="right">1</td>');
    expect(out).toContain("</table>");
  });

  it("renders strikethrough", () => {
    expect(html("strike")).toContain("<p>This is <del>gone</del> now.</p>");
  });

  it("renders task list items as disabled checkboxes", () => {
    const inputs = openTags(html("tasks"), "input");
    expect(inputs).toHaveLength(2);
    for (const input of inputs) {
      expect(input).toContain('type="checkbox"');
      expect(input).toMatch(/\sdisabled(\s|=|$)/);
    }
    expect(inputs[0]).not.toContain("checked");
    expect(inputs[1]).toContain("checked");
  });
});

describe("markdownToHtml: raw HTML and sanitising", () => {
  it("keeps <figure>, <img> and <figcaption>", () => {
    const out = html("figure");
    expect(out).toMatch(/^<figure><img src="\/photos\/p\.jpg" alt="Photo"[^>]*><figcaption>/);
    expect(out).toContain("<figcaption>The caption</figcaption></figure>");
  });

  it("removes <script> elements and their content", () => {
    const out = html("script");
    expect(out).not.toMatch(/<script/i);
    expect(out).not.toContain("alert");
    expect(out).not.toContain("evil.example");
    expect(out).toContain("Before");
    expect(out).toContain("after");
  });

  it("removes an onerror attribute and keeps the image", () => {
    const out = html("onerror");
    expect(out).not.toMatch(/onerror/i);
    expect(out).not.toContain("alert");
    expect(out).toContain('src="/a.png"');
  });

  it("removes onclick and style attributes", () => {
    const out = html("onclickStyle");
    expect(out).not.toMatch(/onclick|style=|alert|color:red/);
    expect(out).toContain("<p>Styled</p>");
  });

  it("removes <iframe>", () => {
    const out = html("iframe");
    expect(out).not.toMatch(/<iframe/i);
    expect(out).not.toContain("evil.example");
    expect(out).toContain("after");
  });

  it("removes <form> and its button", () => {
    const out = html("form");
    expect(out).not.toMatch(/<form|<button|action=|evil\.example/i);
    for (const input of openTags(out, "input")) expect(input).not.toContain('type="text"');
  });

  it("removes <svg> with onload", () => {
    const out = html("svg");
    expect(out).not.toMatch(/<svg|onload|<circle|alert/i);
  });

  it("removes <object> and <embed>", () => {
    const out = html("objectEmbed");
    expect(out).not.toMatch(/<object|<embed|movie\.swf/i);
  });

  it("drops javascript: and data: URLs from Markdown links", () => {
    const out = html("mdDangerousLinks");
    const anchors = openTags(out, "a");
    expect(anchors).toHaveLength(5);
    for (const anchor of anchors) expect(attr(anchor, "href") ?? "").toBe("");
    expect(out).not.toMatch(/javascript|data:/i);
  });

  it("drops javascript: and data: URLs from raw <a href> and <img src>", () => {
    const out = html("rawDangerousUrls");
    const anchors = openTags(out, "a");
    expect(anchors).toHaveLength(4);
    for (const anchor of anchors) expect(attr(anchor, "href") ?? "").toBe("");
    const images = openTags(out, "img");
    expect(images).toHaveLength(2);
    for (const image of images) expect(attr(image, "src") ?? "").toBe("");
    expect(out).not.toMatch(/javascript|data:|ascript/i);
  });

  it("drops a data: URL from a Markdown image", () => {
    const [image] = openTags(html("mdImageDataUrl"), "img");
    expect(image).toBeDefined();
    expect(attr(image ?? "", "src") ?? "").toBe("");
    expect(attr(image ?? "", "alt")).toBe("pixel");
  });
});

describe("markdownToHtml: links and images", () => {
  it("opens http(s) links in a new tab with rel noopener noreferrer", () => {
    const anchors = openTags(html("external"), "a");
    expect(anchors.map((a) => attr(a, "href"))).toEqual([
      "https://a.example/x",
      "http://b.example/y",
      "https://c.example",
    ]);
    for (const anchor of anchors) {
      expect(attr(anchor, "target")).toBe("_blank");
      expect(attr(anchor, "rel")).toBe("noopener noreferrer");
    }
  });

  it("leaves relative, #anchor and mailto: links in the same tab", () => {
    const anchors = openTags(html("internal"), "a");
    expect(anchors.map((a) => attr(a, "href"))).toEqual([
      "/about",
      "#sec",
      "./page",
      "mailto:news@example.com",
    ]);
    for (const anchor of anchors) {
      expect(anchor).not.toContain("target=");
      expect(anchor).not.toContain("rel=");
    }
  });

  it("loads images lazily and gives an empty alt only when there is none", () => {
    const images = openTags(html("images"), "img");
    expect(images.map((i) => attr(i, "src"))).toEqual([
      "/a.png",
      "https://img.example/b.png",
      "/c.png",
    ]);
    expect(images.map((i) => attr(i, "alt"))).toEqual(["", "Alt text", ""]);
    for (const image of images) expect(attr(image, "loading")).toBe("lazy");
  });
});

describe("markdownToHtml: anchors", () => {
  it("prefixes a raw id and points an in-page link at it", () => {
    const out = html("idTop");
    expect(out).toContain('<p id="user-content-top">Top</p>');
    expect(out).toContain('<a href="#user-content-top">up</a>');
    expect(out).not.toContain('id="top"');
    expect(out).not.toContain('href="#top"');
  });

  it("leaves a link already aimed at the prefixed id alone", () => {
    expect(html("idAlreadyPrefixedLink")).toContain('<a href="#user-content-top">up</a>');
  });

  it("leaves a link to a missing anchor as written", () => {
    expect(html("missingAnchor")).toContain('<a href="#nowhere">nowhere</a>');
  });

  it("matches a percent-encoded link to a non-ASCII id", () => {
    const out = html("encodedAnchor");
    expect(out).toContain('id="user-content-été"');
    expect(out).toContain('href="#user-content-été"');
  });

  it.each([
    ["footnote", "1"],
    ["footnoteNamed", "note"],
  ] as const)("links %s references and back-references to ids prefixed once", (name, label) => {
    const out = html(name);
    expect(out).toContain(`href="#user-content-fn-${label}"`);
    expect(out).toContain(`<li id="user-content-fn-${label}">`);
    expect(out).toContain(`id="user-content-fnref-${label}"`);
    expect(out).toContain(`href="#user-content-fnref-${label}"`);
    expect(out).not.toContain("user-content-user-content");
    expect(out).not.toMatch(/(id|href)="#?fn/);
  });

  it.each(["idTop", "footnote", "footnoteNamed", "clobber"] as const)(
    "has every in-page link of %s point at an id in the page",
    (name) => {
      const out = html(name);
      const ids = new Set(openTags(out, "[a-z0-9]+").map((a) => attr(a, "id")));
      const targets = openTags(out, "a")
        .map((a) => attr(a, "href"))
        .filter((href): href is string => href?.startsWith("#") === true)
        .map((href) => decodeURIComponent(href.slice(1)));
      expect(targets.length).toBeGreaterThan(0);
      for (const target of targets) expect(ids).toContain(target);
    },
  );

  it("never lets id or name __next_f through unprefixed", () => {
    const out = html("clobber");
    expect(out).not.toMatch(/\s(id|name)="__next_f"/);
    expect(out).not.toMatch(/\s(id|name)="__NEXT_DATA__"/);
    expect(out).toContain('id="user-content-__next_f"');
    expect(out).toContain('href="#user-content-__next_f"');
  });

  // Gap: the sanitiser prefixes `name` as well as `id`, but rehypePrefixedAnchors only collects
  // ids, so a link to an old-style <a name="top"> anchor is left pointing at "#top" and breaks.
  it("points an in-page link at a prefixed <a name> anchor", () => {
    const out = html("nameAnchor");
    expect(out).toContain('<a name="user-content-top"></a>');
    expect(out).toContain('<a href="#user-content-top">up</a>');
  });

  // Regression (fixed): rehypePrefixedAnchors calls decodeURIComponent on every "#..." href unguarded, so a
  // malformed escape (Markdown "[x](#%zz)", raw <a href="#%">) throws URIError and the whole
  // markdownToHtml call fails (and with it the post page and the RSS feed).
  it.each(["badPercentMd", "badPercentRaw"] as const)(
    "renders %s with a malformed percent escape without throwing",
    (name) => {
      expect(results[name]?.error).toBeUndefined();
      expect(html(name)).toContain(">x</a>");
    },
  );
});

type Tree = Parameters<ReturnType<typeof rehypePrefixedAnchors>>[0];
type El = {
  type: "element";
  tagName: string;
  properties: Record<string, unknown>;
  children: El[];
};

function h(tagName: string, properties: Record<string, unknown> = {}, children: El[] = []): El {
  return { type: "element", tagName, properties, children };
}

function root(...children: El[]): Tree {
  return { type: "root", children };
}

describe("rehypePrefixedAnchors (hand-built trees)", () => {
  it("uses the documented prefix", () => {
    expect(ANCHOR_PREFIX).toBe("user-content-");
  });

  it("re-points #x at user-content-x, however deep either one is", () => {
    const link = h("a", { href: "#top" });
    const tree = root(
      h("div", {}, [h("section", {}, [h("h2", { id: "user-content-top" })])]),
      h("p", {}, [h("span", {}, [link])]),
    );
    rehypePrefixedAnchors()(tree);
    expect(link.properties.href).toBe("#user-content-top");
  });

  it("keeps #x when an element has the id x itself", () => {
    const link = h("a", { href: "#top" });
    rehypePrefixedAnchors()(root(h("p", { id: "top" }), h("p", { id: "user-content-top" }), link));
    expect(link.properties.href).toBe("#top");
  });

  it("keeps links to missing ids, other pages and non-anchors as they are", () => {
    const missing = h("a", { href: "#gone" });
    const page = h("a", { href: "/page#top" });
    const area = h("area", { href: "#top" });
    const noHref = h("a", {});
    rehypePrefixedAnchors()(root(h("p", { id: "user-content-top" }), missing, page, area, noHref));
    expect(missing.properties.href).toBe("#gone");
    expect(page.properties.href).toBe("/page#top");
    expect(area.properties.href).toBe("#top");
    expect(noHref.properties).toEqual({});
  });

  it("decodes the fragment before matching", () => {
    const link = h("a", { href: "#caf%C3%A9" });
    rehypePrefixedAnchors()(root(h("p", { id: "user-content-café" }), link));
    expect(link.properties.href).toBe("#user-content-café");
  });
});

describe("rehypeLinksAndImages (hand-built trees)", () => {
  it("marks http and https links, in any case, as external", () => {
    const links = ["https://a.example", "http://b.example/x", "HTTPS://C.EXAMPLE"].map((href) =>
      h("a", { href }),
    );
    rehypeLinksAndImages()(root(h("p", {}, links)));
    for (const link of links) {
      expect(link.properties.target).toBe("_blank");
      expect(link.properties.rel).toEqual(["noopener", "noreferrer"]);
    }
  });

  it("leaves other links alone", () => {
    const links = ["/a", "#b", "mailto:x@y.z", "ftp://f.example", "httpsfoo"].map((href) =>
      h("a", { href }),
    );
    const bare = h("a", {});
    rehypeLinksAndImages()(root(...links, bare));
    for (const link of [...links, bare]) {
      expect(link.properties.target).toBeUndefined();
      expect(link.properties.rel).toBeUndefined();
    }
  });

  it("makes images lazy and async, giving an empty alt only when absent", () => {
    const noAlt = h("img", { src: "/a.png" });
    const withAlt = h("img", { src: "/b.png", alt: "B", loading: "eager" });
    const emptyAlt = h("img", { src: "/c.png", alt: "" });
    rehypeLinksAndImages()(root(h("figure", {}, [noAlt]), withAlt, emptyAlt));
    expect(noAlt.properties).toEqual({
      src: "/a.png",
      alt: "",
      loading: "lazy",
      decoding: "async",
    });
    expect(withAlt.properties).toEqual({
      src: "/b.png",
      alt: "B",
      loading: "lazy",
      decoding: "async",
    });
    expect(emptyAlt.properties.alt).toBe("");
  });

  it("does not touch elements that are neither links nor images", () => {
    const div = h("div", { href: "https://a.example", src: "/x.png" });
    rehypeLinksAndImages()(root(div));
    expect(div.properties).toEqual({ href: "https://a.example", src: "/x.png" });
  });
});
