import http from "node:http";
import type { AddressInfo } from "node:net";
import { getNowPlaying, titleFromIcecastStatus } from "./now-playing";

const source = (mount: string, extra: Record<string, unknown> = {}) => ({
  listenurl: `http://127.0.0.1:8076${mount}`,
  server_type: "audio/mpeg",
  ...extra,
});

describe("titleFromIcecastStatus", () => {
  it("reads the title of our mount when Icecast lists one source", () => {
    const status = { icestats: { source: source("/stream", { title: "Morning Show" }) } };
    expect(titleFromIcecastStatus(status, "/stream")).toBe("Morning Show");
  });

  it("picks our mount among several, and joins artist and title", () => {
    const status = {
      icestats: {
        source: [
          source("/other", { title: "Not this" }),
          source("/stream", { artist: "The Band", title: "The Song" }),
        ],
      },
    };
    expect(titleFromIcecastStatus(status, "/stream")).toBe("The Band - The Song");
  });

  it.each([
    ["no sources", { icestats: {} }],
    ["another mount only", { icestats: { source: source("/other", { title: "x" }) } }],
    ["no title", { icestats: { source: source("/stream") } }],
    ["a blank title", { icestats: { source: source("/stream", { title: "  \n " }) } }],
    ["a non-string title", { icestats: { source: source("/stream", { title: 42 }) } }],
    ["garbage", "garbage"],
    ["null", null],
    ["a bad listen url", { icestats: { source: { listenurl: "::", title: "x" } } }],
  ])("gives an empty title for %s", (_label, status) => {
    expect(titleFromIcecastStatus(status, "/stream")).toBe("");
  });

  it("flattens control characters and bounds the length", () => {
    const status = {
      icestats: { source: source("/stream", { title: `A\u0000B\nC ${"x".repeat(500)}` }) },
    };
    const title = titleFromIcecastStatus(status, "/stream");
    expect(title.startsWith("A B C x")).toBe(true);
    expect(title.length).toBeLessThanOrEqual(200);
  });
});

describe("getNowPlaying", () => {
  let server: http.Server;
  let port: number;
  let hits = 0;
  let body = "";

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits += 1;
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("asks the station once for many callers within the cache time", async () => {
    body = JSON.stringify({
      icestats: { source: { listenurl: `http://127.0.0.1:${port}/live`, title: "Live Hour" } },
    });
    const options = { origin: new URL("http://127.0.0.1"), path: "/live", ports: [port] };
    const results = await Promise.all([1, 2, 3].map(() => getNowPlaying(options)));
    expect(results).toEqual([
      { title: "Live Hour" },
      { title: "Live Hour" },
      { title: "Live Hour" },
    ]);
    expect(hits).toBe(1);
  });

  it("answers an empty title when the station is unreachable or unconfigured", async () => {
    expect(await getNowPlaying({ origin: null, path: "/stream", ports: [8076] })).toEqual({
      title: "",
    });
    const idle = http.createServer();
    await new Promise<void>((resolve) => idle.listen(0, "127.0.0.1", resolve));
    const deadPort = (idle.address() as AddressInfo).port;
    await new Promise((resolve) => idle.close(resolve));
    const options = { origin: new URL("http://127.0.0.1"), path: "/stream", ports: [deadPort] };
    expect(await getNowPlaying(options)).toEqual({ title: "" });
  });

  it("answers an empty title for a broken status document", async () => {
    body = "{ not json";
    const options = { origin: new URL("http://127.0.0.1"), path: "/x", ports: [port] };
    expect(await getNowPlaying(options)).toEqual({ title: "" });
  });
});
