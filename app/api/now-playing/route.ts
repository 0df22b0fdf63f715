import { config } from "@/lib/env";
import { getNowPlaying } from "@/lib/radio/now-playing";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(): Promise<Response> {
  // Cached for a few seconds in lib/radio; the browser always asks again.
  return Response.json(await getNowPlaying(config().radio), {
    headers: { "Cache-Control": "no-store" },
  });
}
