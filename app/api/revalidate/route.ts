import { timingSafeEqual } from "node:crypto";
import { revalidatePath, revalidateTag } from "next/cache";
import { TAGS } from "@/lib/constants";
import { config } from "@/lib/env";

/**
 * POST /api/revalidate: the blog's on-demand refresh, for the functions host (or an editor)
 * to call after publishing. The secret (REVALIDATE_SECRET) travels in a header, never in the
 * address (addresses end up in logs): `Authorization: Bearer <secret>` or
 * `x-revalidate-secret: <secret>`. Wrong or missing secret, or none configured: 401.
 */
export const dynamic = "force-dynamic";

function presentedSecret(request: Request): string | null {
  const header = request.headers.get("x-revalidate-secret");
  if (header) return header;
  const authorization = request.headers.get("authorization");
  const match = authorization ? /^Bearer\s+(.+)$/i.exec(authorization) : null;
  return match?.[1] ?? null;
}

function matches(presented: string | null, expected: string | null): boolean {
  if (!presented || !expected) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function POST(request: Request) {
  if (!matches(presentedSecret(request), config().revalidateSecret)) {
    return Response.json(
      { revalidated: false, error: "Missing or wrong secret" },
      { status: 401, headers: { "www-authenticate": "Bearer", "cache-control": "no-store" } },
    );
  }
  // Expire at once (not stale-while-revalidate): the next reader gets the new content.
  revalidateTag(TAGS.blog, { expire: 0 });
  revalidatePath("/blog/page/[page]", "page");
  revalidatePath("/blog/[slug]", "page");
  return Response.json(
    { revalidated: true, tag: TAGS.blog, at: new Date().toISOString() },
    { headers: { "cache-control": "no-store" } },
  );
}
