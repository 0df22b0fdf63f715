import { config } from "@/lib/env";
import { hasOperatorSecret, metrics, secretRefused } from "@/lib/ops";

/** GET /api/metrics: Prometheus text format (lib/ops/metrics.ts). Same secret as /api/revalidate. */
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(request: Request) {
  if (!hasOperatorSecret(request, config().revalidateSecret)) return secretRefused();
  const { registry } = metrics();
  return new Response(await registry.metrics(), {
    headers: { "content-type": registry.contentType, "cache-control": "no-store" },
  });
}
