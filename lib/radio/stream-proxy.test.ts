import http from "node:http";
import type { AddressInfo } from "node:net";
import { ListenerGate } from "./listeners";
import { proxyStream, type StreamProxyOptions } from "./stream-proxy";

/** A real local station stand-in whose behaviour each test chooses. */
type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
let handler: Handler;
let server: http.Server;
let port: number;
let connections = 0;
let closed: Array<() => void> = [];

beforeAll(async () => {
  // Upstream failures are logged on purpose; keep the test output quiet.
  jest.spyOn(console, "error").mockImplementation(() => {});
  server = http.createServer((req, res) => handler(req, res));
  server.on("connection", (socket) => {
    connections += 1;
    socket.on("close", () => closed.splice(0).forEach((fn) => fn()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  connections = 0;
  closed = [];
});

function options(extra: Partial<StreamProxyOptions> = {}): StreamProxyOptions {
  return {
    origin: new URL("http://127.0.0.1"),
    path: "/stream",
    ports: [port],
    maxListeners: 10,
    connectTimeoutMs: 300,
    gate: new ListenerGate(),
    ...extra,
  };
}

const get = (query: string, init?: RequestInit) =>
  new Request(`http://app.example/api/stream${query}`, init);

function tone(req: http.IncomingMessage, res: http.ServerResponse) {
  res.writeHead(200, { "Content-Type": "audio/mpeg" });
  const timer = setInterval(() => res.write(Buffer.alloc(4096, 1)), 10);
  res.on("close", () => clearInterval(timer));
}

describe("proxyStream", () => {
  it("refuses a bad port with 400 and never connects", async () => {
    handler = tone;
    for (const query of ["", "?port=22", "?port=%38076", `?port=${port}&port=${port}`]) {
      const response = await proxyStream(get(query), options());
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    }
    expect(connections).toBe(0);
  });

  it("answers 503 when no station is configured", async () => {
    const response = await proxyStream(get(`?port=${port}`), options({ origin: null }));
    expect(response.status).toBe(503);
    expect(await response.text()).toMatch(/not configured/);
  });

  it("streams the audio through with its type, asks for no ICY metadata", async () => {
    let seen: http.IncomingHttpHeaders = {};
    let path = "";
    handler = (req, res) => {
      seen = req.headers;
      path = req.url ?? "";
      res.writeHead(200, { "Content-Type": "audio/aac" });
      res.write("first");
      setTimeout(() => res.end("second"), 50);
    };
    const response = await proxyStream(get(`?port=${port}`), options());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/aac");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    expect(seen["icy-metadata"]).toBe("0");
    expect(path).toBe("/stream");
    // The first bytes arrive before the station has finished (it never does, live).
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(Buffer.from(first.value!).toString()).toBe("first");
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += Buffer.from(chunk.value).toString();
    }
    expect(rest).toBe("second");
  });

  it.each([
    [500, 502],
    [404, 502],
    [302, 502],
  ])("answers an upstream %i with %i and follows no redirect", async (status, expected) => {
    let hits = 0;
    handler = (req, res) => {
      hits += 1;
      res.writeHead(status, { Location: "http://127.0.0.2:9/elsewhere" });
      res.end("nope");
    };
    const gate = new ListenerGate();
    const response = await proxyStream(get(`?port=${port}`), options({ gate }));
    expect(response.status).toBe(expected);
    expect(hits).toBe(1);
    expect(gate.count).toBe(0);
  });

  it("refuses to pass on something that is not audio", async () => {
    handler = (req, res) => {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end("<script>alert(1)</script>");
    };
    const response = await proxyStream(get(`?port=${port}`), options());
    expect(response.status).toBe(502);
  });

  it("answers 504 when the station does not answer in time", async () => {
    handler = () => {
      // never answers
    };
    const started = Date.now();
    const response = await proxyStream(get(`?port=${port}`), options({ connectTimeoutMs: 200 }));
    expect(response.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("answers 502 when nothing listens on the port", async () => {
    const idle = http.createServer();
    await new Promise<void>((resolve) => idle.listen(0, "127.0.0.1", resolve));
    const deadPort = (idle.address() as AddressInfo).port;
    await new Promise((resolve) => idle.close(resolve));
    const response = await proxyStream(get(`?port=${deadPort}`), options({ ports: [deadPort] }));
    expect(response.status).toBe(502);
  });

  it("closes the station connection as soon as the listener cancels", async () => {
    handler = tone;
    const gate = new ListenerGate();
    const response = await proxyStream(get(`?port=${port}`), options({ gate }));
    const reader = response.body!.getReader();
    await reader.read();
    expect(gate.count).toBe(1);
    const upstreamClosed = new Promise<void>((resolve) => closed.push(resolve));
    const cancelled = Date.now();
    await reader.cancel();
    await upstreamClosed;
    expect(Date.now() - cancelled).toBeLessThan(1000);
    expect(gate.count).toBe(0);
  });

  it("closes the station connection when the request is aborted", async () => {
    handler = tone;
    const controller = new AbortController();
    const gate = new ListenerGate();
    const response = await proxyStream(
      get(`?port=${port}`, { signal: controller.signal }),
      options({ gate }),
    );
    await response.body!.getReader().read();
    const upstreamClosed = new Promise<void>((resolve) => closed.push(resolve));
    controller.abort();
    await upstreamClosed;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(gate.count).toBe(0);
  });

  it("reads the station only as fast as the listener takes the audio", async () => {
    let written = 0;
    let blocked = false;
    handler = (req, res) => {
      res.writeHead(200, { "Content-Type": "audio/mpeg" });
      const chunk = Buffer.alloc(64 * 1024, 1);
      const pump = () => {
        while (res.write(chunk)) {
          written += chunk.length;
          if (written > 256 * 1024 * 1024) return;
        }
        written += chunk.length;
        blocked = true;
        res.once("drain", pump);
      };
      pump();
    };
    const response = await proxyStream(get(`?port=${port}`), options());
    const reader = response.body!.getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Nobody reads: the station is held back instead of piling audio up in memory.
    expect(blocked).toBe(true);
    expect(written).toBeLessThan(32 * 1024 * 1024);
    await reader.cancel();
  });

  it("answers 503 beyond the listener cap, and frees the place when a listener leaves", async () => {
    handler = tone;
    const gate = new ListenerGate();
    const first = await proxyStream(get(`?port=${port}`), options({ gate, maxListeners: 1 }));
    expect(first.status).toBe(200);
    const second = await proxyStream(get(`?port=${port}`), options({ gate, maxListeners: 1 }));
    expect(second.status).toBe(503);
    await first.body!.cancel();
    const third = await proxyStream(get(`?port=${port}`), options({ gate, maxListeners: 1 }));
    expect(third.status).toBe(200);
    await third.body!.cancel();
  });
});
