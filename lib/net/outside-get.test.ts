import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import {
  OUTSIDE_MAX_BYTES,
  OutsideGetError,
  outsideGet,
  maxAgeOf,
  retryAfterOf,
  USER_AGENT,
} from "./outside-get";

/**
 * outsideGet against real HTTP servers on 127.0.0.1. Every socket and timer the servers
 * create is tracked and torn down in afterAll so jest exits without open handles.
 */

const FEED_BODY =
  '<?xml version="1.0"?><rss version="2.0"><channel><title>T</title></channel></rss>';
const ETAG = '"v1-abc"';
const LAST_MODIFIED = "Wed, 21 Oct 2025 07:28:00 GMT";
const TEN_MB = 10 * 1024 * 1024;

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const sockets = new Set<Socket>();
const intervals = new Set<NodeJS.Timeout>();
const seen: { path: string; headers: http.IncomingHttpHeaders }[] = [];
/**
 * Resolvers for "the server saw this response close", keyed by path: "cut off" when the
 * client went away before the server finished sending, "finished" otherwise.
 */
type CloseOutcome = "cut off" | "finished";
const closeWatchers = new Map<string, (outcome: CloseOutcome) => void>();
let server: http.Server;
let base: string;

function watchClose(path: string): Promise<CloseOutcome> {
  return new Promise((resolve) => closeWatchers.set(path, resolve));
}

function notifyClosed(path: string, res: http.ServerResponse) {
  closeWatchers.get(path)?.(res.writableFinished ? "finished" : "cut off");
  closeWatchers.delete(path);
}

/** Write `total` bytes in 64 KiB chunks, respecting back-pressure, stopping if the client goes away. */
function streamBytes(res: http.ServerResponse, total: number) {
  const chunk = Buffer.alloc(64 * 1024, "a");
  let sent = 0;
  const pump = () => {
    while (sent < total && !res.destroyed) {
      sent += chunk.length;
      if (!res.write(chunk)) {
        res.once("drain", pump);
        return;
      }
    }
    if (!res.destroyed) res.end();
  };
  pump();
}

const feedRoute: Handler = (_req, res) => {
  res.writeHead(200, {
    "content-type": "application/rss+xml; charset=utf-8",
    etag: ETAG,
    "last-modified": LAST_MODIFIED,
  });
  res.end(FEED_BODY);
};

const routes: Record<string, Handler> = {
  "/feed.xml": feedRoute,
  "/sized.xml": (_req, res) => {
    res.writeHead(200, {
      "content-type": "text/xml",
      "content-length": String(Buffer.byteLength(FEED_BODY)),
    });
    res.end(FEED_BODY);
  },
  "/bare.xml": (_req, res) => {
    res.writeHead(200);
    res.end("bare");
  },
  "/conditional.xml": (req, res) => {
    if (
      req.headers["if-none-match"] === ETAG ||
      req.headers["if-modified-since"] === LAST_MODIFIED
    ) {
      res.writeHead(304, { etag: ETAG });
      res.end();
      return;
    }
    res.writeHead(200, { "content-type": "text/xml", etag: ETAG, "last-modified": LAST_MODIFIED });
    res.end(FEED_BODY);
  },
  "/paced.xml": (req, res) => {
    const headers = {
      "cache-control": "public, max-age=900",
      link: '<https://hub.example/>; rel="hub", <https://news.example/feed>; rel="self"',
    };
    if (req.headers["if-none-match"] === ETAG) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.writeHead(200, { ...headers, "content-type": "text/xml", etag: ETAG });
    res.end(FEED_BODY);
  },
  "/busy-429": (_req, res) => {
    res.writeHead(429, { "retry-after": "120" });
    res.end();
  },
  "/busy-503": (_req, res) => {
    res.writeHead(503, { "retry-after": new Date(Date.now() + 3_600_000).toUTCString() });
    res.end();
  },
  "/busy-500": (_req, res) => {
    res.writeHead(500, { "retry-after": "120" });
    res.end();
  },
  "/status-500": (_req, res) => {
    res.writeHead(500, { "content-type": "text/plain" });
    res.end("Internal Server Error");
  },
  "/status-404": (_req, res) => {
    res.writeHead(404);
    res.end("Not Found");
  },
  "/redirect-no-location": (_req, res) => {
    res.writeHead(302);
    res.end();
  },
  "/redirect-ftp": (_req, res) => {
    res.writeHead(302, { location: "ftp://127.0.0.1/feed.xml" });
    res.end();
  },
  "/redirect-file": (_req, res) => {
    res.writeHead(301, { location: "file:///etc/passwd" });
    res.end();
  },
  "/redirect-loop": (_req, res) => {
    res.writeHead(302, { location: "/redirect-loop" });
    res.end();
  },
  "/big-with-length": (_req, res) => {
    res.writeHead(200, { "content-type": "application/rss+xml", "content-length": String(TEN_MB) });
    streamBytes(res, TEN_MB);
  },
  "/big-chunked": (_req, res) => {
    // No Content-Length: node uses chunked transfer encoding.
    res.writeHead(200, { "content-type": "application/rss+xml" });
    streamBytes(res, TEN_MB);
  },
  "/small-chunked": (_req, res) => {
    res.writeHead(200, { "content-type": "application/rss+xml" });
    res.write("x".repeat(600));
    res.end("y".repeat(600));
  },
  "/never-ending": (_req, res) => {
    res.writeHead(200, { "content-type": "application/rss+xml" });
    res.write("<rss>");
    const timer = setInterval(() => res.write("<item>still going</item>"), 50);
    intervals.add(timer);
    res.on("close", () => {
      clearInterval(timer);
      intervals.delete(timer);
      notifyClosed("/never-ending", res);
    });
  },
  "/no-answer": (_req, res) => {
    // Read the request, never answer.
    res.on("close", () => notifyClosed("/no-answer", res));
  },
};

