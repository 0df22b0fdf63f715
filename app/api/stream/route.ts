import { config } from "@/lib/env";
import { publicationOfRequest } from "@/lib/publication";
import { proxyStream, radioOf } from "@/lib/radio";

// A live stream: never prerendered or cached, always on Node (node:http, long-lived bodies).
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** The station of the publication the host names (server.mjs), on the same origin. */
export function GET(request: Request): Promise<Response> {
  return proxyStream(request, radioOf(publicationOfRequest(request), config().radio));
}
