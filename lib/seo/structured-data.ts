import type {
  BreadcrumbList,
  CollectionPage,
  FAQPage,
  Organization,
  WebSite,
  WithContext,
} from "schema-dts";
import { DEFAULT_PUBLICATION, publicationUrl, type Publication } from "../publication";

/**
 * Site-wide JSON-LD: the publication's WebSite (with its search) and the Organization behind
 * it, the network as its parentOrganization, linked by @id so every page's own data
 * (CollectionPage, BlogPosting...) can point at them.
 */

export const websiteId = (publication: Publication) => `${publicationUrl(publication)}#website`;
export const organizationId = (publication: Publication) =>
  `${publicationUrl(publication)}#organization`;

/** The search box in results pages: `{search_term_string}` is filled in by the engine. */
export function websiteJsonLd(publication: Publication): WithContext<WebSite> {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": websiteId(publication),
    url: publicationUrl(publication),
    name: publication.name,
    alternateName: publication.shortName,
    description: publication.description,
    inLanguage: DEFAULT_PUBLICATION.language,
    publisher: { "@id": organizationId(publication) },
    potentialAction: {
      "@type": "SearchAction",
      target: {
        "@type": "EntryPoint",
        urlTemplate: `${publicationUrl(publication, "/search")}?q={search_term_string}`,
      },
      // schema-dts has no type for Google's "query-input" shorthand.
      ...({ "query-input": "required name=search_term_string" } as object),
    },
  };
}

export function organizationJsonLd(publication: Publication): WithContext<Organization> {
  return {
    "@context": "https://schema.org",
    "@type": "NewsMediaOrganization",
    "@id": organizationId(publication),
    name: publication.name,
    url: publicationUrl(publication),
    logo: {
      "@type": "ImageObject",
      "@id": `${publicationUrl(publication)}#logo`,
      url: publicationUrl(publication, "/images/logo.png"),
      width: "512",
      height: "512",
      caption: publication.name,
    },
    email: publication.contact.email,
    telephone: publication.contact.phone,
    ...(publication.town ? { areaServed: { "@type": "Place", name: publication.town } } : {}),
    sameAs: publication.social.map((link) => link.href),
    parentOrganization: {
      "@type": "NewsMediaOrganization",
      "@id": `${DEFAULT_PUBLICATION.network.url}/#organization`,
      name: DEFAULT_PUBLICATION.network.name,
      url: DEFAULT_PUBLICATION.network.url,
    },
  };
}

/** Breadcrumbs as [name, path] pairs from the home page down. */
export function breadcrumbJsonLd(
  publication: Publication,
  trail: readonly (readonly [string, string])[],
): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map(([name, path], index) => ({
      "@type": "ListItem",
      position: index + 1,
      name,
      item: publicationUrl(publication, path),
    })),
  };
}

export function faqJsonLd(
  publication: Publication,
  entries: readonly { question: string; answer: string }[],
): WithContext<FAQPage> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    "@id": `${publicationUrl(publication, "/faq")}#faq`,
    url: publicationUrl(publication, "/faq"),
    isPartOf: { "@id": websiteId(publication) },
    mainEntity: entries.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: entry.answer },
    })),
  };
}

/**
 * A page that lists other pages or headlines (the archive, a month, a day): a CollectionPage
 * whose ItemList gives each entry's address, in the page's order; their text is on the page.
 */
export function collectionPageJsonLd(
  publication: Publication,
  page: { path: string; name: string; description: string; items: readonly string[] },
): WithContext<CollectionPage> {
  const url = publicationUrl(publication, page.path);
  return {
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    "@id": `${url}#page`,
    name: page.name,
    description: page.description,
    url,
    inLanguage: DEFAULT_PUBLICATION.language,
    isPartOf: { "@id": websiteId(publication) },
    mainEntity: {
      "@type": "ItemList",
      numberOfItems: page.items.length,
      itemListElement: page.items.map((item, index) => ({
        "@type": "ListItem",
        position: index + 1,
        url: item,
      })),
    },
  };
}
