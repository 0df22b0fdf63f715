// @ts-check
/**
 * A WebSub hub (W3C Recommendation, https://www.w3.org/TR/websub/) for the stand-in's own
 * feeds, so that end-to-end tests can watch the site subscribe and receive pushes.
 *
 *   POST /websub/hub   subscribe / unsubscribe (spec §5.1), form-encoded
 *
 * Topics are the stand-in's feeds, exactly `<origin>/feeds/<id>.xml`; any other topic is
 * denied (§5.2). Intent is verified with a GET to the callback (§5.3), and content is
 * distributed by POSTing the topic's document to each live subscription (§7), signed with
 * the subscriber's secret when it gave one (§8).
 *
 * Tests steer it under /__control/websub/ (see `control`): a feed announces the hub only
 * once a test asks (`announce`), so the feeds are unchanged by default.
 */
import { createHmac, randomBytes } from "node:crypto";

/** Verification and distribution requests give up after this long (no retries). */
const TIMEOUT_MS = 5_000;
/** §5.1: hub.secret MUST be less than 200 bytes. */
const MAX_SECRET_BYTES = 200;
/** The HMAC methods §8 names for X-Hub-Signature. */
const ALGORITHMS = ["sha1", "sha256", "sha384", "sha512"];
const DEFAULT_CONFIG = { minLeaseSeconds: 60, maxLeaseSeconds: 864_000 };
/**
 * Sent on the hub's own fetch of a topic, so the server leaves it out of the hits it counts
 * for tests (which count the site's fetches).
 */
export const HUB_FETCH_HEADER = "x-stand-in-websub-hub";

/**
 * @typedef {{ topic: string, callback: string, leaseSeconds: number, leaseEnds: number,
 *   secret: string | null, verifiedAt: number, renewals: number }} Subscription
 * @typedef {{ at: string, mode: string | null, topic: string | null, callback: string | null,
 *   leaseSeconds: number | null, grantedLeaseSeconds?: number, hasSecret: boolean,
 *   outcome: "verified" | "refused" | "denied" | "bad-request" | "pending",
 *   reason?: string, challengeAnswer?: number, denialAnswer?: number, error?: string }} LogEntry
 * @typedef {{ at: string, trigger: "publish" | "headline", topic: string, callback: string,
 *   status: number | null, algorithm: string | null, signature: string, error?: string }} Delivery
 * @typedef {{ via: "document" | "header" | "both", inDocument: boolean, inHeader: boolean,
 *   hub: string, self: string, linkHeader: string }} Announcement
 * @typedef {import("node:http").IncomingMessage} Request
 * @typedef {import("node:http").ServerResponse} Response
 */

/** @param {Request} req */
async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

/** @param {Response} res @param {number} status @param {string} text */
function sendText(res, status, text, headers = {}) {
  res.writeHead(status, {
    "content-type": "text/plain; charset=utf-8",
    "cache-control": "no-store",
    ...headers,
  });
  res.end(text);
}

/** @param {Response} res @param {number} status @param {unknown} body */
function sendJson(res, status, body) {
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
  });
  res.end(JSON.stringify(body));
}

/** The callback with `params` added to its query, which §5.3 requires be kept. */
function withQuery(/** @type {string} */ callback, /** @type {Record<string, string>} */ params) {
  const query = new URLSearchParams(params).toString();
  return `${callback}${callback.includes("?") ? "&" : "?"}${query}`;
}

