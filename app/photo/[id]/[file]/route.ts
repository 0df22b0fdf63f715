import { configuredFeedOrigins } from "@/lib/news/feeds-config";
import { DEFAULT_PHOTO, isPhotoId, parsePhotoFile, sitePhotos } from "@/lib/photos";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * GET /photo/<id>/<width>.webp: a headline photo at one of the card's widths. Only ids the
 * site issued for a headline's photo and widths it makes are answered; anything else is a
 * 404 before any fetch or disk write. A photo whose host cannot give it sends the reader to
 * the default photo (a redirect the browser follows quietly, kept briefly).
 */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ id: string; file: string }> },
): Promise<Response> {
  const { id, file } = await params;
  const width = parsePhotoFile(file);
  if (!isPhotoId(id) || width === null) return notFound();
  const photo = await sitePhotos().variant(id, width, configuredFeedOrigins());
  if (photo === null) return notFound();
  if (photo === "dead") {
    return new Response(null, {
      status: 302,
      headers: { Location: DEFAULT_PHOTO, "Cache-Control": "public, max-age=300" },
    });
  }
  return new Response(new Uint8Array(photo), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(photo.length),
      // The id names one address and the width one rendering of it: the bytes never change.
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}

function notFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });
}
