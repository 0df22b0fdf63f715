import type { BreadcrumbList, FAQPage, Organization, WebSite, WithContext } from "schema-dts";
import { SITE, SOCIAL_LINKS, siteUrl } from "../site";

/**
 * Site-wide JSON-LD: the WebSite (with its search) and the Organization behind it, linked
 * by @id so every page's own data (CollectionPage, BlogPosting...) can point at them.
 */

export const websiteId = () => `${siteUrl("/")}#website`;
export const organizationId = () => `${siteUrl("/")}#organization`;

/** The search box in results pages: `{search_term_string}` is filled in by the engine. */
export function websiteJsonLd(): WithContext<WebSite> {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": websiteId(),
    url: siteUrl("/"),
    name: SITE.name,
    alternateName: SITE.shortName,
    description: SITE.description,
    inLanguage: SITE.language,
    publisher: { "@id": organizationId() },
    potentialAction: {
      "@type": "SearchAction",
      target: {
        "@type": "EntryPoint",
        urlTemplate: `${siteUrl("/search")}?q={search_term_string}`,
      },
      // schema-dts has no type for Google's "query-input" shorthand.
      ...({ "query-input": "required name=search_term_string" } as object),
    },
  };
}

export function organizationJsonLd(): WithContext<Organization> {
  return {
    "@context": "https://schema.org",
    "@type": "NewsMediaOrganization",
    "@id": organizationId(),
    name: SITE.name,
    url: siteUrl("/"),
    logo: {
      "@type": "ImageObject",
      "@id": `${siteUrl("/")}#logo`,
      url: siteUrl("/images/logo.png"),
      width: "512",
      height: "512",
      caption: SITE.name,
    },
    email: SITE.contact.email,
    telephone: SITE.contact.phone,
    sameAs: SOCIAL_LINKS.map((link) => link.href),
    parentOrganization: { "@type": "Organization", name: SITE.network.name },
  };
}

/** Breadcrumbs as [name, path] pairs from the home page down. */
export function breadcrumbJsonLd(
  trail: readonly (readonly [string, string])[],
): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map(([name, path], index) => ({
      "@type": "ListItem",
      position: index + 1,
      name,
      item: siteUrl(path),
    })),
  };
}

export function faqJsonLd(
  entries: readonly { question: string; answer: string }[],
): WithContext<FAQPage> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    "@id": `${siteUrl("/faq")}#faq`,
    url: siteUrl("/faq"),
    isPartOf: { "@id": websiteId() },
    mainEntity: entries.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: entry.answer },
    })),
  };
}
