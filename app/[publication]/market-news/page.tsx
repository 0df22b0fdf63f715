import type { Metadata } from "next";
import { AdSlot } from "@/components/ui/ad-slot";
import card from "@/components/ui/card.module.css";
import { EmbedFrame } from "@/components/ui/embed-frame";
import { PageHeader } from "@/components/ui/page-header";
import { TitledCard, type CardLink } from "@/components/ui/titled-card";
import { config } from "@/lib/env";
import { pageFor, sitePage } from "@/lib/pages";
import { publicationFromParams, type PublicationProps } from "@/lib/publication";
import { pageMetadata } from "@/lib/seo";

export async function generateMetadata({ params }: PublicationProps): Promise<Metadata> {
  const publication = await publicationFromParams(params);
  return pageMetadata(publication, pageFor(publication, "/market-news"));
}

const LEARN_MORE: CardLink[] = [
  {
    href: "https://en.wikipedia.org/wiki/Stock_market",
    label: "Stock market",
    blurb: "How shares are listed, bought and sold.",
  },
  {
    href: "https://en.wikipedia.org/wiki/Financial_market",
    label: "Financial market",
    blurb: "Where bonds, currencies and commodities trade.",
  },
];

export default async function MarketNewsPage({ params }: PublicationProps) {
  const publication = await publicationFromParams(params);
  return (
    <div className="container">
      <PageHeader
        title={sitePage("/market-news").title}
        subtitle="The day's market stories at a glance."
      />
      <div className={card.withSidebar}>
        <EmbedFrame
          src={config().embeds.marketBoardUrl.toString()}
          title="Market news image board"
          height={1600}
        />
        <div className={card.stack}>
          <AdSlot placement="sidebar" town={publication.town} />
          <TitledCard id="learn-more" title="Learn More" links={LEARN_MORE} />
        </div>
      </div>
    </div>
  );
}
