import { Markdown } from "@/components/ui/markdown";
import { PageHeader } from "@/components/ui/page-header";
import { readLegalDocument, type LegalDocument } from "@/lib/content";

export async function LegalPage({ title, document }: { title: string; document: LegalDocument }) {
  const text = await readLegalDocument(document);
  return (
    <div className="narrow">
      <PageHeader title={title} />
      <Markdown>{text}</Markdown>
    </div>
  );
}
