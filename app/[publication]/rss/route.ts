import { RSS, rssDocument, TEXT, textResponse } from "@/lib/discovery";
import { logUpstreamError } from "@/lib/ops";
import { publicationFromParams, type PublicationProps } from "@/lib/publication";

/** RSS 2.0 of the latest 20 blog posts, in full (lib/discovery/rss-document.ts). */
export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: PublicationProps) {
  const publication = await publicationFromParams(params);
  try {
    return textResponse(await rssDocument(publication), RSS);
  } catch (error) {
    logUpstreamError("rss", error instanceof Error ? error.message : String(error));
    return textResponse("The blog feed is unavailable; please try again later.\n", TEXT, 503);
  }
}