function handle(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? "/", base);
  seen.push({ path: url.pathname, headers: req.headers });
  res.on("error", () => {});
  // /hop/N redirects N more times before the feed; odd hops use relative, even hops absolute Locations.
  const hop = /^\/hop\/(\d+)$/.exec(url.pathname);
  if (hop) {
    const remaining = Number(hop[1]);
    if (remaining === 0) return feedRoute(req, res);
    const location = remaining % 2 === 1 ? `${remaining - 1}` : `${base}/hop/${remaining - 1}`;
    res.writeHead(remaining % 2 === 1 ? 302 : 301, { location });
    res.end();
    return;
  }
  const route = routes[url.pathname];
  if (route) return route(req, res);
  res.writeHead(404);
  res.end();
}

beforeAll(async () => {
  server = http.createServer(handle);
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const timer of intervals) clearInterval(timer);
  intervals.clear();
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
  http.globalAgent.destroy();
});

beforeEach(() => {
  seen.length = 0;
});

function requestsTo(path: string) {
  return seen.filter((request) => request.path === path);
}

/** The headers of the one request the server saw for `path` (fails the test otherwise). */
function headersOfOnly(path: string): http.IncomingHttpHeaders {
  const requests = requestsTo(path);
  if (requests.length !== 1)
    throw new Error(`expected one request to ${path}, saw ${requests.length}`);
  return requests[0]!.headers;
}

