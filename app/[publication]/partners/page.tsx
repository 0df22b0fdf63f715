import type { Metadata } from "next";
import Link from "next/link";
import card from "@/components/ui/card.module.css";
import { EmbedFrame } from "@/components/ui/embed-frame";
import { PageHeader } from "@/components/ui/page-header";
import { localize, publicationFromParams, type PublicationProps } from "@/lib/publication";
import { pageMetadata } from "@/lib/seo";
import { partnerDocuments, DEFAULT_PUBLICATION } from "@/lib/site";
import { ExternalLink } from "@/components/ui/external-link";

export async function generateMetadata({ params }: PublicationProps): Promise<Metadata> {
  const publication = await publicationFromParams(params);
  return pageMetadata(publication, {
    title: "Partners",
    description: `Partner with ${publication.name}: our media kit, the ${DEFAULT_PUBLICATION.network.name} partnership guide and community sponsorship.`,
    path: "/partners",
  });
}

export default async function PartnersPage({ params }: PublicationProps) {
  const publication = await publicationFromParams(params);
  return (
    <div className="container">
      <PageHeader
        title="Partners"
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
            reporting through the {DEFAULT_PUBLICATION.network.name}. Tell us what you have in mind and our
            partnerships team will reply within two working days.
          </p>
          <Link prefetch={false} href="/contact" className={card.button}>
            Contact our partnerships team
          </Link>
        </section>
      </div>
    </div>
  );
}
