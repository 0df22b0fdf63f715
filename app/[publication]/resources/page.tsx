import type { Metadata } from "next";
import card from "@/components/ui/card.module.css";
import { PageHeader } from "@/components/ui/page-header";
import { TitledCard, type CardLink } from "@/components/ui/titled-card";
import { pageFor, sitePage } from "@/lib/pages";
import { publicationFromParams, type PublicationProps } from "@/lib/publication";
import { pageMetadata } from "@/lib/seo";

export async function generateMetadata({ params }: PublicationProps): Promise<Metadata> {
  const publication = await publicationFromParams(params);
  return pageMetadata(publication, pageFor(publication, "/resources"));
}

const GUIDES = [
  {
    title: "Getting Started with Stock Trading",
    text: "What a brokerage account is, how orders work, what fees to expect, and why a long time horizon matters more than picking the perfect day to buy.",
  },
  {
    title: "Trading Tools & Resources",
    text: "Screeners, watchlists, company filings and economic calendars: the free tools that help you read a market before you act on it.",
  },
];

const EXTERNAL: CardLink[] = [
  { href: "https://en.wikipedia.org/wiki/Business_cycle", label: "Understanding Market Cycles" },
  {
    href: "https://en.wikipedia.org/wiki/Financial_risk_management",
    label: "Risk Management Strategies",
  },
  {
    href: "https://en.wikipedia.org/wiki/Diversification_(finance)",
    label: "Portfolio Diversification Guide",
  },
];

export default function ResourcesPage() {
  return (
    <div className="container">
      <PageHeader
        title={sitePage("/resources").title}
        subtitle="Guides and reading to help you follow the markets with confidence."
      />
      <div className={card.grid2}>
        <TitledCard id="guides" title="Guides & Tutorials">
          {GUIDES.map((guide) => (
            <article key={guide.title}>
              <h3>{guide.title}</h3>
              <p>{guide.text}</p>
            </article>
          ))}
        </TitledCard>
        <TitledCard id="external" title="External Resources" links={EXTERNAL} />
      </div>
    </div>
  );
}
