import { Markdown } from "@/components/ui/markdown";
import { PageHeader } from "@/components/ui/page-header";
import { readLegalDocument, type LegalDocument } from "@/lib/content";
import type { Publication } from "@/lib/publication";

export async function LegalPage({
  title,
  document,
  publication,
}: {
  title: string;
  document: LegalDocument;
  publication: Publication;
}) {
  const text = await readLegalDocument(document, publication);
  return (
    <div className="narrow">
      <PageHeader title={title} />
      <Markdown>{text}</Markdown>
    </div>
  );
}
