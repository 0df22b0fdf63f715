import type { Metadata } from "next";
import { AudioPlayer } from "@/components/radio/audio-player";
import { NowPlaying } from "@/components/radio/now-playing";
import card from "@/components/ui/card.module.css";
import { PageHeader } from "@/components/ui/page-header";
import { pageFor } from "@/lib/pages";
import { publicationFromParams, type PublicationProps } from "@/lib/publication";
import { pageMetadata } from "@/lib/seo";
import { RADIO } from "@/lib/radio";
import styles from "./radio.module.css";

export async function generateMetadata({ params }: PublicationProps): Promise<Metadata> {
  const publication = await publicationFromParams(params);
  return pageMetadata(publication, pageFor(publication, "/radio"));
}

/**
 * A static page: nothing here depends on the request. The current title is live data, so the
 * page carries the standing line and the NowPlaying leaf asks /api/now-playing for the title.
 */
export default async function RadioPage({ params }: PublicationProps) {
  const publication = await publicationFromParams(params);
  return (
    <div className="container">
      <PageHeader
        title="Radio"
        subtitle={`${publication.shortName} on air: news, talk and music from ${publication.town}, live.`}
      />
      <div className={styles.layout}>
        <AudioPlayer
          src={`/api/stream?port=${publication.radio.ports?.[0] ?? RADIO.port}`}
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
