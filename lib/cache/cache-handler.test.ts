import { BoundedStore } from "./bounded-store.mjs";
import CacheHandler, { keepNotFoundInMemory } from "./cache-handler.mjs";

type Entry = {
  value: { kind?: string; status?: number; data?: unknown };
  lastModified: number;
  cacheControl?: unknown;
};

/** Stands in for the handler being wrapped (the file cache, or Redis in front of it). */
class RecordingBase {
  static written = new Map<string, Entry["value"]>();
  static tagsRevalidated: unknown[][] = [];
  constructor(readonly ctx: unknown) {}
  async get(key: string, ..._rest: unknown[]): Promise<Entry | null> {
    const value = RecordingBase.written.get(key);
    return value === undefined ? null : { value, lastModified: 0 };
  }
  async set(key: string, data: Entry["value"], ..._rest: unknown[]) {
    RecordingBase.written.set(key, data);
  }
  async revalidateTag(...args: unknown[]) {
    RecordingBase.tagsRevalidated.push(args);
  }
}

const page = (status: number, html = "<html>…</html>") => ({
  kind: "APP_PAGE",
  status,
  html,
  rscData: Buffer.from("0:{}"),
  headers: {},
  segmentData: new Map([["/_tree", Buffer.from("tree")]]),
});
const ctx = { cacheControl: { revalidate: 300, expire: undefined } };

beforeEach(() => {
  RecordingBase.written.clear();
  RecordingBase.tagsRevalidated = [];
});

describe("keepNotFoundInMemory", () => {
  it("keeps 404 answers in memory and never hands them to the wrapped cache", async () => {
    const Handler = keepNotFoundInMemory(RecordingBase, new BoundedStore(1024 * 1024));
    const handler = new Handler({});
    await handler.set("/no-such-page", page(404), ctx);
    expect(RecordingBase.written.size).toBe(0);
    const entry = await new Handler({}).get("/no-such-page", { kind: "APP_PAGE" });
    expect(entry?.value.status).toBe(404);
    expect(entry?.cacheControl).toEqual(ctx.cacheControl);
    expect(typeof entry?.lastModified).toBe("number");
  });

  it("hands every other answer to the wrapped cache, and a page that exists replaces its 404", async () => {
    const Handler = keepNotFoundInMemory(RecordingBase, new BoundedStore(1024 * 1024));
    const handler = new Handler({});
    await handler.set("/blog/new-post", page(404), ctx);
    await handler.set("/blog/new-post", page(200, "<html>post</html>"), ctx);
    await handler.set("fetch-key", { kind: "FETCH", data: {} }, { fetchCache: true });
    expect([...RecordingBase.written.keys()]).toEqual(["/blog/new-post", "fetch-key"]);
    const entry = await handler.get("/blog/new-post", { kind: "APP_PAGE" });
    expect(entry?.value.status).toBe(200);
  });

  it("forgets every 404 when a tag is revalidated, and passes the call on", async () => {
    const Handler = keepNotFoundInMemory(RecordingBase, new BoundedStore(1024 * 1024));
    const handler = new Handler({});
    await handler.set("/blog/soon-published", page(404), ctx);
    await handler.revalidateTag(["blog"], undefined);
    expect(await handler.get("/blog/soon-published", { kind: "APP_PAGE" })).toBeNull();
    expect(RecordingBase.tagsRevalidated).toEqual([[["blog"], undefined]]);
  });

  it("wraps the project's own file cache by default (no Redis)", () => {
    const chain: string[] = [];
    for (let c = CacheHandler; c && c.name; c = Object.getPrototypeOf(c)) chain.push(c.name);
    expect(chain).toEqual(["NotFoundInMemory", "FileCache"]);
  });
});
