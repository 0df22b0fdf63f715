import { reshapeBlogList, reshapeBlogPost } from "./reshape";
import { readCapped } from "../net";
import { BlogSourceError, isValidSlug, type BlogSource } from "./types";

/**
 * The functions host (spec calls #2 and #3): `GET {host}/get_metainfo?domain=&page=` and
 * `GET {host}/get_details?slug=` (with the publication's `domain` too: a host that scopes posts by
 * publication answers only that one's; the spec's host ignores it), with the public anonymous
 * key as a bearer token.
 * Redirects are refused (the key must not follow them to another host), answers are capped
 * in size and time, and their shapes are checked by reshape.ts.
 */

export const BLOG_TIMEOUT_MS = 8_000;
export const BLOG_MAX_BYTES = 2 * 1024 * 1024;

export interface FunctionsHost {
  url: URL;
  key: string;
  domain: string;
}

function endpoint(host: URL, name: string, query: Record<string, string>): URL {
  const url = new URL(host.href.endsWith("/") ? host.href : `${host.href}/`);
  url.pathname = `${url.pathname}${name}`;
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url;
}

async function readBlogAnswer(response: Response): Promise<string> {
  const declared = response.headers.get("content-length");
  if (Number(declared) > BLOG_MAX_BYTES)
    throw new BlogSourceError(`answer of ${declared} bytes is too large`);
  const body = await readCapped(response.body, declared, BLOG_MAX_BYTES);
  if (body === null) throw new BlogSourceError(`answer over the ${BLOG_MAX_BYTES} byte cap`);
  return body.toString("utf8");
}

function failure(url: URL, error: unknown): BlogSourceError {
  if (error instanceof BlogSourceError) return error;
  // Checked by name: the timeout's DOMException may come from another realm.
  const name = (error as { name?: unknown } | null)?.name;
  const reason = name === "TimeoutError" ? "timed out" : String(error);
  return new BlogSourceError(`${url.pathname}: ${reason}`);
}

async function getJson(host: FunctionsHost, url: URL): Promise<{ status: number; json: unknown }> {
  let body: string;
  try {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${host.key}`, accept: "application/json" },
      redirect: "error",
      cache: "no-store",
      signal: AbortSignal.timeout(BLOG_TIMEOUT_MS),
    });
    if (response.status === 404) {
      await response.body?.cancel();
      return { status: 404, json: null };
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new BlogSourceError(`${url.pathname}: HTTP ${response.status}`);
    }
    // Reading the body is inside the try too: a stalled or cut body is the host's failure.
    body = await readBlogAnswer(response);
  } catch (error) {
    throw failure(url, error);
  }
  try {
    return { status: 200, json: JSON.parse(body) };
  } catch {
    throw new BlogSourceError(`${url.pathname}: the answer is not JSON`);
  }
}

export function createFunctionsSource(host: FunctionsHost): BlogSource {
  return {
    async list(page) {
      const url = endpoint(host.url, "get_metainfo", { domain: host.domain, page: String(page) });
      const { status, json } = await getJson(host, url);
      if (status === 404) throw new BlogSourceError(`${url.pathname}: HTTP 404`);
      return reshapeBlogList(json);
    },
    async get(slug) {
      if (!isValidSlug(slug)) return null;
      const { status, json } = await getJson(
        host,
        endpoint(host.url, "get_details", { slug, domain: host.domain }),
      );
      return status === 404 ? null : reshapeBlogPost(json);
    },
  };
}
