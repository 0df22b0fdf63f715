import { config } from "@/lib/env";
import { proxyStream } from "@/lib/radio/stream-proxy";

// A live stream: never prerendered or cached, always on Node (node:http, long-lived bodies).
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export function GET(request: Request): Promise<Response> {
  return proxyStream(request, config().radio);
}
