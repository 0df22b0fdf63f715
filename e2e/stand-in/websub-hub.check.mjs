// @ts-check
/**
 * A self-check of the stand-in's WebSub hub (websub-hub.mjs), run by `npm test` beside the unit
 * tests (`npm run test:stand-in`, Node's own test runner: the stand-in is plain Node, as
 * Playwright starts it):
 *
 *   node --test e2e/stand-in/websub-hub.check.mjs
 *
 * Starts the stand-in on a free port and a small subscriber (a callback server) beside it,
 * then walks subscribe → verify → publish → signature → renewal → expiry → unsubscribe, the
 * denial of foreign topics, bad requests, lease bounds, and the announcing feeds (well-formed
 * XML that the app's feed parser reads, with the right rel="self" and rel="hub").
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createHmac } from "node:crypto";
import http from "node:http";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { parseFeed } from "@rowanmanning/feed-parser";
import { SaxesParser } from "saxes";

/** A free local port. */
async function freePort() {
  const probe = http.createServer();
  await new Promise((resolve) => probe.listen(0, "127.0.0.1", () => resolve(undefined)));
  const { port } = /** @type {import("node:net").AddressInfo} */ (probe.address());
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` until `ok` holds of its result (or fails after `ms`). */
async function until(
  /** @type {() => Promise<any>} */ read,
  /** @type {(v: any) => boolean} */ ok,
  ms = 3000,
) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > end) assert.fail(`gave up waiting; last value ${JSON.stringify(value)}`);
    await sleep(50);
  }
}

// ---- the subscriber: a callback server that records what the hub sends -----------------------

/**
 * @typedef {{ method: string, path: string, query: URLSearchParams,
 *   headers: http.IncomingHttpHeaders, body: Buffer }} Received
 */
/** @type {Received[]} */
const received = [];
/**
 * How each callback path answers a verification: "echo" the challenge, "wrong" body,
 * a status, or "hang".
 * @type {Record<string, "echo" | "wrong" | "hang" | number>}
 */
const behaviour = {};
const callbackServer = http.createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://x");
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  received.push({
    method: req.method ?? "",
    path: url.pathname,
    query: url.searchParams,
    headers: req.headers,
    body: Buffer.concat(chunks),
  });
  const how = behaviour[url.pathname] ?? "echo";
  if (req.method === "POST") return res.writeHead(204).end();
  if (how === "hang") return;
  if (how === "wrong") return res.writeHead(200).end("not the challenge");
  if (typeof how === "number") return res.writeHead(how).end();
  res
    .writeHead(200, { "content-type": "text/plain" })
    .end(url.searchParams.get("hub.challenge") ?? "");
});

let standIn = /** @type {import("node:child_process").ChildProcess | undefined} */ (undefined);
let origin = "";
let callbacks = "";

before(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  standIn = spawn(
    process.execPath,
    [fileURLToPath(new URL("./server.mjs", import.meta.url)), "--port", String(port)],
    {
      stdio: "ignore",
    },
  );
  await new Promise((resolve) => callbackServer.listen(0, "127.0.0.1", () => resolve(undefined)));
  const { port: callbackPort } = /** @type {import("node:net").AddressInfo} */ (
    callbackServer.address()
  );
  callbacks = `http://127.0.0.1:${callbackPort}`;
  await until(
    () =>
      fetch(`${origin}/__health`).then(
        (r) => r.ok,
        () => false,
      ),
    (ok) => ok,
    10_000,
  );
});

after(() => {
  standIn?.kill();
  callbackServer.close();
});

// ---- helpers -------------------------------------------------------------------------

const topic = (/** @type {string} */ feed) => `${origin}/feeds/${feed}.xml`;

