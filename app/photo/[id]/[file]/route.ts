import { configuredFeedOrigins } from "@/lib/news";
import { isPhotoId, parsePhotoFile, photoResponse, sitePhotos } from "@/lib/photos";

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
  if (!isPhotoId(id) || width === null) return photoResponse(null);
  return photoResponse(await sitePhotos().variant(id, width, configuredFeedOrigins()));
}
