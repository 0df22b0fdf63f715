import { after } from "next/server";
import { readCapped } from "@/lib/net";
import { metrics } from "@/lib/ops";
import { MAX_DELIVERY_BYTES, receiveDelivery, verifyIntent } from "@/lib/news";

/**
 * A WebSub callback (lib/news/websub/): a hub verifies an intent with GET, delivers content
 * with POST. Never cached; one address per subscription, on any host of the deployment
 * (WEBSUB_CALLBACK_ORIGIN names the one hubs are given).
 */
export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

const NO_STORE = { "cache-control": "no-store" };

export async function GET(request: Request, { params }: Params) {
  const { id } = await params;
  const challenge = await verifyIntent(id, new URL(request.url).searchParams);
  if (challenge === null)
    return new Response("Not Found\n", {
      status: 404,
      headers: { ...NO_STORE, "content-type": "text/plain; charset=utf-8" },
    });
  return new Response(challenge, {
    status: 200,
    headers: { ...NO_STORE, "content-type": "text/plain; charset=utf-8" },
  });
}

export async function POST(request: Request, { params }: Params) {
  const { id } = await params;
  const body = await readCapped(
    request.body,
    request.headers.get("content-length"),
    MAX_DELIVERY_BYTES,
  );
  if (body === null) {
    metrics().websubDeliveries.inc({ outcome: "too-large" });
    return new Response(null, { status: 413, headers: NO_STORE });
  }
  const verdict = await receiveDelivery(id, body, {
    signature: request.headers.get("x-hub-signature"),
    contentType: request.headers.get("content-type"),
  });
  if (!verdict.accept) {
    metrics().websubDeliveries.inc({ outcome: verdict.outcome });
    // WebSub 8: a delivery that does not verify is acknowledged all the same, and ignored.
    // A callback no subscription has is gone (410): the hub stops delivering there.
    return new Response(null, {
      status: verdict.outcome === "unknown-subscription" ? 410 : 202,
      headers: NO_STORE,
    });
  }
  after(verdict.apply);
  return new Response(null, { status: 202, headers: NO_STORE });
}
