import type { CollectionPage, WithContext } from "schema-dts";
import { siteUrl } from "../site";
import type { Section } from "./sections";
import type { FeedArticle } from "./types";

/** CollectionPage with an ItemList of the section's headlines. */
export function sectionJsonLd(
  section: Section,
  articles: FeedArticle[],
): WithContext<CollectionPage> {
  const url = siteUrl(`/${section.slug}`);
  return {
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    "@id": `${url}#page`,
    name: section.title,
    description: section.description,
    url,
    inLanguage: "en-US",
    isPartOf: { "@id": `${siteUrl("/")}#website` },
    mainEntity: {
      "@type": "ItemList",
      numberOfItems: articles.length,
      // Positions and addresses: the headlines' text is on the page already.
      itemListElement: articles.map((article, index) => ({
        "@type": "ListItem",
        position: index + 1,
        url: article.link,
      })),
    },
  };
}
