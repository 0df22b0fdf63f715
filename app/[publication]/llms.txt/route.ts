import { llmsTxt, MARKDOWN, textResponse } from "@/lib/discovery";
import { publicationFromParams, type PublicationProps } from "@/lib/publication";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: PublicationProps) {
  const { text, complete } = await llmsTxt(await publicationFromParams(params));
  return textResponse(text, MARKDOWN, 200, { degraded: !complete });
}
