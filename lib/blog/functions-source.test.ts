import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { BLOG_MAX_BYTES, BLOG_TIMEOUT_MS, createFunctionsSource } from "./functions-source";
import { BlogSourceError, type BlogSource } from "./types";

/**
 * createFunctionsSource against a real HTTP server on 127.0.0.1. Each test sets how the
 * server answers (`answer`); the server records every request it sees (`seen`).
 *
 * The timeout cases do not wait the real 8 s: they swap AbortSignal.timeout for one of
 * TEST_TIMEOUT_MS, which is the only way the source sets its deadline.
 */

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

interface SeenRequest {
  method: string | undefined;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
}

const TEST_TIMEOUT_MS = 200;

const LIST_PAYLOAD = {
  total: 14,
  blogs: [
    {
      id: 3,
      slug: "third-post",
      metaTitle: "Third",
      metaDescription: "The third",
      pinterestImageLink: "https://img.example.com/3.png",
      date: "2026-03-03",
    },
    {
      id: "2",
      slug: "second-post",
      metaTitle: "Second",
      pinterestImageLink: "javascript:alert(1)",
    },
  ],
};

const POST_PAYLOAD = [
  {
    id: 9,
    slug: "a-post",
    metaTitle: "A post",
    metaDescription: "About it",
    date: "2026-02-01",
    shortTailKeywords: "one, two",
    longTailKeywords: "",
    pinterestImageLink: "https://img.example.com/a.webp",
    youtubeShortsUrl: "https://www.youtube.com/shorts/q",
    blog: "Hello **world**",
  },
];

const seen: SeenRequest[] = [];
const sockets = new Set<Socket>();
const timers = new Set<NodeJS.Timeout>();
let answer: Handler = notFound;
let server: http.Server;
let origin: string;
let source: BlogSource;

function notFound(_req: http.IncomingMessage, res: http.ServerResponse) {
  res.writeHead(404, { "content-type": "application/json" });
  res.end("{}");
}

/** A handler sending `status` and `body` (JSON-encoded unless already a string). */
function reply(status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}): Handler {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return (_req, res) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(text);
  };
}

/** Writes `total` bytes of `fill` in 64 KiB chunks, with back-pressure, until done or cut off. */
function streamBytes(res: http.ServerResponse, total: number, fill = "a") {
  const chunk = Buffer.alloc(64 * 1024, fill);
  let sent = 0;
  const pump = () => {
    while (sent < total && !res.destroyed) {
      const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
      sent += piece.length;
      if (!res.write(piece)) {
        res.once("drain", pump);
        return;
      }
    }
    if (!res.destroyed) res.end();
  };
  pump();
}

function paths(): string[] {
  return seen.map((request) => request.path);
}

/** The one request the server saw (fails the test when it saw another number). */
function onlyRequest(): SeenRequest {
  if (seen.length !== 1) {
    throw new Error(`expected one request, saw ${seen.length}: ${paths().join(", ")}`);
  }
  return seen[0]!;
}

