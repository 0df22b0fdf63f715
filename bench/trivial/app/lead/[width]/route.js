import { readFile } from "node:fs/promises";
import path from "node:path";

/**
 * A width of the lead photo the bench copied from the site (BENCH_LEAD_PHOTOS/<width>.webp).
 * @param {Request} _request
 * @param {{ params: Promise<{ width: string }> }} context
 */
export async function GET(_request, { params }) {
  const { width } = await params;
  const folder = process.env.BENCH_LEAD_PHOTOS;
  if (!folder || !/^\d{2,4}$/.test(width)) return new Response(null, { status: 404 });
  try {
    const bytes = await readFile(path.join(folder, `${width}.webp`));
    return new Response(bytes, {
      headers: {
        "content-type": "image/webp",
        "cache-control": "public, max-age=31536000, immutable",
      },
    });
  } catch {
    return new Response(null, { status: 404 });
  }
}
