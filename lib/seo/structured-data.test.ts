import {
  breadcrumbJsonLd,
  faqJsonLd,
  organizationId,
  organizationJsonLd,
  websiteId,
  websiteJsonLd,
} from "./structured-data";
import { embeddedPublication, fromEntry } from "../publication/registry";

/** The embedded publication, as SITE_URL says now. */
const pub = () => embeddedPublication();

const ORIGINAL_SITE_URL = process.env.SITE_URL;

beforeEach(() => {
  process.env.SITE_URL = "https://news.example.com";
});

afterAll(() => {
  if (ORIGINAL_SITE_URL === undefined) delete process.env.SITE_URL;
  else process.env.SITE_URL = ORIGINAL_SITE_URL;
});

/** A plain-JSON view of a JSON-LD object, as it reaches the page. */
function json(value: unknown): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}

describe("websiteJsonLd", () => {
  it("describes the WebSite with its @id and address", () => {
    const site = json(websiteJsonLd(pub()));
    expect(site["@context"]).toBe("https://schema.org");
    expect(site["@type"]).toBe("WebSite");
    expect(site["@id"]).toBe("https://news.example.com/#website");
    expect(site.url).toBe("https://news.example.com/");
    expect(site.name).toBe("The Riverbend Chronicle");
    expect(site.inLanguage).toBe("en-US");
  });

  it("offers a SearchAction on /search with Google's query-input", () => {
    expect(json(websiteJsonLd(pub())).potentialAction).toEqual({
      "@type": "SearchAction",
      target: {
        "@type": "EntryPoint",
        urlTemplate: "https://news.example.com/search?q={search_term_string}",
      },
      "query-input": "required name=search_term_string",
    });
  });

  it("follows SITE_URL when it changes (read again at start)", () => {
    process.env.SITE_URL = "https://www.other.example";
    let restarted!: {
      seo: typeof import("./structured-data");
      registry: typeof import("../publication/registry");
    };
    jest.isolateModules(() => {
      restarted = {
        seo: jest.requireActual("./structured-data"),
        registry: jest.requireActual("../publication/registry"),
      };
    });
    const site = json(restarted.seo.websiteJsonLd(restarted.registry.embeddedPublication()));
    expect(site["@id"]).toBe("https://www.other.example/#website");
    expect(JSON.stringify(site.potentialAction)).toContain(
      '"urlTemplate":"https://www.other.example/search?q={search_term_string}"',
    );
  });

  it("names the organization as publisher by @id", () => {
    const site = json(websiteJsonLd(pub()));
    const organization = json(organizationJsonLd(pub()));
    expect(site.publisher).toEqual({ "@id": "https://news.example.com/#organization" });
    expect(site.publisher).toEqual({ "@id": organization["@id"] });
  });
});

describe("organizationJsonLd", () => {
  it("has an @id ending in #organization on the site's root", () => {
    const organization = json(organizationJsonLd(pub()));
    expect(organization["@context"]).toBe("https://schema.org");
    expect(organization["@type"]).toBe("NewsMediaOrganization");
    expect(organization["@id"]).toBe("https://news.example.com/#organization");
    expect(organization.url).toBe("https://news.example.com/");
    expect(organization.name).toBe("The Riverbend Chronicle");
  });

  it("has a logo ImageObject at an absolute URL", () => {
    expect(json(organizationJsonLd(pub())).logo).toEqual({
      "@type": "ImageObject",
      "@id": "https://news.example.com/#logo",
      url: "https://news.example.com/images/logo.png",
      width: "512",
      height: "512",
      caption: "The Riverbend Chronicle",
    });
  });

  it("lists the social profiles as absolute sameAs URLs", () => {
    const sameAs = json(organizationJsonLd(pub())).sameAs;
    expect(sameAs).toEqual([
      "https://www.facebook.com/riverbendchronicle",
      "https://x.com/rbchronicle",
      "https://www.instagram.com/riverbendchronicle",
    ]);
  });
});

describe("websiteId and organizationId", () => {
  it("are the root URL with a fragment", () => {
    expect(websiteId(pub())).toBe("https://news.example.com/#website");
    expect(organizationId(pub())).toBe("https://news.example.com/#organization");
  });
});

