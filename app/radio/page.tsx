import { AudioPlayer } from "@/components/radio/audio-player";
import { NowPlaying } from "@/components/radio/now-playing";
import card from "@/components/ui/card.module.css";
import { PageHeader } from "@/components/ui/page-header";
import { pageMetadata } from "@/lib/seo";
import { RADIO, SITE } from "@/lib/site";
import styles from "./radio.module.css";

export const metadata = pageMetadata({
  title: "Live Radio",
  description: `Listen to ${SITE.name}'s radio station live, 24 hours a day, right in your browser: news, talk and music from Riverbend.`,
  path: "/radio",
});

/**
 * A static page: nothing here depends on the request. The current title is live data, so the
 * page carries the standing line and the NowPlaying leaf asks /api/now-playing for the title.
 */
export default function RadioPage() {
  return (
    <div className="container">
      <PageHeader
        title="Radio"
        subtitle={`${SITE.shortName} on air: news, talk and music from Riverbend, live.`}
      />
      <div className={styles.layout}>
        <AudioPlayer
          src={`/api/stream?port=${RADIO.port}`}
          title={RADIO.title}
          subtitle={RADIO.pageSubtitle}
        />
        <div className={card.stack}>
          <section className={card.card} aria-labelledby="now-playing">
            <h2 id="now-playing">Now Playing</h2>
            <NowPlaying />
          </section>
          <p className={styles.tip}>{RADIO.tip}</p>
        </div>
      </div>
    </div>
  );
}
