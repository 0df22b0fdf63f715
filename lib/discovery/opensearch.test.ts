import { assertWellFormed } from "@/test-support/strict-xml";
import { embeddedPublication } from "../publication/registry";
import { openSearchDocument, openSearchShortName } from "./opensearch";

describe("openSearchDocument", () => {
  const publication = embeddedPublication();

  it("describes the publication's search on its own origin", () => {
    const xml = openSearchDocument(publication);
    assertWellFormed(xml);
    expect(xml).toContain('<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">');
    expect(xml).toContain("<InputEncoding>UTF-8</InputEncoding>");
    expect(xml).toContain(
      `<Url type="text/html" method="get" template="${new URL("/search", publication.url).href}?q={searchTerms}"/>`,
    );
    expect(xml).toContain(`>${new URL("/favicon.ico", publication.url).href}</Image>`);
    expect(xml).toContain(`<LongName>${publication.name}</LongName>`);
  });

  it("keeps ShortName within OpenSearch's 16 characters, cut at a word", () => {
    const named = (shortName: string) => ({ ...publication, shortName });
    expect(openSearchShortName(named("Lakeside Ledger"))).toBe("Lakeside Ledger");
    expect(openSearchShortName(named("Riverbend Chronicle"))).toBe("Riverbend");
    expect(openSearchShortName(named("Supercalifragilistic"))).toBe("Supercalifragili");
  });
});
