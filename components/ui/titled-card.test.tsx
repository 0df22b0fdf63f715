import { renderToStaticMarkup } from "react-dom/server";
import { TitledCard } from "./titled-card";

describe("TitledCard", () => {
  it("is named by its heading and lists its links, a blurb under those that have one", () => {
    const html = renderToStaticMarkup(
      <TitledCard
        id="learn-more"
        title="Learn More"
        links={[
          { href: "https://a.example/", label: "A", blurb: "About A." },
          { href: "https://b.example/", label: "B" },
        ]}
      />,
    );
    expect(html).toMatch(
      /^<section class="card" aria-labelledby="learn-more"><h2 id="learn-more">/,
    );
    expect(html).toContain('<ul class="linkList"><li><a href="https://a.example/" target="_blank"');
    expect(html).toContain('</a><br/><span class="muted">About A.</span></li>');
    expect(html).toContain("(opens in a new tab)</span></a></li></ul></section>");
  });

  it("holds text, as an aside when asked, with no list when it has no links", () => {
    expect(
      renderToStaticMarkup(
        <TitledCard as="aside" id="newsroom" title="The newsroom">
          <p>Call us.</p>
        </TitledCard>,
      ),
    ).toBe(
      '<aside class="card" aria-labelledby="newsroom"><h2 id="newsroom">The newsroom</h2><p>Call us.</p></aside>',
    );
  });
});
