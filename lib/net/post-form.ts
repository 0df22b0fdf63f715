import http from "node:http";
import https from "node:https";
import { AddressRefusedError, assertPublicLiteral, guardedLookup } from "./address-rules";
import { USER_AGENT } from "./outside-get";

/**
 * One form POST to an address a feed named (a WebSub hub), under the feeds' address rules: on
 * an origin the operator configured a feed at, any address; anywhere else only a public one,
 * checked on the address the socket connects to (lib/net/address-rules.ts). No redirect is
 * followed (a hub that moves says so in the feed), the answer's body is read up to
 * MAX_ANSWER_BYTES and dropped, and the whole exchange is bounded by `timeoutMs`.
 */

const MAX_ANSWER_BYTES = 16 * 1024;

export class PostRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PostRefusedError";
  }
}

export async function postForm(
  address: string,
  form: Record<string, string>,
  {
    trustedOrigins,
    timeoutMs = 8_000,
  }: { trustedOrigins: ReadonlySet<string>; timeoutMs?: number },
): Promise<{ status: number; body: string }> {
  const url = new URL(address);
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new PostRefusedError(`refused protocol ${url.protocol}`);
  const trusted = trustedOrigins.has(url.origin);
  try {
    if (!trusted) assertPublicLiteral(url.hostname);
  } catch (error) {
    throw new PostRefusedError((error as Error).message);
  }
  const body = new URLSearchParams(form).toString();
  const client = url.protocol === "https:" ? https : http;
  const guard = trusted ? {} : { lookup: guardedLookup, agent: false as const };
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "POST",
        headers: {
          "user-agent": USER_AGENT,
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
        },
        signal: AbortSignal.timeout(timeoutMs),
        ...guard,
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          if (text.length < MAX_ANSWER_BYTES)
            text += chunk.slice(0, MAX_ANSWER_BYTES - text.length);
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on("error", reject);
      },
    );
    request.on("error", (error) =>
      reject(
        error instanceof AddressRefusedError ||
          (error as { code?: unknown }).code === "ERR_ADDRESS_REFUSED"
          ? new PostRefusedError(error.message)
          : error,
      ),
    );
    request.end(body);
  });
}
