import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import compression from "compression";
import { CompressedPages, compressResponse } from "./compressed-pages.mjs";

const PAGE = `<!DOCTYPE html><html><body>${"<p>A cached page of the site.</p>".repeat(400)}</body></html>`;

let server: http.Server;
let pages: CompressedPages;
let origin: string;

beforeAll(async () => {
  // Express's types for a plain Node server's request and response.
  const middleware = compression() as unknown as Parameters<typeof compressResponse>[2];
  server = http.createServer((req, res) => {
    compressResponse(req, res, middleware, pages);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    if (req.url === "/streamed") {
      res.write(PAGE.slice(0, 5000));
      res.end(PAGE.slice(5000));
    } else if (req.url === "/small") {
      res.end("<p>short</p>");
    } else {
      res.setHeader("Content-Length", Buffer.byteLength(PAGE));
      res.end(PAGE);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

beforeEach(() => {
  pages = new CompressedPages();
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

function get(
  path: string,
  encoding: string,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}${path}`, { headers: { "accept-encoding": encoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

describe("compressed pages", () => {
  it("sends a page in one piece compressed once, with its length, to gzip clients", async () => {
    const first = await get("/", "gzip, deflate, br");
    const second = await get("/", "gzip");
    for (const answer of [first, second]) {
      expect(answer.headers["content-encoding"]).toBe("gzip");
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
      expect(answer.headers["transfer-encoding"]).toBeUndefined();
      expect(answer.headers.vary).toContain("Accept-Encoding");
      expect(gunzipSync(answer.body).toString()).toBe(PAGE);
    }
    expect(pages.compressed).toBe(1);
    expect(pages.reused).toBe(1);
  });

  it("sends a page to clients without gzip as bytes encoded once, with its length", async () => {
    const plain = await get("/", "identity");
    const refused = await get("/", "gzip;q=0, identity");
    for (const answer of [plain, refused]) {
      expect(answer.headers["content-encoding"]).toBeUndefined();
      expect(Number(answer.headers["content-length"])).toBe(Buffer.byteLength(PAGE));
      expect(answer.headers["transfer-encoding"]).toBeUndefined();
      expect(answer.body.toString()).toBe(PAGE);
    }
    expect(pages.plainReused).toBe(1);
    expect(pages.compressed).toBe(0);
  });

  it("leaves streamed answers and small ones to the middleware", async () => {
    const streamed = await get("/streamed", "gzip");
    expect(streamed.headers["content-encoding"]).toBe("gzip");
    expect(streamed.headers["transfer-encoding"]).toBe("chunked");
    expect(gunzipSync(streamed.body).toString()).toBe(PAGE);

    const small = await get("/small", "gzip");
    expect(small.body.toString()).toBe("<p>short</p>");
    const smallPlain = await get("/small", "identity");
    expect(smallPlain.body.toString()).toBe("<p>short</p>");
    expect(pages.compressed).toBe(0);
    expect(pages.plainReused).toBe(0);
    expect(pages.plain.size).toBe(0);
  });
});
