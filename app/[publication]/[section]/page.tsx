import type { Metadata } from "next";
import { ArticleGrid } from "@/components/news/article-grid";
import { EarlierHeadlines } from "@/components/news/earlier-headlines";
import { NotFoundPage } from "@/components/not-found/not-found-page";
import { JsonLd } from "@/components/seo/json-ld";
import { AdSlot } from "@/components/ui/ad-slot";
import { PageHeader } from "@/components/ui/page-header";
import { getSectionHeadlines } from "@/lib/news";
import { pageFor } from "@/lib/pages";
import { localize, publicationFromParams } from "@/lib/publication";
import { getSection, type Section } from "@/lib/news";
import { sectionJsonLd } from "@/lib/news";
import { breadcrumbJsonLd, notFoundMetadata, pageMetadata } from "@/lib/seo";

/** Section pages show 5 headlines before "See All". */
const SECTION_LIMIT = 5;

// Incremental regeneration; the headlines' cache lifetime (FEED_REVALIDATE_SECONDS) can shorten it.
export const revalidate = 300;

// Nothing is rendered at build time: builds are offline, and a page rendered without feeds
// would be served with an error until it expired. Each section renders on its first
// request and is then served from the cache.
export function generateStaticParams(): { section: string }[] {
  return [];
}

type Props = { params: Promise<{ publication: string; section: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const publication = await publicationFromParams(params);
  const found = getSection((await params).section);
  if (!found) return notFoundMetadata("site");
  const section = localize(found, publication);
  const metadata = pageMetadata(publication, {
    ...pageFor(publication, `/${section.slug}`),
    image: `/${section.slug}/opengraph-image`,
    keywords: section.fullSeo ? section.keywords : undefined,
  });
  return section.fullSeo ? { ...metadata, robots: { index: true, follow: true } } : metadata;
}

export default async function SectionPage({ params }: Props) {
  const publication = await publicationFromParams(params);
  const { section: slug } = await params;
  const found: Section | undefined = getSection(slug);
  if (!found) {
    // Every unknown single segment ends here: 404 in full (see NotFoundPage), kept in memory
    // rather than on disk (lib/cache/cache-handler.mjs).
    return <NotFoundPage kind="site" path={`/${slug}`} />;
  }
  const section = localize(found, publication);
  const headlines = await getSectionHeadlines(publication, section.slug);

  return (
    <div className="container">
      <JsonLd
        data={[
          sectionJsonLd(publication, section, headlines.status === "ok" ? headlines.articles : []),
          breadcrumbJsonLd(publication, [
            ["Home", "/"],
            [section.title, `/${section.slug}`],
          ]),
        ]}
      />
      <PageHeader title={section.title} subtitle={section.subtitle} />
      <AdSlot placement="top" town={publication.town} />
      {/* The cards' titles are h3s, as on the home page; this h2 keeps the outline whole. */}
      <h2 className="visually-hidden">Latest headlines</h2>
      <ArticleGrid
        headlines={headlines}
        limit={SECTION_LIMIT}
        id="h"
        timeZone={publication.timeZone}
      />
      <EarlierHeadlines />
      <AdSlot placement="middle" town={publication.town} wideOnly />
    </div>
  );
}
