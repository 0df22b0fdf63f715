/**
 * GET /api/health: for load balancers and uptime checks. The server answered, so it can
 * serve: no secret, no upstream call, never cached.
 */
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
