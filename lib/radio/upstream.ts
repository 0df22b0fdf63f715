/**
 * The request to the station, with node:http rather than fetch: a connect timeout of its
 * own, no redirects followed, no pooling, and a body we can pause (backpressure) and
 * destroy (the listener left) directly.
 */
import http, { type IncomingMessage } from "node:http";
import https from "node:https";

export type UpstreamResult =
  | { kind: "ok"; response: IncomingMessage; abort: () => void }
  | { kind: "timeout" }
  | { kind: "status"; status: number }
  | { kind: "error"; detail: string };

export function openUpstream(
  url: URL,
  { timeoutMs, signal }: { timeoutMs: number; signal?: AbortSignal },
): Promise<UpstreamResult> {
  return new Promise((resolve) => {
    const client = url.protocol === "https:" ? https : http;
    let timedOut = false;
    const request = client.request(url, {
      method: "GET",
      agent: false,
      headers: {
        // Pure audio: no ICY metadata blocks interleaved in the body.
        "Icy-MetaData": "0",
        "User-Agent": "RiverbendChronicle-RadioProxy/1.0",
        Accept: "*/*",
      },
    });
    const abort = () => request.destroy();
    const onAbort = () => abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    const timer = setTimeout(() => {
      timedOut = true;
      request.destroy();
    }, timeoutMs);

    request.on("response", (response) => {
      clearTimeout(timer);
      const status = response.statusCode ?? 0;
      if (status !== 200) {
        // Error statuses and redirects alike: a redirect is never followed anywhere.
        response.resume();
        request.destroy();
        signal?.removeEventListener("abort", onAbort);
        resolve({ kind: "status", status });
        return;
      }
      response.once("close", () => signal?.removeEventListener("abort", onAbort));
      resolve({ kind: "ok", response, abort });
    });
    request.on("error", (error) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      resolve(timedOut ? { kind: "timeout" } : { kind: "error", detail: error.message });
    });
    if (signal?.aborted) abort();
    request.end();
  });
}
