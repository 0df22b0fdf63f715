import type { Metadata } from "next";
import card from "@/components/ui/card.module.css";
import { EmbedFrame } from "@/components/ui/embed-frame";
import { PageHeader } from "@/components/ui/page-header";
import { TitledCard } from "@/components/ui/titled-card";
import { config } from "@/lib/env";
import { pageFor, sitePage } from "@/lib/pages";
import { embedAddress, publicationFromParams, type PublicationProps } from "@/lib/publication";
import { pageMetadata } from "@/lib/seo";

export async function generateMetadata({ params }: PublicationProps): Promise<Metadata> {
  const publication = await publicationFromParams(params);
  return pageMetadata(publication, pageFor(publication, "/contact"));
}

export default async function ContactPage({ params }: PublicationProps) {
  const publication = await publicationFromParams(params);
  return (
    <div className="container">
      <PageHeader
        title={sitePage("/contact").title}
        subtitle="Story tips, corrections, letters and advertising: we read everything."
      />
      <div className={card.withSidebar}>
        <EmbedFrame
          src={embedAddress(config().embeds.contactFormUrl, publication)}
          title="Contact form"
          height={800}
        />
        <TitledCard as="aside" id="newsroom" title="The newsroom">
          <address>
            {publication.contact.address.map((line) => (
              <span key={line}>
                {line}
                <br />
              </span>
            ))}
          </address>
          <p>
            Phone:{" "}
            <a href={`tel:${publication.contact.phone.replace(/[^\d+]/g, "")}`}>
              {publication.contact.phone}
            </a>
            <br />
            E-mail: <a href={`mailto:${publication.contact.email}`}>{publication.contact.email}</a>
          </p>
          <p className={card.muted}>The newsroom is staffed weekdays 8 a.m. to 6 p.m.</p>
        </TitledCard>
      </div>
    </div>
  );
}
