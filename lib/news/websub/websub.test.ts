import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { postForm, PostRefusedError } from "../../net/post-form";
import { mergePushed } from "../store/copies";
import { validSignature } from "./callback";
import { isPushed, nextRequestAt, renewBefore, type Subscription } from "./records";
import type { FeedArticle } from "../types";

const body = Buffer.from(
  '<rss version="2.0"><channel><item><title>x</title></item></channel></rss>',
);
const SECRET = "a1b2c3";
const sign = (algorithm: string, secret = SECRET) =>
  `${algorithm}=${createHmac(algorithm, secret).update(body).digest("hex")}`;

describe("validSignature", () => {
  it.each(["sha1", "sha256", "sha384", "sha512"])("accepts a %s HMAC of the body", (algorithm) => {
    expect(validSignature(sign(algorithm), body, SECRET)).toBe(true);
    expect(validSignature(sign(algorithm).toUpperCase().replace(/^SHA/, "sha"), body, SECRET)).toBe(
      true,
    );
  });

  it("refuses another secret, another body, a missing or unknown method, and garbage", () => {
    expect(validSignature(sign("sha256", "other"), body, SECRET)).toBe(false);
    expect(validSignature(sign("sha256"), Buffer.from("tampered"), SECRET)).toBe(false);
    expect(validSignature(null, body, SECRET)).toBe(false);
    expect(validSignature(sign("sha256").replace("sha256", "md5"), body, SECRET)).toBe(false);
    expect(validSignature("sha256=", body, SECRET)).toBe(false);
    expect(validSignature("sha256=zz", body, SECRET)).toBe(false);
    expect(validSignature(sign("sha256").slice(0, -2), body, SECRET)).toBe(false);
  });
});

const article = (title: string): FeedArticle => ({
  title,
  description: "",
  link: `https://news.example/${title}`,
  pubDate: null,
  imageUrl: "/default.jpg",
});

describe("mergePushed", () => {
  it("puts pushed items first, keeps the copy's others, as many as the longer list", () => {
    const previous = ["b", "c", "d"].map(article);
    expect(mergePushed([article("a")], previous).map((a) => a.title)).toEqual(["a", "b", "c"]);
    // A pushed whole feed replaces the copy.
    const whole = ["a", "b", "c", "d"].map(article);
    expect(mergePushed(whole, previous).map((a) => a.title)).toEqual(["a", "b", "c", "d"]);
    // The same story pushed again is not doubled.
    expect(mergePushed([article("c")], previous).map((a) => a.title)).toEqual(["c", "b", "d"]);
  });
});

const subscription = (over: Partial<Subscription>): Subscription => ({
  id: "abcdefghijklmnopqrstuv",
  feedUrl: "https://news.example/feed",
  hub: "https://hub.example/",
  topic: "https://news.example/feed",
  secret: SECRET,
  state: "active",
  requestedAt: "2026-11-25T12:00:00.000Z",
  ...over,
});

describe("leases", () => {
  const now = Date.parse("2026-11-25T12:00:00Z");

  it("are renewed a tenth before they end, at least a minute (half a short one), at most a day", () => {
    expect(renewBefore(604_800)).toBe(60_480_000);
    expect(renewBefore(3_600)).toBe(360_000);
    expect(renewBefore(300)).toBe(60_000);
    expect(renewBefore(10)).toBe(5_000);
    expect(renewBefore(10 * 365 * 86_400)).toBe(86_400_000);
    const active = subscription({
      leaseSeconds: 3_600,
      leaseEndsAt: new Date(now + 3_600_000).toISOString(),
    });
    expect(nextRequestAt(active)).toBe(now + 3_600_000 - 360_000);
  });

  it("push only while verified and running; a lapsed or pending one leaves the feed to polling", () => {
    const ends = (ms: number) => new Date(now + ms).toISOString();
    expect(isPushed(subscription({ leaseEndsAt: ends(1_000) }), now)).toBe(true);
    expect(isPushed(subscription({ leaseEndsAt: ends(-1_000) }), now)).toBe(false);
    expect(isPushed(subscription({ state: "requested", leaseEndsAt: ends(1_000) }), now)).toBe(
      false,
    );
    expect(isPushed(undefined, now)).toBe(false);
    // Asked again: at once without a subscription; a minute after a request not yet verified;
    // an hour after a denial or a failure.
    expect(nextRequestAt(undefined)).toBe(0);
    expect(nextRequestAt(subscription({ state: "requested" }))).toBe(now + 60_000);
    expect(nextRequestAt(subscription({ state: "denied" }))).toBe(now + 3_600_000);
    expect(nextRequestAt(subscription({ state: "failed" }))).toBe(now + 3_600_000);
  });
});

describe("postForm (to a hub a feed names)", () => {
  it("refuses a private or loopback address off the configured feeds' origins", async () => {
    for (const hub of [
      "http://127.0.0.1:6379/",
      "http://10.0.0.5/hub",
      "http://169.254.169.254/latest",
      "http://[::1]/hub",
    ]) {
      await expect(postForm(hub, { a: "1" }, { trustedOrigins: new Set() })).rejects.toThrow(
        PostRefusedError,
      );
    }
    await expect(postForm("file:///etc/passwd", {}, { trustedOrigins: new Set() })).rejects.toThrow(
      PostRefusedError,
    );
  });

  it("posts the form to a hub on a configured feed origin, and follows no redirect", async () => {
    const received: string[] = [];
    const server = http.createServer((req, res) => {
      let text = "";
      req.on("data", (chunk) => (text += chunk));
      req.on("end", () => {
        received.push(`${req.method} ${req.headers["content-type"]} ${text}`);
        res.writeHead(req.url === "/moved" ? 307 : 202, { location: "http://10.0.0.5/" });
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const trusted = { trustedOrigins: new Set([origin]) };
      expect(await postForm(`${origin}/hub`, { "hub.mode": "subscribe" }, trusted)).toEqual({
        status: 202,
        body: "",
      });
      expect((await postForm(`${origin}/moved`, {}, trusted)).status).toBe(307);
      expect(received).toEqual([
        "POST application/x-www-form-urlencoded hub.mode=subscribe",
        "POST application/x-www-form-urlencoded ",
      ]);
    } finally {
      server.close();
    }
  });
});