describe("outsideGet", () => {
  it("returns the body, content type and validators of a 200", async () => {
    const result = await outsideGet(`${base}/feed.xml`);
    expect(result.status).toBe("ok");
    if (result.status !== "ok") return;
    expect(Buffer.isBuffer(result.body)).toBe(true);
    expect(result.body.toString("utf8")).toBe(FEED_BODY);
    expect(result.contentType).toBe("application/rss+xml; charset=utf-8");
    expect(result.etag).toBe(ETAG);
    expect(result.lastModified).toBe(LAST_MODIFIED);
  });

  it("gives null for headers the server did not send", async () => {
    const result = await outsideGet(`${base}/bare.xml`);
    expect(result).toEqual({
      status: "ok",
      body: Buffer.from("bare"),
      contentType: null,
      etag: null,
      lastModified: null,
      maxAgeSeconds: null,
      link: null,
    });
  });

  it("reports the feed's max-age and Link header, on a 200 and on a 304", async () => {
    const ok = await outsideGet(`${base}/paced.xml`);
    expect(ok).toMatchObject({
      status: "ok",
      maxAgeSeconds: 900,
      link: '<https://hub.example/>; rel="hub", <https://news.example/feed>; rel="self"',
    });
    expect(await outsideGet(`${base}/paced.xml`, { etag: ETAG })).toEqual({
      status: "not-modified",
      maxAgeSeconds: 900,
      link: '<https://hub.example/>; rel="hub", <https://news.example/feed>; rel="self"',
    });
  });

  it("tells a 429's and a 503's Retry-After, in seconds or as a date, and no other status's", async () => {
    for (const [path, seconds] of [
      ["/busy-429", 120],
      ["/busy-503", 3_600],
      ["/busy-500", undefined],
    ] as const) {
      const error = await outsideGet(`${base}${path}`).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OutsideGetError);
      const retry = (error as OutsideGetError).retryAfterSeconds;
      if (seconds === 3_600) expect(retry).toBeGreaterThan(3_500);
      else expect(retry).toBe(seconds);
    }
  });

  it("reads a chunked body in full", async () => {
    const result = await outsideGet(`${base}/small-chunked`);
    expect(result.status === "ok" && result.body.toString()).toBe(
      "x".repeat(600) + "y".repeat(600),
    );
  });

  it("sends an honest User-Agent, an Accept for feeds and no compression, and no validators by default", async () => {
    await outsideGet(`${base}/feed.xml`);
    const headers = headersOfOnly("/feed.xml");
    expect(headers["user-agent"]).toBe(USER_AGENT);
    expect(USER_AGENT).toMatch(/^RiverbendChronicle\/\d/);
    expect(headers.accept).toContain("application/rss+xml");
    expect(headers.accept).toContain("application/atom+xml");
    expect(headers["accept-encoding"]).toBe("identity");
    expect(headers["if-none-match"]).toBeUndefined();
    expect(headers["if-modified-since"]).toBeUndefined();
  });

  it("uses a custom Accept header when asked", async () => {
    await outsideGet(`${base}/feed.xml`, { accept: "application/json" });
    expect(headersOfOnly("/feed.xml").accept).toBe("application/json");
  });

  it("sends If-None-Match and If-Modified-Since and reports a 304 as not-modified", async () => {
    const result = await outsideGet(`${base}/conditional.xml`, {
      etag: ETAG,
      lastModified: LAST_MODIFIED,
    });
    expect(result).toEqual({ status: "not-modified", maxAgeSeconds: null, link: null });
    const headers = headersOfOnly("/conditional.xml");
    expect(headers["if-none-match"]).toBe(ETAG);
    expect(headers["if-modified-since"]).toBe(LAST_MODIFIED);
  });

  it("sends each validator on its own", async () => {
    expect(await outsideGet(`${base}/conditional.xml`, { etag: ETAG })).toEqual({
      status: "not-modified",
      maxAgeSeconds: null,
      link: null,
    });
    expect(await outsideGet(`${base}/conditional.xml`, { lastModified: LAST_MODIFIED })).toEqual({
      status: "not-modified",
      maxAgeSeconds: null,
      link: null,
    });
    expect(
      requestsTo("/conditional.xml").map(({ headers }) => [
        headers["if-none-match"],
        headers["if-modified-since"],
      ]),
    ).toEqual([
      [ETAG, undefined],
      [undefined, LAST_MODIFIED],
    ]);
  });

  it("gets the full body when the validators do not match", async () => {
    const result = await outsideGet(`${base}/conditional.xml`, {
      etag: '"stale"',
      lastModified: null,
    });
    expect(result.status).toBe("ok");
    expect(result.status === "ok" && result.body.toString()).toBe(FEED_BODY);
  });

  it("follows up to 3 redirects, relative and absolute, keeping its headers", async () => {
    const result = await outsideGet(`${base}/hop/3`, { etag: '"x"' });
    expect(result.status).toBe("ok");
    expect(result.status === "ok" && result.body.toString()).toBe(FEED_BODY);
    expect(seen.map((request) => request.path)).toEqual(["/hop/3", "/hop/2", "/hop/1", "/hop/0"]);
    for (const request of seen) {
      expect(request.headers["user-agent"]).toBe(USER_AGENT);
      expect(request.headers["if-none-match"]).toBe('"x"');
    }
  });

  it("fails on the 4th redirect", async () => {
    const attempt = outsideGet(`${base}/hop/4`);
    await expect(attempt).rejects.toBeInstanceOf(OutsideGetError);
    await expect(attempt).rejects.toThrow(/too many redirects/);
    expect(seen.map((request) => request.path)).toEqual(["/hop/4", "/hop/3", "/hop/2", "/hop/1"]);
  });

  it("stops a redirect loop", async () => {
    await expect(outsideGet(`${base}/redirect-loop`)).rejects.toThrow(/too many redirects/);
    expect(requestsTo("/redirect-loop")).toHaveLength(4);
  });

  it("refuses a redirect to a non-http(s) scheme", async () => {
    const ftp = outsideGet(`${base}/redirect-ftp`);
    await expect(ftp).rejects.toBeInstanceOf(OutsideGetError);
    await expect(ftp).rejects.toThrow(/refused protocol ftp:/);
    await expect(outsideGet(`${base}/redirect-file`)).rejects.toThrow(/refused protocol file:/);
  });

  it("fails on a redirect without a Location", async () => {
    await expect(outsideGet(`${base}/redirect-no-location`)).rejects.toThrow(
      /HTTP 302 without Location/,
    );
  });

  it("refuses a non-http(s) or malformed address up front", async () => {
    await expect(outsideGet("ftp://127.0.0.1/feed.xml")).rejects.toThrow(OutsideGetError);
    await expect(outsideGet("file:///etc/passwd")).rejects.toThrow(/refused protocol file:/);
    await expect(outsideGet("not a url")).rejects.toBeInstanceOf(OutsideGetError);
  });

  it("turns an HTTP error status into OutsideGetError", async () => {
    const attempt = outsideGet(`${base}/status-500`);
    await expect(attempt).rejects.toBeInstanceOf(OutsideGetError);
    await expect(attempt).rejects.toThrow("HTTP 500");
    await expect(outsideGet(`${base}/status-404`)).rejects.toThrow("HTTP 404");
  });

  it("refuses a 10 MB body announced by Content-Length", async () => {
    const closed = watchCloseOf("/big-with-length");
    const attempt = outsideGet(`${base}/big-with-length`);
    await expect(attempt).rejects.toBeInstanceOf(OutsideGetError);
    await expect(attempt).rejects.toThrow(
      `body of ${TEN_MB} bytes is over the ${OUTSIDE_MAX_BYTES} byte cap`,
    );
    await expect(closed).resolves.toBe("cut off");
  });

  it("refuses a 10 MB chunked body with no Content-Length once it passes the cap", async () => {
    const closed = watchCloseOf("/big-chunked");
    const attempt = outsideGet(`${base}/big-chunked`);
    await expect(attempt).rejects.toBeInstanceOf(OutsideGetError);
    await expect(attempt).rejects.toThrow(`body over the ${OUTSIDE_MAX_BYTES} byte cap`);
    await expect(closed).resolves.toBe("cut off");
  });

  it("honours a custom byte cap", async () => {
    await expect(outsideGet(`${base}/small-chunked`, { maxBytes: 1000 })).rejects.toThrow(
      "body over the 1000 byte cap",
    );
    await expect(outsideGet(`${base}/sized.xml`, { maxBytes: 10 })).rejects.toThrow(
      `body of ${Buffer.byteLength(FEED_BODY)} bytes is over the 10 byte cap`,
    );
    const exact = await outsideGet(`${base}/sized.xml`, { maxBytes: Buffer.byteLength(FEED_BODY) });
    expect(exact.status === "ok" && exact.body.toString()).toBe(FEED_BODY);
    const chunked = await outsideGet(`${base}/small-chunked`, { maxBytes: 1200 });
    expect(chunked.status === "ok" && chunked.body.length).toBe(1200);
  });

  it("times out a body that never ends, and closes the connection", async () => {
    const closed = watchClose("/never-ending");
    const attempt = outsideGet(`${base}/never-ending`, { timeoutMs: 300 });
    await expect(attempt).rejects.toBeInstanceOf(OutsideGetError);
    await expect(attempt).rejects.toThrow("timed out after 300 ms");
    await expect(withDeadline(closed, 2_000)).resolves.toBe("cut off");
    expect(intervals.size).toBe(0);
  });

  it("times out when the server never answers, and closes the connection", async () => {
    const closed = watchClose("/no-answer");
    const attempt = outsideGet(`${base}/no-answer`, { timeoutMs: 300 });
    await expect(attempt).rejects.toBeInstanceOf(OutsideGetError);
    await expect(attempt).rejects.toThrow("timed out after 300 ms");
    await expect(withDeadline(closed, 2_000)).resolves.toBe("cut off");
  });
});

