import type { Metadata } from "next";
import { LegalPage } from "@/components/ui/legal-page";
import { publicationFromParams, type PublicationProps } from "@/lib/publication";
import { pageMetadata } from "@/lib/seo";

export async function generateMetadata({ params }: PublicationProps): Promise<Metadata> {
  const publication = await publicationFromParams(params);
  return pageMetadata(publication, {
    title: "Privacy Policy",
    description: `How ${publication.name} collects, uses and protects information about readers, and the rights you have.`,
    path: "/privacy",
  });
}

export default async function PrivacyPage({ params }: PublicationProps) {
  const publication = await publicationFromParams(params);
  return <LegalPage title="Privacy Policy" document="privacy" publication={publication} />;
}