/** A short description of a failed fetch: "timeout", or the underlying error. */
function fetchError(/** @type {unknown} */ error) {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError"))
    return "timeout";
  if (error instanceof Error) {
    const cause = /** @type {{ code?: string, message?: string } | undefined} */ (error.cause);
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}

/**
 * @param {{ origin: string, hasFeed: (id: string) => boolean }} options
 *   `origin`: the stand-in's own origin (http://127.0.0.1:<port>); `hasFeed`: whether
 *   /feeds/<id>.xml exists.
 */
export function createHub({ origin, hasFeed }) {
  const hubUrl = `${origin}/websub/hub`;
  const topicOf = (/** @type {string} */ feed) => `${origin}/feeds/${feed}.xml`;

  /** callback+topic → subscription (§5.1: the pair identifies it). */
  /** @type {Map<string, Subscription>} */
  const subscriptions = new Map();
  /** @type {LogEntry[]} */
  const log = [];
  /** @type {Delivery[]} */
  const deliveries = [];
  /** feed id → how it announces the hub */
  /** @type {Map<string, "document" | "header" | "both">} */
  const announcements = new Map();
  let config = { ...DEFAULT_CONFIG };
  /** Bumped by reset, so a verification still under way then does not touch the new state. */
  let generation = 0;

  const key = (/** @type {string} */ topic, /** @type {string} */ callback) =>
    `${topic}\n${callback}`;

  /** The feed id of one of the stand-in's own topics, or null for any other topic. */
  function feedOfTopic(/** @type {string} */ topic) {
    if (!topic.startsWith(`${origin}/feeds/`)) return null;
    const id = topic.slice(`${origin}/feeds/`.length).match(/^([a-z0-9-]+)\.xml$/)?.[1];
    return id && hasFeed(id) ? id : null;
  }

  /** The lease the hub grants: the one asked for (or the longest), within the bounds. */
  function grantLease(/** @type {number | null} */ requested) {
    const wanted = requested ?? config.maxLeaseSeconds;
    return Math.min(config.maxLeaseSeconds, Math.max(config.minLeaseSeconds, wanted));
  }

  // ---- §5.1 subscriber request ---------------------------------------------------------

  /** @param {Request} req @param {Response} res */
  async function handleRequest(req, res) {
    const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
    const form = new URLSearchParams(await readBody(req));
    const mode = form.get("hub.mode");
    const topic = form.get("hub.topic");
    const callback = form.get("hub.callback");
    const leaseText = form.get("hub.lease_seconds");
    // An empty hub.secret is taken as none: an HMAC keyed with "" proves nothing.
    const secret = form.get("hub.secret") || null;
    const requestedLease = leaseText === null || leaseText === "" ? null : Number(leaseText);

    /** @type {LogEntry} */
    const entry = {
      at: new Date().toISOString(),
      mode,
      topic,
      callback,
      leaseSeconds: requestedLease,
      hasSecret: secret !== null,
      outcome: "pending",
    };
    log.push(entry);

    const reason = badRequestReason({ type, mode, topic, callback, requestedLease, secret });
    if (reason) {
      // §5.1: a request the hub cannot accept gets a 4xx, with the reason in the body.
      Object.assign(entry, { outcome: "bad-request", reason });
      return sendText(res, 400, reason);
    }
    const valid =
      /** @type {{ mode: "subscribe" | "unsubscribe", topic: string, callback: string }} */ ({
        mode,
        topic,
        callback,
      });

    // §5.1: the hub answers 202 Accepted at once and verifies (or denies) asynchronously.
    sendText(res, 202, "Accepted: the hub will verify intent at the callback.\n");
    const started = generation;
    if (feedOfTopic(valid.topic) === null) {
      void deny(entry, valid.topic, valid.callback);
    } else {
      void verify(entry, started, { ...valid, secret, lease: grantLease(requestedLease) });
    }
  }

  /**
   * Why a request is malformed, or null.
   * @param {{ type: string | undefined, mode: string | null, topic: string | null,
   *   callback: string | null, requestedLease: number | null, secret: string | null }} request
   */
  function badRequestReason({ type, mode, topic, callback, requestedLease, secret }) {
    if (type !== "application/x-www-form-urlencoded")
      return "The request body must be application/x-www-form-urlencoded.";
    if (!mode) return "hub.mode is required.";
    if (mode !== "subscribe" && mode !== "unsubscribe")
      return `hub.mode must be "subscribe" or "unsubscribe", not "${mode}".`;
    if (!topic) return "hub.topic is required.";
    if (!callback) return "hub.callback is required.";
    let callbackUrl;
    try {
      callbackUrl = new URL(callback);
    } catch {
      return "hub.callback must be an absolute URL.";
    }
    if (callbackUrl.protocol !== "http:" && callbackUrl.protocol !== "https:")
      return "hub.callback must be an http or https URL.";
    if (requestedLease !== null && !(Number.isSafeInteger(requestedLease) && requestedLease >= 0))
      return "hub.lease_seconds must be a whole number of seconds.";
    if (secret !== null && Buffer.byteLength(secret, "utf8") >= MAX_SECRET_BYTES)
      return `hub.secret must be less than ${MAX_SECRET_BYTES} bytes.`;
    return null;
  }

  /**
   * §5.2: a topic the hub does not serve is denied with a GET to the callback.
   * @param {LogEntry} entry @param {string} topic @param {string} callback
   */
  async function deny(entry, topic, callback) {
    const reason = "The hub serves only the stand-in's own feeds.";
    entry.reason = reason;
    const url = withQuery(callback, {
      "hub.mode": "denied",
      "hub.topic": topic,
      "hub.reason": reason,
    });
    try {
      const answer = await fetch(url, {
        redirect: "manual",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await answer.arrayBuffer();
      entry.denialAnswer = answer.status;
    } catch (error) {
      entry.error = fetchError(error);
    }
    // Settled once the denial has been sent, so a test that sees "denied" sees its answer too.
    entry.outcome = "denied";
  }

  /**
   * §5.3: the hub verifies the subscriber's intent with a GET carrying a random challenge;
   * it is verified only if the callback answers 2xx with exactly the challenge as its body.
   * @param {LogEntry} entry @param {number} started generation when the request came
   * @param {{ mode: "subscribe" | "unsubscribe", topic: string, callback: string,
   *   secret: string | null, lease: number }} request
   */
  async function verify(entry, started, { mode, topic, callback, secret, lease }) {
    const challenge = randomBytes(24).toString("base64url");
    const params = { "hub.mode": mode, "hub.topic": topic, "hub.challenge": challenge };
    // hub.lease_seconds accompanies subscriptions only, and is the lease granted.
    if (mode === "subscribe") {
      Object.assign(params, { "hub.lease_seconds": String(lease) });
      entry.grantedLeaseSeconds = lease;
    }
    let verified = false;
    try {
      const answer = await fetch(withQuery(callback, params), {
        redirect: "manual",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const body = Buffer.from(await answer.arrayBuffer());
      entry.challengeAnswer = answer.status;
      verified = answer.ok && body.equals(Buffer.from(challenge));
      if (!verified) {
        entry.reason = answer.ok
          ? "The callback's body was not the challenge."
          : `The callback answered ${answer.status}.`;
      }
    } catch (error) {
      entry.error = fetchError(error);
      entry.reason = `The verification request failed: ${entry.error}.`;
    }
    if (started !== generation) return; // the hub was reset meanwhile
    entry.outcome = verified ? "verified" : "refused";
    if (!verified) return; // §5.3: an unverified request changes nothing

    const id = key(topic, callback);
    if (mode === "unsubscribe") {
      subscriptions.delete(id);
      return;
    }
    // A subscribe for an existing callback+topic renews it (new lease, new secret).
    const now = Date.now();
    const existing = subscriptions.get(id);
    subscriptions.set(id, {
      topic,
      callback,
      leaseSeconds: lease,
      leaseEnds: now + lease * 1000,
      secret,
      verifiedAt: now,
      renewals: existing ? existing.renewals + 1 : 0,
    });
  }

  // ---- §7 content distribution -----------------------------------------------------------

  /**
   * Sends the topic's current document to every subscription whose lease has not ended.
   * The document is fetched from the stand-in over HTTP, so it is what a poller gets.
   * @param {string} topic
   * @param {{ algorithm?: string, signature?: "valid" | "wrong" | "none",
   *   trigger?: "publish" | "headline" }} [options]
   * @returns {Promise<{ deliveries: Delivery[], error?: string }>}
   */
  async function distribute(
    topic,
    { algorithm = "sha256", signature = "valid", trigger = "publish" } = {},
  ) {
    const started = generation;
    const now = Date.now();
    const live = [...subscriptions.values()].filter(
      (subscription) => subscription.topic === topic && subscription.leaseEnds > now,
    );
    if (live.length === 0) return { deliveries: [] };

    let document;
    try {
      const answer = await fetch(topic, {
        headers: { [HUB_FETCH_HEADER]: "1" },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const body = Buffer.from(await answer.arrayBuffer());
      if (!answer.ok) return { deliveries: [], error: `The topic answered ${answer.status}.` };
      document = { body, type: answer.headers.get("content-type") ?? "application/octet-stream" };
    } catch (error) {
      return { deliveries: [], error: `The topic could not be fetched: ${fetchError(error)}.` };
    }

    const sent = await Promise.all(
      live.map(async (subscription) => {
        /** @type {Record<string, string>} */
        const headers = {
          "content-type": document.type,
          // §7: the hub MUST send the Link headers naming itself and the topic.
          link: `<${hubUrl}>; rel="hub", <${topic}>; rel="self"`,
        };
        // §8: with a secret, X-Hub-Signature: <method>=<hex HMAC of the exact body bytes>.
        // "wrong" signs with another key, as a forger who lacks the secret would.
        const signingKey =
          signature === "none"
            ? null
            : signature === "wrong"
              ? `${subscription.secret ?? ""}-forged-${randomBytes(8).toString("hex")}`
              : subscription.secret;
        if (signingKey !== null) {
          const digest = createHmac(algorithm, signingKey).update(document.body).digest("hex");
          headers["x-hub-signature"] = `${algorithm}=${digest}`;
        }
        /** @type {Delivery} */
        const delivery = {
          at: new Date().toISOString(),
          trigger,
          topic,
          callback: subscription.callback,
          status: null,
          algorithm: signingKey === null ? null : algorithm,
          signature: signingKey === null ? "none" : signature,
        };
        try {
          const answer = await fetch(subscription.callback, {
            method: "POST",
            headers,
            body: document.body,
            redirect: "manual",
            signal: AbortSignal.timeout(TIMEOUT_MS),
          });
          await answer.arrayBuffer();
          delivery.status = answer.status;
        } catch (error) {
          delivery.error = fetchError(error);
        }
        return delivery;
      }),
    );
    if (started === generation) deliveries.push(...sent);
    return { deliveries: sent };
  }

  // ---- what the rest of the stand-in asks --------------------------------------------------

  /**
   * How feed `id` announces the hub, or null (the default: it does not).
   * @param {string} id
   * @returns {Announcement | null}
   */
  function announcement(id) {
    const via = announcements.get(id);
    if (!via) return null;
    const self = topicOf(id);
    return {
      via,
      inDocument: via !== "header",
      inHeader: via !== "document",
      hub: hubUrl,
      self,
      linkHeader: `<${hubUrl}>; rel="hub", <${self}>; rel="self"`,
    };
  }

  /**
   * A headline was just published on feed `id`: if the feed announces the hub, the hub
   * distributes the new document, as a publisher pings its hub on publish.
   * @param {string} id
   */
  function published(id) {
    if (!announcements.has(id)) return;
    void distribute(topicOf(id), { trigger: "headline" });
  }

  function reset() {
    generation += 1;
    subscriptions.clear();
    log.length = 0;
    deliveries.length = 0;
    announcements.clear();
    config = { ...DEFAULT_CONFIG };
  }

  function listSubscriptions() {
    const now = Date.now();
    return [...subscriptions.values()].map((subscription) => ({
      topic: subscription.topic,
      callback: subscription.callback,
      leaseSeconds: subscription.leaseSeconds,
      leaseEnds: new Date(subscription.leaseEnds).toISOString(),
      expired: subscription.leaseEnds <= now,
      hasSecret: subscription.secret !== null,
      verifiedAt: new Date(subscription.verifiedAt).toISOString(),
      renewals: subscription.renewals,
    }));
  }

  // ---- /__control/websub/* -------------------------------------------------------------------

  /**
   * @param {Request} req @param {Response} res @param {URL} url
   */
  async function control(req, res, url) {
    const name = url.pathname.slice("/__control/websub/".length);
    const post = req.method === "POST";
    /** @type {Record<string, any>} */
    let input = {};
    if (post) {
      const text = await readBody(req);
      try {
        input = text ? JSON.parse(text) : {};
      } catch {
        return sendJson(res, 400, { error: "The body must be JSON." });
      }
    }

    if (name === "announce" && post) {
      const { feed, via = "document", on = true } = input;
      if (typeof feed !== "string" || !hasFeed(feed))
        return sendJson(res, 400, { error: `No such feed: ${feed}` });
      if (!["document", "header", "both"].includes(via))
        return sendJson(res, 400, { error: 'via must be "document", "header" or "both".' });
      if (on) announcements.set(feed, via);
      else announcements.delete(feed);
      return sendJson(res, 200, { feed, topic: topicOf(feed), hub: hubUrl, via, on: !!on });
    }
    if (name === "publish" && post) {
      const { feed, algorithm = "sha256", signature = "valid" } = input;
      const topic = input.topic ?? (typeof feed === "string" ? topicOf(feed) : null);
      if (typeof topic !== "string" || feedOfTopic(topic) === null)
        return sendJson(res, 400, { error: `Not a topic of this hub: ${topic ?? feed}` });
      if (!ALGORITHMS.includes(algorithm))
        return sendJson(res, 400, { error: `algorithm must be one of ${ALGORITHMS.join(", ")}.` });
      if (!["valid", "wrong", "none"].includes(signature))
        return sendJson(res, 400, { error: 'signature must be "valid", "wrong" or "none".' });
      const result = await distribute(topic, { algorithm, signature });
      return sendJson(res, result.error ? 502 : 200, result);
    }
    if (name === "subscriptions") return sendJson(res, 200, listSubscriptions());
    if (name === "log") return sendJson(res, 200, log);
    if (name === "deliveries") return sendJson(res, 200, deliveries);
    if (name === "config") {
      if (post) {
        const next = { ...config };
        for (const field of /** @type {const} */ (["minLeaseSeconds", "maxLeaseSeconds"])) {
          if (input[field] === undefined) continue;
          if (!Number.isSafeInteger(input[field]) || input[field] < 1)
            return sendJson(res, 400, { error: `${field} must be a whole number of seconds ≥ 1.` });
          next[field] = input[field];
        }
        if (next.minLeaseSeconds > next.maxLeaseSeconds)
          return sendJson(res, 400, { error: "minLeaseSeconds must not exceed maxLeaseSeconds." });
        config = next;
      }
      return sendJson(res, 200, config);
    }
    if (name === "reset" && post) {
      reset();
      return sendJson(res, 200, { reset: true });
    }
    return sendJson(res, 404, { error: `No control endpoint ${req.method} ${url.pathname}` });
  }

  /**
   * Routes for the stand-in's table: the hub endpoint takes POSTs only.
   * @type {import("./server.mjs").Route[]}
   */
  const routes = [
    [
      "POST",
      /^\/websub\/hub$/,
      (/** @type {Request} */ req, /** @type {Response} */ res) => handleRequest(req, res),
    ],
    [
      "GET",
      /^\/websub\/hub$/,
      (/** @type {Request} */ _req, /** @type {Response} */ res) =>
        sendText(res, 405, "The hub takes subscription requests by POST.\n", { allow: "POST" }),
    ],
  ];

  return { hubUrl, topicOf, routes, control, announcement, published, reset, distribute };
}