/** Resolves when the server sees the response for `path` close (client went away or it finished). */
function watchCloseOf(path: string): Promise<CloseOutcome | "deadline passed"> {
  const closed = watchClose(path);
  const original = routes[path];
  if (!original) throw new Error(`no route ${path}`);
  routes[path] = (req, res) => {
    res.on("close", () => notifyClosed(path, res));
    routes[path] = original;
    original(req, res);
  };
  return withDeadline(closed, 5_000);
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T | "deadline passed"> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"deadline passed">((resolve) => {
    timer = setTimeout(() => resolve("deadline passed"), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

describe("maxAgeOf and retryAfterOf", () => {
  it("read Cache-Control's max-age or s-maxage, and nothing from no-cache or no-store", () => {
    expect(maxAgeOf("public, max-age=600")).toBe(600);
    expect(maxAgeOf('s-maxage="60"')).toBe(60);
    expect(maxAgeOf("no-cache, max-age=600")).toBeNull();
    expect(maxAgeOf("private")).toBeNull();
    expect(maxAgeOf(null)).toBeNull();
  });

  it("read Retry-After as seconds or an HTTP date, never in the past", () => {
    const now = Date.parse("2026-11-25T12:00:00Z");
    expect(retryAfterOf("30", now)).toBe(30);
    expect(retryAfterOf("Wed, 25 Nov 2026 12:10:00 GMT", now)).toBe(600);
    expect(retryAfterOf("Wed, 25 Nov 2026 11:00:00 GMT", now)).toBe(0);
    expect(retryAfterOf("soon", now)).toBeNull();
  });
});