/** POSTs a subscription request to the hub; returns its status and text. */
async function hubRequest(
  /** @type {Record<string, string>} */ form,
  type = "application/x-www-form-urlencoded",
) {
  const response = await fetch(`${origin}/websub/hub`, {
    method: "POST",
    headers: { "content-type": type },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, text: await response.text() };
}

async function control(
  /** @type {string} */ name,
  /** @type {object | undefined} */ body = undefined,
) {
  const response = await fetch(`${origin}/__control/websub/${name}`, {
    method: body ? "POST" : "GET",
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, json: await response.json() };
}

const subscriptions = async () => (await control("subscriptions")).json;
const lastLog = async () => (await control("log")).json.at(-1);
/** The GETs the callback path received (verifications, denials). */
const gets = (/** @type {string} */ path) =>
  received.filter((r) => r.method === "GET" && r.path === path);
const posts = (/** @type {string} */ path) =>
  received.filter((r) => r.method === "POST" && r.path === path);

/** Subscribes and waits for the hub to settle it; returns the log entry. */
async function subscribe(/** @type {Record<string, string>} */ form) {
  const { status } = await hubRequest({ "hub.mode": "subscribe", ...form });
  assert.equal(status, 202);
  return until(lastLog, (entry) => entry.outcome !== "pending");
}

const hmac = (
  /** @type {string} */ algo,
  /** @type {string} */ secret,
  /** @type {Buffer} */ body,
) => `${algo}=${createHmac(algo, secret).update(body).digest("hex")}`;

/** Well-formed XML, with every namespace prefix declared. */
function assertWellFormed(/** @type {string} */ xml) {
  const parser = new SaxesParser({ xmlns: true });
  parser.on("error", (error) => {
    throw error;
  });
  parser.write(xml).close();
}

// ---- the checks ----------------------------------------------------------------------------

test("bad requests get 400 with a reason", async () => {
  const cb = `${callbacks}/cb/bad`;
  const cases = [
    [{ "hub.topic": topic("national"), "hub.callback": cb }, /hub.mode/],
    [{ "hub.mode": "publish", "hub.topic": topic("national"), "hub.callback": cb }, /hub.mode/],
    [{ "hub.mode": "subscribe", "hub.callback": cb }, /hub.topic/],
    [{ "hub.mode": "subscribe", "hub.topic": topic("national") }, /hub.callback/],
    [
      { "hub.mode": "subscribe", "hub.topic": topic("national"), "hub.callback": "ftp://x/cb" },
      /http/,
    ],
    [
      {
        "hub.mode": "subscribe",
        "hub.topic": topic("national"),
        "hub.callback": cb,
        "hub.lease_seconds": "soon",
      },
      /lease/,
    ],
    [
      {
        "hub.mode": "subscribe",
        "hub.topic": topic("national"),
        "hub.callback": cb,
        "hub.secret": "s".repeat(200),
      },
      /200 bytes/,
    ],
  ];
  for (const [form, reason] of /** @type {[Record<string, string>, RegExp][]} */ (cases)) {
    const { status, text } = await hubRequest(form);
    assert.equal(status, 400, JSON.stringify(form));
    assert.match(text, reason);
    assert.equal((await lastLog()).outcome, "bad-request");
  }
  const json = await hubRequest({ "hub.mode": "subscribe" }, "application/json");
  assert.equal(json.status, 400);
  assert.equal((await fetch(`${origin}/websub/hub`)).status, 405);
  assert.equal(gets("/cb/bad").length, 0, "no verification for a bad request");
});

test("a topic that is not one of the stand-in's feeds is denied", async () => {
  for (const foreign of ["https://elsewhere.example/feed.xml", topic("no-such-feed")]) {
    const entry = await subscribe({
      "hub.topic": foreign,
      "hub.callback": `${callbacks}/cb/denied?x=1`,
    });
    assert.equal(entry.outcome, "denied");
    assert.equal(entry.denialAnswer, 200);
    const denial = gets("/cb/denied").at(-1);
    assert.ok(denial);
    assert.equal(denial.query.get("x"), "1", "the callback's own query is kept");
    assert.equal(denial.query.get("hub.mode"), "denied");
    assert.equal(denial.query.get("hub.topic"), foreign);
    assert.ok(denial.query.get("hub.reason"));
    assert.equal(denial.query.get("hub.challenge"), null);
  }
  assert.deepEqual(await subscriptions(), []);
});

test("subscribe: verified only by 2xx with exactly the challenge", async () => {
  behaviour["/cb/wrong"] = "wrong";
  behaviour["/cb/gone"] = 404;
  const wrong = await subscribe({
    "hub.topic": topic("national"),
    "hub.callback": `${callbacks}/cb/wrong`,
  });
  assert.equal(wrong.outcome, "refused");
  assert.equal(wrong.challengeAnswer, 200);
  const gone = await subscribe({
    "hub.topic": topic("national"),
    "hub.callback": `${callbacks}/cb/gone`,
  });
  assert.equal(gone.outcome, "refused");
  assert.equal(gone.challengeAnswer, 404);
  assert.deepEqual(await subscriptions(), []);

  const entry = await subscribe({
    "hub.topic": topic("national"),
    "hub.callback": `${callbacks}/cb/a?sub=national`,
    "hub.lease_seconds": "3600",
    "hub.secret": "s".repeat(199),
  });
  assert.equal(entry.outcome, "verified");
  assert.equal(entry.challengeAnswer, 200);
  assert.equal(entry.leaseSeconds, 3600);
  assert.equal(entry.grantedLeaseSeconds, 3600);
  const verification = gets("/cb/a").at(-1);
  assert.ok(verification);
  assert.equal(verification.query.get("sub"), "national");
  assert.equal(verification.query.get("hub.mode"), "subscribe");
  assert.equal(verification.query.get("hub.topic"), topic("national"));
  assert.equal(verification.query.get("hub.lease_seconds"), "3600");
  assert.ok((verification.query.get("hub.challenge") ?? "").length >= 16);

  const [subscription, ...others] = await subscriptions();
  assert.equal(others.length, 0);
  assert.equal(subscription.callback, `${callbacks}/cb/a?sub=national`);
  assert.equal(subscription.topic, topic("national"));
  assert.equal(subscription.leaseSeconds, 3600);
  assert.equal(subscription.expired, false);
  assert.equal(subscription.hasSecret, true);
  assert.equal(subscription.renewals, 0);
  const leaseEnds = Date.parse(subscription.leaseEnds) - Date.parse(subscription.verifiedAt);
  assert.equal(leaseEnds, 3600_000);
});

test("lease bounds: clamped to [min, max], the max when none is asked", async () => {
  const granted = async (/** @type {string | undefined} */ lease) => {
    const entry = await subscribe({
      "hub.topic": topic("world"),
      "hub.callback": `${callbacks}/cb/lease`,
      ...(lease === undefined ? {} : { "hub.lease_seconds": lease }),
    });
    assert.equal(entry.outcome, "verified");
    return Number(gets("/cb/lease").at(-1)?.query.get("hub.lease_seconds"));
  };
  assert.equal(await granted("10"), 60);
  assert.equal(await granted("99999999"), 864000);
  assert.equal(await granted(undefined), 864000);
  assert.equal((await control("config", { minLeaseSeconds: 1, maxLeaseSeconds: 3 })).status, 200);
  assert.equal(await granted(undefined), 3);
  assert.equal(await granted("2"), 2);
  assert.equal((await control("config", { minLeaseSeconds: 5, maxLeaseSeconds: 4 })).status, 400);
  const renewed = (await subscriptions()).find(
    (/** @type {any} */ s) => s.callback === `${callbacks}/cb/lease`,
  );
  assert.equal(renewed.renewals, 4);
});

test("an ended lease gets no distribution and is listed as expired", async () => {
  await control("config", { minLeaseSeconds: 1, maxLeaseSeconds: 1 });
  const entry = await subscribe({
    "hub.topic": topic("politics"),
    "hub.callback": `${callbacks}/cb/short`,
  });
  assert.equal(entry.grantedLeaseSeconds, 1);
  await sleep(1100);
  const short = (await subscriptions()).find(
    (/** @type {any} */ s) => s.callback === `${callbacks}/cb/short`,
  );
  assert.equal(short.expired, true);
  const { json } = await control("publish", { feed: "politics" });
  assert.deepEqual(json.deliveries, []);
  assert.equal(posts("/cb/short").length, 0);
  await control("config", { minLeaseSeconds: 60, maxLeaseSeconds: 864000 });
});

test("publish: the topic's exact bytes, Link headers and X-Hub-Signature", async () => {
  const secret = "s".repeat(199);
  const { json } = await control("publish", { feed: "national" });
  assert.deepEqual(
    json.deliveries.map((/** @type {any} */ d) => [d.callback, d.status, d.algorithm]),
    [[`${callbacks}/cb/a?sub=national`, 204, "sha256"]],
  );
  const push = posts("/cb/a").at(-1);
  assert.ok(push);
  assert.equal(push.query.get("sub"), "national", "delivered to the callback as given");
  const feed = await fetch(topic("national"));
  const bytes = Buffer.from(await feed.arrayBuffer());
  assert.ok(push.body.equals(bytes), "the body is what a poller gets");
  assert.equal(push.headers["content-type"], feed.headers.get("content-type"));
  assert.equal(
    push.headers.link,
    `<${origin}/websub/hub>; rel="hub", <${topic("national")}>; rel="self"`,
  );
  assert.equal(push.headers["x-hub-signature"], hmac("sha256", secret, push.body));

  for (const algorithm of ["sha1", "sha384", "sha512"]) {
    await control("publish", { feed: "national", algorithm });
    const signed = posts("/cb/a").at(-1);
    assert.ok(signed);
    assert.equal(signed.headers["x-hub-signature"], hmac(algorithm, secret, signed.body));
  }
  const forged = await control("publish", { topic: topic("national"), signature: "wrong" });
  assert.equal(forged.json.deliveries[0].signature, "wrong");
  const wrong = posts("/cb/a").at(-1);
  assert.ok(wrong);
  assert.match(String(wrong.headers["x-hub-signature"]), /^sha256=[0-9a-f]{64}$/);
  assert.notEqual(wrong.headers["x-hub-signature"], hmac("sha256", secret, wrong.body));
  await control("publish", { feed: "national", signature: "none" });
  assert.equal(posts("/cb/a").at(-1)?.headers["x-hub-signature"], undefined);

  assert.equal((await control("publish", { feed: "national", algorithm: "md5" })).status, 400);
  assert.equal((await control("publish", { topic: "https://elsewhere.example/" })).status, 400);
});

test("renewal with a new secret; no secret, no signature", async () => {
  const entry = await subscribe({
    "hub.topic": topic("national"),
    "hub.callback": `${callbacks}/cb/a?sub=national`,
    "hub.secret": "second secret",
  });
  assert.equal(entry.outcome, "verified");
  const renewed = (await subscriptions()).find(
    (/** @type {any} */ s) => s.topic === topic("national"),
  );
  assert.equal(renewed.renewals, 1);
  assert.equal(renewed.leaseSeconds, 864000);
  await subscribe({ "hub.topic": topic("national"), "hub.callback": `${callbacks}/cb/plain` });
  await control("publish", { feed: "national" });
  const signed = posts("/cb/a").at(-1);
  assert.ok(signed);
  assert.equal(signed.headers["x-hub-signature"], hmac("sha256", "second secret", signed.body));
  assert.equal(posts("/cb/plain").at(-1)?.headers["x-hub-signature"], undefined);
});

test("a headline on an announcing feed is distributed; the hub's fetch is not a hit", async () => {
  await fetch(`${origin}/__control/headline`, {
    method: "POST",
    body: JSON.stringify({ feed: "national", title: "Not announced yet" }),
  });
  await sleep(300);
  assert.equal(
    (await control("deliveries")).json.filter((/** @type {any} */ d) => d.trigger === "headline")
      .length,
    0,
  );

  await control("announce", { feed: "national" });
  const hitsBefore =
    (await (await fetch(`${origin}/__control/hits`)).json())["/feeds/national.xml"] ?? 0;
  const before = posts("/cb/plain").length;
  const answer = await fetch(`${origin}/__control/headline`, {
    method: "POST",
    body: JSON.stringify({ feed: "national", title: "Bridge reopens & traffic flows" }),
  });
  // Answers the published item's link, as tests use it (control.ts publishHeadline).
  assert.equal(answer.status, 200);
  const { link } = /** @type {{ link: string }} */ (await answer.json());
  assert.match(link, /^https:\/\/news\.example\.com\/national\/published-/);
  await until(
    async () => posts("/cb/plain").length,
    (n) => n > before,
  );
  const push = posts("/cb/plain").at(-1);
  assert.ok(push?.body.toString().includes("Bridge reopens &amp; traffic flows"));
  const hitsAfter =
    (await (await fetch(`${origin}/__control/hits`)).json())["/feeds/national.xml"] ?? 0;
  assert.equal(hitsAfter, hitsBefore);
  const logged = await until(
    async () =>
      (await control("deliveries")).json.filter((/** @type {any} */ d) => d.trigger === "headline"),
    (list) => list.length === 2,
  );
  assert.deepEqual(
    logged.map((/** @type {any} */ d) => d.status),
    [204, 204],
  );
});

test("announcements: well-formed feeds the app's parser reads, or a Link header", async () => {
  const formats = { national: "rss", technology: "atom", archives: "rdf", food: "latin1" };
  for (const [feed, format] of Object.entries(formats)) {
    await control("announce", { feed, on: false });
    const plain = Buffer.from(await (await fetch(topic(feed))).arrayBuffer());
    await control("announce", { feed, via: "document" });
    const response = await fetch(topic(feed));
    const bytes = Buffer.from(await response.arrayBuffer());
    const xml = bytes.toString(format === "latin1" ? "latin1" : "utf8");
    assertWellFormed(xml);
    const parsed = parseFeed(xml);
    assert.equal(parsed.self, topic(feed), `${feed}: rel=self is the topic`);
    assert.ok(parsed.items.length > 5, `${feed}: items still read`);
    if (format !== "atom") assert.equal(parsed.url, `https://news.example.com/${feed}`);
    const hub = `href="${origin}/websub/hub"`;
    assert.ok(
      xml.includes(
        format === "atom" ? `<link rel="hub" ${hub}/>` : `<atom:link rel="hub" ${hub}/>`,
      ),
    );
    assert.ok(
      xml.indexOf('rel="hub"') < xml.search(/<(item|entry)[ >]/),
      `${feed}: links before the items`,
    );
    assert.equal(response.headers.get("link"), null);

    await control("announce", { feed, via: "header" });
    const headed = await fetch(topic(feed));
    assert.equal(
      headed.headers.get("link"),
      `<${origin}/websub/hub>; rel="hub", <${topic(feed)}>; rel="self"`,
    );
    assert.ok(
      Buffer.from(await headed.arrayBuffer()).equals(plain),
      `${feed}: header only, body as before`,
    );

    await control("announce", { feed, via: "both" });
    const both = await fetch(topic(feed));
    assert.ok(both.headers.get("link"));
    assert.ok((await both.text()).includes('rel="hub"'));

    await control("announce", { feed, on: false });
    const off = await fetch(topic(feed));
    assert.equal(off.headers.get("link"), null);
    assert.ok(Buffer.from(await off.arrayBuffer()).equals(plain), `${feed}: off again, unchanged`);
  }
  assert.equal((await control("announce", { feed: "nope" })).status, 400);
});

test("unsubscribe is verified, then removes the subscription", async () => {
  const { status } = await hubRequest({
    "hub.mode": "unsubscribe",
    "hub.topic": topic("national"),
    "hub.callback": `${callbacks}/cb/a?sub=national`,
  });
  assert.equal(status, 202);
  const entry = await until(lastLog, (e) => e.outcome !== "pending");
  assert.equal(entry.outcome, "verified");
  const verification = gets("/cb/a").at(-1);
  assert.equal(verification?.query.get("hub.mode"), "unsubscribe");
  assert.equal(verification?.query.get("hub.lease_seconds"), null);
  assert.equal(
    (await subscriptions()).some((/** @type {any} */ s) => s.callback.includes("/cb/a")),
    false,
  );
});

test("a callback that does not answer times out after 5 s", async () => {
  behaviour["/cb/hang"] = "hang";
  const started = Date.now();
  const { status } = await hubRequest({
    "hub.mode": "subscribe",
    "hub.topic": topic("world"),
    "hub.callback": `${callbacks}/cb/hang`,
  });
  assert.equal(status, 202);
  const entry = await until(lastLog, (e) => e.outcome !== "pending", 8000);
  assert.equal(entry.outcome, "refused");
  assert.equal(entry.error, "timeout");
  assert.ok(Date.now() - started >= 4900);
});

test("POST /__control/reset forgets the hub's state", async () => {
  await control("announce", { feed: "national" });
  await control("config", { minLeaseSeconds: 1 });
  await fetch(`${origin}/__control/reset`, { method: "POST" });
  assert.deepEqual(await subscriptions(), []);
  assert.deepEqual((await control("log")).json, []);
  assert.deepEqual((await control("deliveries")).json, []);
  assert.deepEqual((await control("config")).json, {
    minLeaseSeconds: 60,
    maxLeaseSeconds: 864000,
  });
  assert.equal((await fetch(topic("national"))).headers.get("link"), null);
  assert.ok(!(await (await fetch(topic("national"))).text()).includes('rel="hub"'));
});
