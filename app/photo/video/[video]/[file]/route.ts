import { parsePosterFile, photoResponse, posterVariant } from "@/lib/photos";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * GET /photo/video/<video id>/<width>.webp: a video's poster at one of the facade's widths,
 * made by the server from YouTube's (lib/photos/video-posters.ts). Only the featured video and
 * videos a page showed are answered, at the widths made; anything else is a 404 before any
 * fetch or disk write. A video YouTube has no poster for sends the reader to the default photo.
 */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ video: string; file: string }> },
): Promise<Response> {
  const { video, file } = await params;
  const width = parsePosterFile(file);
  return photoResponse(width === null ? null : await posterVariant(video, width));
}
