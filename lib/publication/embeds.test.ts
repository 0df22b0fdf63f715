import { embedAddress, publicationDomain } from "./embeds";

describe("embedAddress", () => {
  it("puts the publication's domain in place of {domain}, in a path and in a query", () => {
    const template = new URL("https://walls.example/embed/{domain}/events?for={domain}");
    expect(embedAddress(template, { key: "www.lakeside.example" })).toBe(
      "https://walls.example/embed/lakeside.example/events?for=lakeside.example",
    );
    expect(embedAddress(template, { key: "hillcountry.example" })).toBe(
      "https://walls.example/embed/hillcountry.example/events?for=hillcountry.example",
    );
  });

  it("leaves an address without the placeholder as it is, the same for every publication", () => {
    const template = new URL("https://forms.example/d/e/contact/viewform?embedded=true");
    expect(embedAddress(template, { key: "lakeside.example" })).toBe(template.toString());
  });

  it("escapes what a host name could hold that an address could not", () => {
    // A host key is a validated name, but an IPv6 literal's brackets and colons are escaped.
    expect(embedAddress(new URL("https://w.example/?d={domain}"), { key: "[::1]" })).toBe(
      "https://w.example/?d=%5B%3A%3A1%5D",
    );
    expect(publicationDomain({ key: "www.riverbend.example" })).toBe("riverbend.example");
  });
});
