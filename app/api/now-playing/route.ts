import { config } from "@/lib/env";
import { publicationOfRequest } from "@/lib/publication";
import { getNowPlaying, radioOf } from "@/lib/radio";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request): Promise<Response> {
  // Cached for a few seconds in lib/radio; the browser always asks again.
  const radio = radioOf(publicationOfRequest(request), config().radio);
  return Response.json(await getNowPlaying(radio), {
    headers: { "Cache-Control": "no-store" },
  });
}
