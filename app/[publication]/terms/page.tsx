import type { Metadata } from "next";
import { LegalPage } from "@/components/ui/legal-page";
import { publicationFromParams, type PublicationProps } from "@/lib/publication";
import { pageMetadata } from "@/lib/seo";

export async function generateMetadata({ params }: PublicationProps): Promise<Metadata> {
  const publication = await publicationFromParams(params);
  return pageMetadata(publication, {
    title: "Terms of Service",
    description: `The terms that apply when you read and use the ${publication.name} website, radio stream and services.`,
    path: "/terms",
  });
}

export default async function TermsPage({ params }: PublicationProps) {
  const publication = await publicationFromParams(params);
  return <LegalPage title="Terms of Service" document="terms" publication={publication} />;
}
