import type { Metadata } from "next";
import { SiteLink } from "@/components/ui/site-link";
import card from "@/components/ui/card.module.css";
import { EmbedFrame } from "@/components/ui/embed-frame";
import { PageHeader } from "@/components/ui/page-header";
import { pageFor, sitePage } from "@/lib/pages";
import { partnerDocuments } from "@/lib/partner-documents";
import {
  DEFAULT_PUBLICATION,
  localize,
  publicationFromParams,
  type PublicationProps,
} from "@/lib/publication";
import { pageMetadata } from "@/lib/seo";
import { ExternalLink } from "@/components/ui/external-link";

export async function generateMetadata({ params }: PublicationProps): Promise<Metadata> {
  const publication = await publicationFromParams(params);
  return pageMetadata(publication, pageFor(publication, "/partners"));
}

export default async function PartnersPage({ params }: PublicationProps) {
  const publication = await publicationFromParams(params);
  return (
    <div className="container">
      <PageHeader
        title={sitePage("/partners").title}
        subtitle={`Working with ${publication.name} and the ${DEFAULT_PUBLICATION.network.name}.`}
      />
      <div className={card.stack}>
        {localize(partnerDocuments(), publication).map((doc) => (
          <section key={doc.embedUrl} className={card.card} aria-label={doc.title}>
            <h2>{doc.title}</h2>
            <p>{doc.description}</p>
            <EmbedFrame
              src={doc.embedUrl}
              title={`${doc.title} (shared document)`}
              aspectRatio="4 / 3"
            />
            <p style={{ marginTop: "0.75rem" }}>
              <ExternalLink href={doc.openUrl}>Open “{doc.title}” in Google Drive</ExternalLink>
            </p>
          </section>
        ))}
        <section className={card.card} aria-labelledby="opportunities">
          <h2 id="opportunities">Partnership Opportunities</h2>
          <p>
            Sponsor local coverage, advertise to readers across {publication.town}, or syndicate our
            reporting through the {DEFAULT_PUBLICATION.network.name}. Tell us what you have in mind
            and our partnerships team will reply within two working days.
          </p>
          <SiteLink href="/contact" className={card.button}>
            Contact our partnerships team
          </SiteLink>
        </section>
      </div>
    </div>
  );
}
