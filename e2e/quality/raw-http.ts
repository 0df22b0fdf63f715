/**
 * A bare HTTP/1.1 client on node:net: the request line and headers go out byte for byte,
 * so malformed paths (raw unicode, null bytes, bad escapes) reach the server unchanged,
 * which fetch and Playwright's request context would normalise or refuse.
 */
import { connect } from "node:net";

export interface RawRequest {
  method?: string;
  /** Sent as-is; a string is sent as UTF-8, bytes exactly. */
  target: string | Buffer;
  headers?: [string, string][];
  body?: string;
}

export interface RawResponse {
  /** 0 when the server closed the connection without a status line. */
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

const MAX_BODY = 512 * 1024;

export function sendRaw(
  host: string,
  port: number,
  request: RawRequest,
  timeoutMs = 20_000,
): Promise<RawResponse> {
  const method = request.method ?? "GET";
  const headers: [string, string][] = [
    ["Host", `${host}:${port}`],
    ["Connection", "close"],
    ...(request.headers ?? []),
  ];
  if (request.body !== undefined) {
    headers.push(["Content-Length", String(Buffer.byteLength(request.body))]);
  }
  const head = Buffer.concat([
    Buffer.from(`${method} `),
    typeof request.target === "string" ? Buffer.from(request.target, "utf8") : request.target,
    Buffer.from(` HTTP/1.1\r\n${headers.map(([k, v]) => `${k}: ${v}\r\n`).join("")}\r\n`),
  ]);

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const socket = connect({ host, port }, () => {
      socket.write(head);
      if (request.body !== undefined) socket.write(request.body);
    });
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new Error(`timeout after ${timeoutMs} ms: ${method} ${String(request.target)}`));
    });
    socket.on("data", (chunk: Buffer) => {
      if (size < MAX_BODY) chunks.push(chunk);
      size += chunk.length;
    });
    socket.on("error", () => {
      // A reset after the server answered (it may close early on a bad request) is an answer.
      finish();
    });
    socket.on("end", finish);
    socket.on("close", finish);
    let done = false;
    function finish() {
      if (done) return;
      done = true;
      const text = Buffer.concat(chunks).toString("utf8");
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      const split = text.indexOf("\r\n\r\n");
      const headers: Record<string, string> = {};
      for (const line of text
        .slice(0, split >= 0 ? split : text.length)
        .split("\r\n")
        .slice(1)) {
        const colon = line.indexOf(":");
        if (colon > 0)
          headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: match ? Number(match[1]) : 0,
        headers,
        body: split >= 0 ? text.slice(split + 4) : "",
      });
    }
  });
}
