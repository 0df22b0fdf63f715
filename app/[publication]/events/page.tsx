import type { Metadata } from "next";
import { EmbedFrame } from "@/components/ui/embed-frame";
import { PageHeader } from "@/components/ui/page-header";
import { config } from "@/lib/env";
import { pageFor, sitePage } from "@/lib/pages";
import { embedAddress, publicationFromParams, type PublicationProps } from "@/lib/publication";
import { pageMetadata } from "@/lib/seo";

export async function generateMetadata({ params }: PublicationProps): Promise<Metadata> {
  const publication = await publicationFromParams(params);
  return pageMetadata(publication, pageFor(publication, "/events"));
}

export default async function EventsPage({ params }: PublicationProps) {
  const publication = await publicationFromParams(params);
  return (
    <div className="container">
      <PageHeader
        title={sitePage("/events").title}
        subtitle={`Concerts, markets, meetings and family days around ${publication.town}.`}
      />
      <EmbedFrame
        src={embedAddress(config().embeds.eventsWallUrl, publication)}
        title={`${publication.town} local events wall`}
        height={1200}
      />
    </div>
  );
}
