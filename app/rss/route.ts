import { RSS, TEXT, textResponse } from "@/lib/discovery/responses";
import { rssDocument } from "@/lib/discovery/rss-document";
import { logUpstreamError } from "@/lib/ops";

/** RSS 2.0 of the latest 20 blog posts, in full (lib/discovery/rss-document.ts). */
export const dynamic = "force-dynamic";

export async function GET() {
  try {
    return textResponse(await rssDocument(), RSS);
  } catch (error) {
    logUpstreamError("rss", error instanceof Error ? error.message : String(error));
    return textResponse("The blog feed is unavailable; please try again later.\n", TEXT, 503);
  }
}
