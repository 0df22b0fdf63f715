import type { Metadata } from "next";
import { SiteLink } from "@/components/ui/site-link";
import card from "@/components/ui/card.module.css";
import { PageHeader } from "@/components/ui/page-header";
import { TitledCard, type CardLink } from "@/components/ui/titled-card";
import { pageFor, sitePage } from "@/lib/pages";
import { publicationFromParams, type PublicationProps } from "@/lib/publication";
import { pageMetadata } from "@/lib/seo";

export async function generateMetadata({ params }: PublicationProps): Promise<Metadata> {
  const publication = await publicationFromParams(params);
  return pageMetadata(publication, pageFor(publication, "/analysis"));
}

const EDUCATION: CardLink[] = [
  {
    href: "https://en.wikipedia.org/wiki/Technical_analysis",
    label: "Technical analysis",
    blurb: "Reading price charts, volume and momentum to judge where a market may head next.",
  },
  {
    href: "https://en.wikipedia.org/wiki/Fundamental_analysis",
    label: "Fundamental analysis",
    blurb: "Valuing a company from its earnings, debts, management and the economy around it.",
  },
];

export default function AnalysisPage() {
  return (
    <div className="container">
      <PageHeader
        title={sitePage("/analysis").title}
        subtitle="Context for the numbers behind the headlines."
      />
      <div className={card.grid2}>
        <TitledCard id="expert-analysis" title="Expert Analysis">
          <h3>Market Trends Overview</h3>
          <p>
            Markets move on three things at once: what companies earn, what money costs, and what
            investors expect of both. When interest rates rise, future profits are worth less today
            and richly valued shares tend to fall first; when rates ease, the reverse usually holds.
          </p>
          <p>
            Watch the breadth of a rally, not only the index. A market lifted by a handful of large
            companies is more fragile than one where most shares rise together. Our business desk
            follows these signals in <SiteLink href="/business">Business &amp; Finance</SiteLink>{" "}
            and <SiteLink href="/market-news">Market News</SiteLink>.
          </p>
          <p className={card.muted}>
            Analysis is for information only and is not investment advice.
          </p>
        </TitledCard>
        <TitledCard id="educational-resources" title="Educational Resources" links={EDUCATION} />
      </div>
    </div>
  );
}
