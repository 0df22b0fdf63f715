import type { CollectionPage, WithContext } from "schema-dts";
import { publicationUrl, type Publication } from "../../publication";
import type { Section } from "../sections";
import type { FeedArticle } from "../types";

/** CollectionPage with an ItemList of the section's headlines. */
export function sectionJsonLd(
  publication: Publication,
  section: Section,
  articles: FeedArticle[],
): WithContext<CollectionPage> {
  const url = publicationUrl(publication, `/${section.slug}`);
  return {
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    "@id": `${url}#page`,
    name: section.title,
    description: section.description,
    url,
    inLanguage: "en-US",
    isPartOf: { "@id": `${publicationUrl(publication)}#website` },
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
