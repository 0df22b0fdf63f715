import { config } from "@/lib/env";
import { feedStatuses } from "@/lib/news";
import { hasOperatorSecret, secretRefused } from "@/lib/ops";

/**
 * GET /api/feeds/status: each configured feed's health (last success, last error with its
 * HTTP status, last fetch's duration, item count, 304s), for operators. Same secret as
 * POST /api/revalidate. Reads only what this process recorded: no upstream call.
 */
export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  if (!hasOperatorSecret(request, config().revalidateSecret)) return secretRefused();
  const feeds = await feedStatuses();
  return Response.json(
    {
      at: new Date().toISOString(),
      failing: feeds.filter(
        (feed) =>
          feed.lastError &&
          (!feed.lastSuccessAt || Date.parse(feed.lastError.at) >= Date.parse(feed.lastSuccessAt)),
      ).length,
      feeds,
    },
    { headers: { "cache-control": "no-store" } },
  );
}