/** Resolves with the error `promise` rejects with; fails when it resolves. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    seen.push({
      method: req.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
    });
    res.on("error", () => {});
    answer(req, res);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  source = createFunctionsSource({
    url: new URL(`${origin}/functions/v1`),
    key: "anon-key",
    domain: "example.com",
  });
});

afterAll(async () => {
  for (const timer of timers) clearInterval(timer);
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
});

beforeEach(() => {
  seen.length = 0;
  answer = notFound;
});

afterEach(() => {
  jest.restoreAllMocks();
});

it("has the documented limits", () => {
  expect(BLOG_TIMEOUT_MS).toBe(8_000);
  expect(BLOG_MAX_BYTES).toBe(2 * 1024 * 1024);
});

describe("list", () => {
  it("asks GET /functions/v1/get_metainfo?domain=&page= with a bearer token", async () => {
    answer = reply(200, LIST_PAYLOAD);
    await source.list(2);
    const request = onlyRequest();
    expect(request.method).toBe("GET");
    expect(request.path).toBe("/functions/v1/get_metainfo");
    expect(request.query).toEqual({ domain: "example.com", page: "2" });
    expect(request.headers.authorization).toBe("Bearer anon-key");
    expect(request.headers.accept).toBe("application/json");
  });

  it("reshapes the answer", async () => {
    answer = reply(200, LIST_PAYLOAD);
    expect(await source.list(1)).toEqual({
      total: 14,
      blogs: [
        {
          id: "3",
          slug: "third-post",
          metaTitle: "Third",
          metaDescription: "The third",
          logoUrl: "https://img.example.com/3.png",
          date: "2026-03-03",
        },
        {
          id: "2",
          slug: "second-post",
          metaTitle: "Second",
          metaDescription: "",
          logoUrl: null,
          date: null,
        },
      ],
    });
  });

  it("builds the same address from a host URL with a trailing slash", async () => {
    answer = reply(200, LIST_PAYLOAD);
    const slashed = createFunctionsSource({
      url: new URL(`${origin}/functions/v1/`),
      key: "k",
      domain: "news.example.org",
    });
    await slashed.list(1);
    const request = onlyRequest();
    expect(request.path).toBe("/functions/v1/get_metainfo");
    expect(request.query).toEqual({ domain: "news.example.org", page: "1" });
    expect(request.headers.authorization).toBe("Bearer k");
  });

  it("rejects an HTTP 500 with BlogSourceError", async () => {
    answer = reply(500, { error: "boom" });
    const attempt = source.list(1);
    await expect(attempt).rejects.toBeInstanceOf(BlogSourceError);
    await expect(attempt).rejects.toThrow("HTTP 500");
  });

  it("rejects an HTTP 404 on the list with BlogSourceError (the list always exists)", async () => {
    answer = reply(404, {});
    const attempt = source.list(1);
    await expect(attempt).rejects.toBeInstanceOf(BlogSourceError);
    await expect(attempt).rejects.toThrow("HTTP 404");
  });

  it("rejects an answer that is not JSON", async () => {
    answer = reply(200, "{not json");
    const attempt = source.list(1);
    await expect(attempt).rejects.toBeInstanceOf(BlogSourceError);
    await expect(attempt).rejects.toThrow("not JSON");
  });

  it("rejects an empty answer", async () => {
    answer = reply(200, "");
    await expect(source.list(1)).rejects.toBeInstanceOf(BlogSourceError);
  });

  it.each<[string, unknown]>([
    ["an array", [LIST_PAYLOAD]],
    ["null", null],
    ["no total", { blogs: [] }],
    ["a post with a bad slug", { total: 1, blogs: [{ id: 1, slug: "../etc", metaTitle: "x" }] }],
  ])("rejects valid JSON of the wrong shape: %s", async (_what, payload) => {
    answer = reply(200, payload);
    await expect(source.list(1)).rejects.toBeInstanceOf(BlogSourceError);
  });
});

describe("get", () => {
  it("asks GET /functions/v1/get_details?slug=&domain= with the key as a bearer token", async () => {
    answer = reply(200, POST_PAYLOAD);
    await source.get("a-post");
    const request = onlyRequest();
    expect(request.method).toBe("GET");
    expect(request.path).toBe("/functions/v1/get_details");
    expect(request.query).toEqual({ slug: "a-post", domain: "example.com" });
    expect(request.headers.authorization).toBe("Bearer anon-key");
  });

  it("reshapes the answer", async () => {
    answer = reply(200, POST_PAYLOAD);
    expect(await source.get("a-post")).toEqual({
      id: "9",
      slug: "a-post",
      metaTitle: "A post",
      metaDescription: "About it",
      date: "2026-02-01",
      shortTailKeywords: ["one", "two"],
      longTailKeywords: [],
      pinterestImageLink: "https://img.example.com/a.webp",
      imageUrl: "https://img.example.com/a.webp",
      youtubeShortsUrl: "https://www.youtube.com/shorts/q",
      body: "Hello **world**",
    });
  });

  it("gives null for an HTTP 404", async () => {
    answer = reply(404, { message: "no such post" });
    await expect(source.get("a-post")).resolves.toBeNull();
    expect(paths()).toEqual(["/functions/v1/get_details"]);
  });

  it.each<[string, unknown]>([
    ["null", null],
    ["{}", {}],
    ["[]", []],
    ["an empty body", [{ ...POST_PAYLOAD[0], blog: "  " }]],
  ])("gives null when the host answers %s", async (_what, payload) => {
    answer = reply(200, payload);
    await expect(source.get("a-post")).resolves.toBeNull();
  });

  it("rejects an HTTP 500 with BlogSourceError", async () => {
    answer = reply(500, "oops");
    await expect(source.get("a-post")).rejects.toBeInstanceOf(BlogSourceError);
  });

  it("rejects an HTTP 401 with BlogSourceError", async () => {
    answer = reply(401, { message: "bad key" });
    const attempt = source.get("a-post");
    await expect(attempt).rejects.toBeInstanceOf(BlogSourceError);
    await expect(attempt).rejects.toThrow("HTTP 401");
  });

  it("rejects an answer that is not JSON", async () => {
    answer = reply(200, "{not json");
    await expect(source.get("a-post")).rejects.toBeInstanceOf(BlogSourceError);
  });

  it("rejects valid JSON of the wrong shape", async () => {
    answer = reply(200, { id: 1, slug: "a-post", metaTitle: "x", date: "2026-01-01", blog: 42 });
    await expect(source.get("a-post")).rejects.toBeInstanceOf(BlogSourceError);
  });

  it.each(["../etc/passwd", "A-Post", "a post", "", "a/b", "a-post?x=1", "a".repeat(201)])(
    "gives null for the invalid slug %p without asking the host",
    async (slug) => {
      answer = reply(200, POST_PAYLOAD);
      await expect(source.get(slug)).resolves.toBeNull();
      expect(seen).toEqual([]);
    },
  );
});

describe("redirects", () => {
  it.each([
    ["list", () => source.list(1)],
    ["get", () => source.get("a-post")],
  ])("%s: refuses a 302 and never asks its target", async (_what, read) => {
    answer = (req, res) => {
      if (req.url?.startsWith("/elsewhere")) return reply(200, LIST_PAYLOAD)(req, res);
      res.writeHead(302, { location: "/elsewhere" });
      res.end();
    };
    await expect(read()).rejects.toBeInstanceOf(BlogSourceError);
    expect(paths()).not.toContain("/elsewhere");
    expect(seen).toHaveLength(1);
  });

  it("refuses a 301 to another host without following it", async () => {
    answer = (_req, res) => {
      res.writeHead(301, { location: `http://localhost:${new URL(origin).port}/stolen` });
      res.end();
    };
    await expect(source.get("a-post")).rejects.toBeInstanceOf(BlogSourceError);
    expect(paths()).toEqual(["/functions/v1/get_details"]);
  });
});

describe("size cap", () => {
  /** A JSON list answer of exactly `bytes` bytes, padded with a string field. */
  function paddedList(bytes: number): string {
    const empty = JSON.stringify({ total: 0, blogs: [], pad: "" });
    return JSON.stringify({ total: 0, blogs: [], pad: "x".repeat(bytes - empty.length) });
  }

  it("accepts an answer of exactly 2 MB", async () => {
    const body = paddedList(BLOG_MAX_BYTES);
    expect(Buffer.byteLength(body)).toBe(BLOG_MAX_BYTES);
    answer = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" }); // chunked: no Content-Length
      res.end(body);
    };
    await expect(source.list(1)).resolves.toEqual({ total: 0, blogs: [] });
  });

  it("refuses an answer announced over 2 MB by Content-Length", async () => {
    const size = BLOG_MAX_BYTES + 1;
    answer = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": String(size) });
      streamBytes(res, size, " ");
    };
    const attempt = source.list(1);
    await expect(attempt).rejects.toBeInstanceOf(BlogSourceError);
    await expect(attempt).rejects.toThrow("too large");
  });

  it("refuses a chunked answer once it passes 2 MB", async () => {
    const body = paddedList(BLOG_MAX_BYTES + 1);
    answer = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(body);
    };
    const attempt = source.list(1);
    await expect(attempt).rejects.toBeInstanceOf(BlogSourceError);
    await expect(attempt).rejects.toThrow("byte cap");
  });

  it("refuses a never-ending chunked answer on get", async () => {
    answer = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      streamBytes(res, 64 * 1024 * 1024, " ");
    };
    await expect(source.get("a-post")).rejects.toThrow(/byte cap/);
  });
});

