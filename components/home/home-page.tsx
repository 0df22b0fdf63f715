import styles from "@/components/home/home.module.css";
import { SectionGrid } from "@/components/home/section-grid";
import { ArticleGrid } from "@/components/news/article-grid";
import { JsonLd } from "@/components/seo/json-ld";
import { AdSlot } from "@/components/ui/ad-slot";
import { VideoBlock } from "@/components/ui/video-block";
import { formatLongDate } from "@/lib/dates";
import { config } from "@/lib/env";
import { getSectionHeadlines } from "@/lib/news";
import { BREAKING_NEWS_SECTION } from "@/lib/news";
import { organizationJsonLd, websiteJsonLd } from "@/lib/seo";
import type { Publication } from "@/lib/publication";

const HOME_LIMIT = 6;

/** A publication's home page (app/[publication]/[[...path]] renders it at "/"). */
export async function HomePage({ publication }: { publication: Publication }) {
  const breaking = await getSectionHeadlines(publication, BREAKING_NEWS_SECTION);

  return (
    <div className="container">
      {/* The site's own description, on its home page only (where search engines look for it);
          every other page refers to it by @id. */}
      <JsonLd data={[websiteJsonLd(publication), organizationJsonLd(publication)]} />
      <section className={styles.hero} aria-labelledby="todays-headlines">
        <p className={styles.date}>{formatLongDate(new Date(), publication.timeZone)}</p>
        <h1 id="todays-headlines" className={styles.heroTitle}>
          Today&apos;s Headlines
        </h1>
        <p className={styles.tagline}>{publication.tagline}</p>
      </section>

      <div className={styles.adRow}>
        <AdSlot placement="top" town={publication.town} />
        <AdSlot placement="middle" town={publication.town} wideOnly />
      </div>

      <section className={styles.block} aria-labelledby="breaking-news">
        <h2 id="breaking-news" className={styles.blockTitle}>
          Breaking News
        </h2>
        <ArticleGrid
          headlines={breaking}
          limit={HOME_LIMIT}
          id="h"
          timeZone={publication.timeZone}
        />
      </section>

      <section className={styles.block} aria-labelledby="featured-video">
        <h2 id="featured-video" className={styles.blockTitle}>
          Featured Video
        </h2>
        <div className={styles.video}>
          <VideoBlock
            url={config().embeds.featuredVideoUrl}
            title={`Featured video from ${publication.name}`}
          />
        </div>
      </section>

      <section className={styles.block} aria-labelledby="news-sections">
        <h2 id="news-sections" className={styles.blockTitle}>
          News Sections
        </h2>
        <SectionGrid publication={publication} />
      </section>

      <AdSlot placement="sidebar" town={publication.town} wideOnly />
    </div>
  );
}
