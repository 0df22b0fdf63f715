import { OPENSEARCH, openSearchDocument, textResponse } from "@/lib/discovery";
import { publicationFromParams, type PublicationProps } from "@/lib/publication";

// Each publication describes its own search, on its own origin.
export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: PublicationProps) {
  return textResponse(openSearchDocument(await publicationFromParams(params)), OPENSEARCH);
}
