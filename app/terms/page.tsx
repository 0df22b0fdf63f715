import { LegalPage } from "@/components/ui/legal-page";
import { pageMetadata } from "@/lib/seo";

export const metadata = pageMetadata({
  title: "Terms of Service",
  description:
    "The terms that apply when you read and use The Riverbend Chronicle website, radio stream and services.",
  path: "/terms",
});

export default function TermsPage() {
  return <LegalPage title="Terms of Service" document="terms" />;
}
