import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { connect, createServer, type AddressInfo } from "node:net";
import { startRedis, type RedisServer } from "../../e2e/redis/instances.cjs";
import {
  answerWithin,
  redisClient,
  setRedisLogger,
  withRedis,
  withRedisPatiently,
} from "./redis-client.mjs";

/** Holds the event loop, as a long render or a large network's status does. */
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe("answerWithin", () => {
  it("takes an answer that came while the process itself was busy past the timeout", async () => {
    // A file read completes on libuv's threads and is delivered when the loop reads its
    // events, like a socket's answer: after the timers that the busy spell made due.
    for (let round = 0; round < 5; round++) {
      const answer = answerWithin(readFile(__filename), 50);
      busy(150);
      await expect(answer).resolves.toBeInstanceOf(Buffer);
    }
  });

  it("fails when no answer comes in time", async () => {
    const never = new Promise<never>(() => {});
    await expect(answerWithin(never, 30)).rejects.toThrow("no answer within 30 ms");
  });

  it("passes an answer's own failure on", async () => {
    await expect(answerWithin(Promise.reject(new Error("WRONGTYPE")), 1000)).rejects.toThrow(
      "WRONGTYPE",
    );
  });
});

/**
 * A link to Redis that can go silent: `silence()` makes every connection open now carry nothing
 * either way while staying open, as a frozen server or a link dropping its packets does;
 * connections made later carry everything.
 */
