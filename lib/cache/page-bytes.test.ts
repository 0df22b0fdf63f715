import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { installPageBytes, installedPageBytes, MIN_CHARS, PageBytes } from "./page-bytes";

/** A page of `chars` characters with text outside ASCII, as real headlines have. */
function page(chars: number, mark = "a"): string {
  const line = `<p>Café “${mark}” → 1–0 …</p>\n`;
  return line.repeat(Math.ceil(chars / line.length)).slice(0, chars);
}

describe("PageBytes", () => {
  it("encodes a text once and hands back the same bytes after", () => {
    const store = new PageBytes();
    const text = page(MIN_CHARS);
    const first = store.bytesOf(text);
    expect(first.equals(Buffer.from(text, "utf8"))).toBe(true);
    // An equal string that is another object (as a page read again from disk would be).
    const again = store.bytesOf(text.slice(0, 10) + text.slice(10));
    expect(again).toBe(first);
    expect([store.encoded, store.reused, store.size]).toEqual([1, 1, 1]);
  });

  it("stays within its budget, dropping the page sent least recently", () => {
    const a = page(MIN_CHARS, "a");
    const b = page(MIN_CHARS, "b");
    const c = page(MIN_CHARS, "c");
    const cost = a.length * 2 + Buffer.byteLength(a);
    const store = new PageBytes(cost * 2);
    store.bytesOf(a);
    store.bytesOf(b);
    store.bytesOf(a); // a is now the most recent
    store.bytesOf(c); // b goes
    expect(store.size).toBe(2);
    expect(store.bytes).toBeLessThanOrEqual(cost * 2);
    const encoded = store.encoded;
    store.bytesOf(a);
    store.bytesOf(c);
    expect(store.encoded).toBe(encoded);
    store.bytesOf(b);
    expect(store.encoded).toBe(encoded + 1);
  });

  it("does not keep a page larger than the whole budget", () => {
    const store = new PageBytes(1000);
    const text = page(MIN_CHARS);
    expect(store.bytesOf(text).equals(Buffer.from(text))).toBe(true);
    expect([store.size, store.bytes]).toEqual([0, 0]);
  });
});

describe("installPageBytes", () => {
  let server: Server;
  let base: string;
  let answer: (res: ServerResponse) => void = () => {};
  const store = installPageBytes();

  beforeAll(async () => {
    server = createServer((_req, res) => answer(res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  /** Sends `text` the way Next.js sends a cached page. */
  function sendLikeNext(text: string, status = 200, encoding?: BufferEncoding) {
    answer = (res) => {
      res.statusCode = status;
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.setHeader("Content-Length", Buffer.byteLength(text, encoding ?? "utf8"));
      if (encoding) res.end(text, encoding);
      else res.end(text);
    };
  }

  async function get(): Promise<{ status: number; bytes: Buffer; length: string | null }> {
    const response = await fetch(base);
    const bytes = Buffer.from(await response.arrayBuffer());
    return { status: response.status, bytes, length: response.headers.get("content-length") };
  }

  it("is installed once per process", () => {
    expect(installPageBytes()).toBe(store);
    expect(installedPageBytes()).toBe(store);
  });

  it("sends a large page's exact bytes, encoding it only the first time", async () => {
    const text = page(MIN_CHARS * 3);
    sendLikeNext(text);
    const before = { encoded: store.encoded, reused: store.reused };
    const first = await get();
    const second = await get();
    for (const answer of [first, second]) {
      expect(answer.bytes.equals(Buffer.from(text, "utf8"))).toBe(true);
      expect(answer.length).toBe(String(Buffer.byteLength(text)));
    }
    expect(store.encoded - before.encoded).toBe(1);
    expect(store.reused - before.reused).toBe(1);
  });

  it("leaves small answers, errors and other encodings to Node", async () => {
    const before = { encoded: store.encoded, reused: store.reused };

    sendLikeNext(page(MIN_CHARS - 1));
    expect((await get()).bytes.equals(Buffer.from(page(MIN_CHARS - 1)))).toBe(true);

    const notFound = page(MIN_CHARS * 2, "404");
    sendLikeNext(notFound, 404);
    await get();
    const missing = await get();
    expect(missing.status).toBe(404);
    expect(missing.bytes.equals(Buffer.from(notFound))).toBe(true);

    const latin = "é".repeat(MIN_CHARS * 2);
    sendLikeNext(latin, 200, "latin1");
    const sent = await get();
    expect(sent.bytes.equals(Buffer.from(latin, "latin1"))).toBe(true);

    expect([store.encoded, store.reused]).toEqual([before.encoded, before.reused]);
  });

  it("keeps the callback form of end working", async () => {
    const text = page(MIN_CHARS * 2, "cb");
    let called = false;
    answer = (res) => {
      res.setHeader("Content-Length", Buffer.byteLength(text));
      res.end(text, () => {
        called = true;
      });
    };
    expect((await get()).bytes.equals(Buffer.from(text))).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(called).toBe(true);
  });
});
