import type { Metadata } from "next";
import { LegalPage } from "@/components/ui/legal-page";
import { pageFor, sitePage } from "@/lib/pages";
import { publicationFromParams, type PublicationProps } from "@/lib/publication";
import { pageMetadata } from "@/lib/seo";

export async function generateMetadata({ params }: PublicationProps): Promise<Metadata> {
  const publication = await publicationFromParams(params);
  return pageMetadata(publication, pageFor(publication, "/terms"));
}

export default async function TermsPage({ params }: PublicationProps) {
  const publication = await publicationFromParams(params);
  return <LegalPage title={sitePage("/terms").title} document="terms" publication={publication} />;
}