async function silencingLink(target: number) {
  const open = new Set<{ silent: boolean }>();
  let connections = 0;
  const server = createServer((inbound) => {
    connections++;
    const link = { silent: false };
    open.add(link);
    const outbound = connect(target, "127.0.0.1");
    inbound.on("data", (chunk) => link.silent || outbound.write(chunk));
    outbound.on("data", (chunk) => link.silent || inbound.write(chunk));
    const close = () => {
      open.delete(link);
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on("close", close).on("error", close);
    outbound.on("close", close).on("error", close);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    silence: () => open.forEach((link) => (link.silent = true)),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe("the redis package", () => {
  /**
   * A fresh process that loads the page cache's handler and asks for the client (REDIS_URL as
   * given), then waits a second: whether the first ask found a client, how many of the redis
   * package's modules it held then and after the second, and whether the client was then
   * connected, with nothing but that first ask to make it.
   */
  async function freshProcess(redisUrl: string | undefined) {
    const script = `
      import { createRequire } from "node:module";
      const require = createRequire(import.meta.url);
      const held = () =>
        Object.keys(require.cache).filter((file) => /[\\\\/]@?redis[\\\\/]/.test(file)).length;
      await import("./lib/cache/cache-handler.mjs");
      const { redisClient } = await import("./lib/cache/redis-client.mjs");
      const first = redisClient() !== null;
      const atStart = held();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const after = held();
      console.log(JSON.stringify({ first, atStart, after, connected: redisClient() !== null }));
      process.exit(0);`;
    const env = { ...process.env };
    delete env.REDIS_URL;
    if (redisUrl) env.REDIS_URL = redisUrl;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--input-type=module", "-e", script],
      { cwd: path.resolve(__dirname, "../.."), env },
    );
    return JSON.parse(stdout.trim().split("\n").at(-1)!) as Record<string, unknown>;
  }

  it("is not loaded by a process without REDIS_URL (a tenth of a second of every start)", async () => {
    await expect(freshProcess(undefined)).resolves.toEqual({
      first: false,
      atStart: 0,
      after: 0,
      connected: false,
    });
  }, 20_000);

  it("is loaded on the first use of REDIS_URL, and the client then connects by itself", async () => {
    const redis = await startRedis();
    try {
      const seen = await freshProcess(`redis://127.0.0.1:${redis.port}`);
      // A client is never connected at its first ask: the connection is made meanwhile.
      expect(seen).toMatchObject({ first: false, connected: true });
      expect(seen.after as number).toBeGreaterThan(0);
    } finally {
      await redis.cleanup();
    }
  }, 20_000);
});

describe("a connection that stops answering", () => {
  let redis: RedisServer;
  let link: Awaited<ReturnType<typeof silencingLink>>;
  const logged: string[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    link = await silencingLink(redis.port);
    process.env.REDIS_URL = `redis://127.0.0.1:${link.port}`;
    setRedisLogger((status, detail) => logged.push(`${status}: ${detail}`));
  });

  afterAll(async () => {
    delete process.env.REDIS_URL;
    redisClient(); // the state for no REDIS_URL: the connection closed
    setRedisLogger(null);
    await link.close();
    await redis.cleanup();
  });

  /** Asks Redis for `key` every 100 ms until it answers, for at most `ms`. */
  async function answerWithinMs(key: string, ms: number) {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const answer = await withRedis<string | null>((client) => client.get(key));
      if (answer.ok) return answer;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { ok: false as const };
  }

  it("is given up and made again, and Redis is used again within seconds", async () => {
    await expect(answerWithinMs("riverbend:test:wedged", 5000)).resolves.toEqual({
      ok: true,
      value: null,
    });
    await withRedis((client) => client.set("riverbend:test:wedged", "still here"));
    expect(link.connections()).toBe(1);

    // The connection stays open and ready to the client, and answers nothing: its pings wait
    // for ever, so only the commands' own timeouts can tell.
    link.silence();
    const silenced = Date.now();
    // A command sent on the silent connection, as a page's write is: it holds what it carries
    // (a page's entry) until it settles.
    const stuck = redisClient()!.set("riverbend:test:stuck", "x".repeat(100_000));
    const settled = stuck.then(
      () => "answered",
      () => "failed",
    );
    const answer = await answerWithinMs("riverbend:test:wedged", 15_000);

    expect(answer).toEqual({ ok: true, value: "still here" });
    // Given up with its connection: it fails, and lets go of what it held.
    await expect(settled).resolves.toBe("failed");
    expect(link.connections()).toBe(2);
    expect(Date.now() - silenced).toBeLessThan(10_000);
    expect(logged).toContain("unavailable: no answer for 5 s, connecting again");
    expect(logged.at(-1)).toBe(`connected: redis://127.0.0.1:${link.port}`);
  }, 30_000);
});

describe("a patient command (a copy a page showed, written or read back)", () => {
  let redis: RedisServer;
  let database = 0;
  const get = (client: NonNullable<ReturnType<typeof redisClient>>) =>
    client.get("riverbend:test:patient");

  /** A connection of its own (another database of the one server): its state starts afresh. */
  function freshConnection(url = `redis://127.0.0.1:${redis.port}/${++database}`) {
    process.env.REDIS_URL = url;
  }

  beforeAll(async () => {
    redis = await startRedis();
    setRedisLogger(() => {});
  });

  afterAll(async () => {
    delete process.env.REDIS_URL;
    redisClient();
    setRedisLogger(null);
    await redis.cleanup();
  });

  it("waits for the first connection, which a plain command does not", async () => {
    freshConnection();
    // A process's first command, sent before its connection is made (a restarted instance's
    // first page): a plain command fails at once.
    expect(await withRedis(get)).toEqual({ ok: false });
    expect(await withRedisPatiently(get)).toEqual({ ok: true, value: null });
  });

  it("asks again during the cool-down after one slow answer, and ends it for every caller", async () => {
    freshConnection();
    await withRedisPatiently(get);
    // One command past its time: Redis is skipped for a moment.
    expect(await withRedis(() => new Promise<never>(() => {}), 20)).toEqual({ ok: false });
    expect(await withRedis(get)).toEqual({ ok: false });
    expect(await withRedisPatiently(get)).toEqual({ ok: true, value: null });
    expect(await withRedis(get)).toEqual({ ok: true, value: null });
  });

  it("does not wait for a Redis that refuses connections", async () => {
    const closed = await new Promise<number>((resolve) => {
      const server = createServer();
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    freshConnection(`redis://127.0.0.1:${closed}`);
    // Refused within milliseconds: known down, so not waited for.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const asked = Date.now();
    expect(await withRedisPatiently(get)).toEqual({ ok: false });
    // Not the patient wait (1 s): at once, give or take a busy machine's scheduling.
    expect(Date.now() - asked).toBeLessThan(500);
  });
});