describe("a connection cut mid-body", () => {
  const cutOff: Handler = (_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.write('{"total": 1, "blogs": [');
    setTimeout(() => res.socket?.destroy(), 20);
  };

  it("rejects", async () => {
    answer = cutOff;
    await expect(source.list(1)).rejects.toThrow();
  });

  // BUG (same root as the endless body below): an error while the body is read is not
  // wrapped, so this rejects with undici's TypeError("terminated"), not a BlogSourceError.
  it("rejects with BlogSourceError", async () => {
    answer = cutOff;
    expect(await rejectionOf(source.list(1))).toBeInstanceOf(BlogSourceError);
  });
});

describe("timeouts (deadline shortened to TEST_TIMEOUT_MS)", () => {
  /** Makes the source's AbortSignal.timeout(BLOG_TIMEOUT_MS) fire after TEST_TIMEOUT_MS. */
  function shortenDeadline() {
    const original = AbortSignal.timeout.bind(AbortSignal);
    return jest.spyOn(AbortSignal, "timeout").mockImplementation(() => original(TEST_TIMEOUT_MS));
  }

  it("uses BLOG_TIMEOUT_MS as the deadline", async () => {
    const spy = shortenDeadline();
    answer = reply(200, LIST_PAYLOAD);
    await source.list(1);
    expect(spy).toHaveBeenCalledWith(BLOG_TIMEOUT_MS);
  });

  it("rejects with BlogSourceError when the host never answers", async () => {
    shortenDeadline();
    answer = () => {}; // read the request, never answer
    const attempt = source.list(1);
    await expect(attempt).rejects.toBeInstanceOf(BlogSourceError);
    // Plain Node gives "timed out". Under jest the DOMException comes from Node's realm, so
    // the source's `error instanceof Error` is false there and it falls back to String(error).
    await expect(attempt).rejects.toThrow(/timed out|TimeoutError/);
    await expect(attempt).rejects.toThrow("/functions/v1/get_metainfo");
  });

  /** Sends the headers and the start of a body, then a space every 20 ms, forever. */
  const endlessBody: Handler = (_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.write('{"total": 1, ');
    const timer = setInterval(() => res.write(" "), 20);
    timers.add(timer);
    res.on("close", () => {
      clearInterval(timer);
      timers.delete(timer);
    });
  };

  it("stops reading a body that never ends at the deadline", async () => {
    shortenDeadline();
    answer = endlessBody;
    const started = Date.now();
    await expect(source.get("a-post")).rejects.toThrow(/timeout|timed out/i);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  // BUG (functions-source.ts, readCapped): the deadline firing while the body is read
  // rejects reader.read() with a DOMException TimeoutError that nothing wraps, so list/get
  // reject with that DOMException, not a BlogSourceError naming the endpoint. Marked
  // `failing` so the suite stays green; turn it into a plain `it` once fixed.
  it("rejects with BlogSourceError when the body never ends", async () => {
    shortenDeadline();
    answer = endlessBody;
    const error = await rejectionOf(source.get("a-post"));
    expect(error).toBeInstanceOf(BlogSourceError);
  });
});
