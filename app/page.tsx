import { SectionGrid } from "@/components/home/section-grid";
import styles from "@/components/home/home.module.css";
import { AdSlot } from "@/components/ui/ad-slot";
import { VideoBlock } from "@/components/ui/video-block";
import { config } from "@/lib/env";
import { formatLongDate } from "@/lib/dates";
import { pageMetadata } from "@/lib/seo";
import { SITE } from "@/lib/site";

export const metadata = pageMetadata({
  title: "Today's Headlines",
  description: SITE.description,
  path: "/",
});

export default function HomePage() {
  return (
    <div className="container">
      <section className={styles.hero} aria-labelledby="todays-headlines">
        <p className={styles.date}>{formatLongDate(new Date())}</p>
        <h1 id="todays-headlines" className={styles.heroTitle}>
          Today&apos;s Headlines
        </h1>
        <p className={styles.tagline}>{SITE.tagline}</p>
      </section>

      <div className={styles.adRow}>
        <AdSlot placement="top" />
        <AdSlot placement="middle" wideOnly />
      </div>

      <section className={styles.block} aria-labelledby="featured-video">
        <h2 id="featured-video" className={styles.blockTitle}>
          Featured Video
        </h2>
        <div className={styles.video}>
          <VideoBlock url={config().embeds.featuredVideoUrl} title="Featured video from The Riverbend Chronicle" />
        </div>
      </section>

      <section className={styles.block} aria-labelledby="news-sections">
        <h2 id="news-sections" className={styles.blockTitle}>
          News Sections
        </h2>
        <SectionGrid />
      </section>

      <AdSlot placement="sidebar" wideOnly />
    </div>
  );
}
