/**
 * GET /api/stream?port=N: the same-origin proxy to the station, which serves plain HTTP on
 * its own port (an HTTPS page may not load it directly). The audio streams through as it
 * arrives, chunk by chunk, and the station is read only as fast as the listener takes it.
 * When the listener leaves, the request to the station is destroyed at once.
 */
import type { IncomingMessage } from "node:http";
import { logUpstreamError, metrics } from "@/lib/ops";
import { listeners as defaultGate, type ListenerGate } from "./listeners";
import { stationUrl } from "./station-url";
import { parseStreamPort } from "./stream-port";
import { openUpstream } from "./upstream";

export interface StreamProxyOptions {
  origin: URL | null;
  path: string;
  ports: readonly number[];
  maxListeners: number;
  connectTimeoutMs?: number;
  gate?: ListenerGate;
}

/** What the station may send us to pass on: audio, nothing a browser would render as a page. */
const AUDIO_TYPE = /^(audio\/[\w.+-]+|application\/ogg|video\/ogg)\s*(;.*)?$/i;

/** Bytes buffered between the station and the listener before we stop reading the station. */
const HIGH_WATER_MARK = 64 * 1024;

/** Seconds a listener (or a cache in front) should wait before asking again after a 5xx. */
const RETRY_AFTER_SECONDS = 15;

function plain(status: number, message: string): Response {
  return new Response(`${message}\n`, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      ...(status >= 500 ? { "Retry-After": String(RETRY_AFTER_SECONDS) } : {}),
    },
  });
}

/** A web stream over the station's body that pauses the socket when the listener is slow. */
function audioBody(upstream: IncomingMessage, abort: () => void, done: () => void) {
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    done();
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        upstream.on("data", (chunk: Buffer) => {
          if (finished) return;
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) upstream.pause();
        });
        // The station ended or dropped the stream: for the listener the broadcast just ends.
        const end = () => {
          if (finished) return;
          finish();
          try {
            controller.close();
          } catch {
            // already closed by a cancel
          }
        };
        upstream.on("end", end);
        upstream.on("close", end);
        upstream.on("error", end);
      },
      pull() {
        upstream.resume();
      },
      cancel() {
        // The listener left.
        abort();
        finish();
      },
    },
    { highWaterMark: HIGH_WATER_MARK, size: (chunk) => chunk.byteLength },
  );
}

export async function proxyStream(
  request: Request,
  options: StreamProxyOptions,
): Promise<Response> {
  const parsed = parseStreamPort(new URL(request.url).search, options.ports);
  if (!parsed.ok) return plain(400, parsed.message);
  if (!options.origin) return plain(503, "The radio stream is not configured.");

  const release = (options.gate ?? defaultGate).tryAcquire(options.maxListeners);
  if (!release) return plain(503, "Too many listeners right now. Please try again shortly.");

  const url = stationUrl(options.origin, parsed.port, options.path);
  const upstream = await openUpstream(url, {
    timeoutMs: options.connectTimeoutMs ?? 5000,
    signal: request.signal,
  });

  if (upstream.kind !== "ok") {
    release();
    if (request.signal.aborted) return plain(499, "The listener left.");
    if (upstream.kind === "timeout") {
      logUpstreamError("radio", `${url.host}: no answer within the connect timeout`);
      return plain(504, "The radio station did not answer in time.");
    }
    logUpstreamError(
      "radio",
      `${url.host}: ${upstream.kind === "status" ? `status ${upstream.status}` : upstream.detail}`,
    );
    return plain(502, "The radio station is not available right now.");
  }

  const contentType = upstream.response.headers["content-type"] ?? "";
  if (!AUDIO_TYPE.test(contentType)) {
    upstream.abort();
    release();
    logUpstreamError("radio", `${url.host}: not audio (${contentType || "no content type"})`);
    return plain(502, "The radio station did not send audio.");
  }

  metrics().streamsOpened.inc();
  const body = audioBody(upstream.response, upstream.abort, () => {
    release();
    metrics().streamsClosed.inc();
  });
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": contentType,
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
