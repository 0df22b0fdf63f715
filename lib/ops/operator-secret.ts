import { timingSafeEqual } from "node:crypto";

/**
 * The secret that opens the operators' and editors' endpoints (POST /api/revalidate,
 * GET /api/feeds/status, GET /api/metrics): REVALIDATE_SECRET, presented in a header, never
 * in the address (addresses end up in logs): `Authorization: Bearer <secret>` or
 * `x-revalidate-secret: <secret>`. With no secret configured, every request is refused.
 */

export function presentedSecret(request: Request): string | null {
  const header = request.headers.get("x-revalidate-secret");
  if (header) return header;
  const authorization = request.headers.get("authorization");
  const match = authorization ? /^Bearer\s+(.+)$/i.exec(authorization) : null;
  return match?.[1] ?? null;
}

export function hasOperatorSecret(request: Request, expected: string | null): boolean {
  const presented = presentedSecret(request);
  if (!presented || !expected) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** 401 for a missing or wrong secret; 403 for an editor's secret on another publication's host. */
export function secretRefused(status: 401 | 403 = 401): Response {
  return status === 403
    ? Response.json(
        { error: "This secret belongs to another publication" },
        { status: 403, headers: { "cache-control": "no-store" } },
      )
    : Response.json(
        { error: "Missing or wrong secret" },
        { status: 401, headers: { "www-authenticate": "Bearer", "cache-control": "no-store" } },
      );
}