describe("breadcrumbJsonLd", () => {
  it("numbers the trail from 1 with absolute item URLs", () => {
    expect(
      json(
        breadcrumbJsonLd(pub(), [
          ["Home", "/"],
          ["Blog", "/blog"],
          ["A post", "/blog/a-post"],
        ]),
      ),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://news.example.com/" },
        { "@type": "ListItem", position: 2, name: "Blog", item: "https://news.example.com/blog" },
        {
          "@type": "ListItem",
          position: 3,
          name: "A post",
          item: "https://news.example.com/blog/a-post",
        },
      ],
    });
  });

  it("gives an empty list for an empty trail", () => {
    expect(json(breadcrumbJsonLd(pub(), [])).itemListElement).toEqual([]);
  });
});

describe("faqJsonLd", () => {
  const entries = [
    { question: "How do I subscribe?", answer: "Use the <b>Subscribe</b> button." },
    { question: 'What is "Riverbend"?', answer: "Our town.\nAnd our paper." },
  ];

  it("has one Question per entry with its accepted answer", () => {
    const faq = json(faqJsonLd(pub(), entries));
    expect(faq["@type"]).toBe("FAQPage");
    expect(faq.mainEntity).toEqual([
      {
        "@type": "Question",
        name: "How do I subscribe?",
        acceptedAnswer: { "@type": "Answer", text: "Use the <b>Subscribe</b> button." },
      },
      {
        "@type": "Question",
        name: 'What is "Riverbend"?',
        acceptedAnswer: { "@type": "Answer", text: "Our town.\nAnd our paper." },
      },
    ]);
  });

  it("is the /faq page, part of the website", () => {
    const faq = json(faqJsonLd(pub(), entries));
    expect(faq["@id"]).toBe("https://news.example.com/faq#faq");
    expect(faq.url).toBe("https://news.example.com/faq");
    expect(faq.isPartOf).toEqual({ "@id": "https://news.example.com/#website" });
  });

  it("has no questions for no entries", () => {
    expect(json(faqJsonLd(pub(), [])).mainEntity).toEqual([]);
  });
});

describe("JSON round trip", () => {
  it.each([
    ["websiteJsonLd", () => websiteJsonLd(pub())],
    ["organizationJsonLd", () => organizationJsonLd(pub())],
    ["breadcrumbJsonLd", () => breadcrumbJsonLd(pub(), [["Home", "/"]])],
    ["faqJsonLd", () => faqJsonLd(pub(), [{ question: "Q?", answer: "A." }])],
  ])("%s survives JSON.stringify unchanged", (_name, build) => {
    const value = build();
    expect(JSON.parse(JSON.stringify(value))).toStrictEqual(value);
  });
});

describe("a network publication", () => {
  // Made when the tests run, not when they are collected: its defaults read the configuration.
  const lakeside = () =>
    fromEntry({
      key: "lakeside.example",
      url: "https://lakeside.example",
      name: "The Lakeside Ledger",
      blogDomain: "lakeside.example",
      feeds: {},
      revalidateSecret: null,
      town: "Lakeside",
      social: [{ label: "Facebook", href: "https://www.facebook.com/lakesideledger" }],
    });

  it("is its own WebSite and Organization on its own origin, the network its parent", () => {
    const site = json(websiteJsonLd(lakeside()));
    const organization = json(organizationJsonLd(lakeside()));
    expect(site["@id"]).toBe("https://lakeside.example/#website");
    expect(site.name).toBe("The Lakeside Ledger");
    expect(JSON.stringify(site)).not.toContain("news.example.com");
    expect(organization.name).toBe("The Lakeside Ledger");
    expect(organization.email).toBe("newsroom@lakeside.example");
    expect(organization.sameAs).toEqual(["https://www.facebook.com/lakesideledger"]);
    expect(organization.areaServed).toEqual({ "@type": "Place", name: "Lakeside" });
    expect(organization.parentOrganization).toEqual({
      "@type": "NewsMediaOrganization",
      "@id": "https://www.metropressnetwork.com/#organization",
      name: "Metro Press Network",
      url: "https://www.metropressnetwork.com",
    });
  });

  it("puts its breadcrumbs on its own origin", () => {
    const trail = json(
      breadcrumbJsonLd(lakeside(), [
        ["Home", "/"],
        ["Sports", "/sports"],
      ]),
    );
    expect(JSON.stringify(trail)).toContain('"item":"https://lakeside.example/sports"');
  });
});
