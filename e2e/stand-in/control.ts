import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { STAND_IN_PORT, STAND_IN_URL } from "../env.cjs";

/** Steering the stand-in from tests. */
export const standIn = {
  async override(
    path: string,
    behaviour: {
      mode: "status" | "hang" | "delay" | "redirect" | "truncate" | "cut-transfer";
      status?: number;
      body?: string;
      type?: string;
      ms?: number;
      /** redirect: the Location sent. */
      location?: string;
      /** truncate, cut-transfer: bytes of the real feed sent before it stops. */
      at?: number;
    },
  ) {
    await fetch(`${STAND_IN_URL}/__control/override`, {
      method: "POST",
      body: JSON.stringify({ path, ...behaviour }),
    });
  },
  async clear(path: string) {
    await fetch(`${STAND_IN_URL}/__control/clear?path=${encodeURIComponent(path)}`, {
      method: "POST",
    });
  },
  /** The last request the stand-in saw on a named endpoint (blog host: get_metainfo, get_details). */
  async lastRequest(
    name: string,
  ): Promise<{ query: Record<string, string>; authorization: string | null } | undefined> {
    const requests = await (await fetch(`${STAND_IN_URL}/__control/requests`)).json();
    return requests[name];
  },
  /**
   * Publishes a headline on a sample feed, dated now (or `date`), on top of its items.
   * Answers its link, which stays its own whatever is published after it.
   */
  async publishHeadline(
    feed: string,
    title: string,
    description = "Published by the newsroom.",
    image?: string,
    date?: Date,
  ): Promise<string> {
    const answer = await fetch(`${STAND_IN_URL}/__control/headline`, {
      method: "POST",
      body: JSON.stringify({ feed, title, description, image, date: date?.toISOString() }),
    });
    return ((await answer.json()) as { link: string }).link;
  },
  /**
   * Publishes an item on a sample feed, on top of its items, at its own `link` (another
   * publisher's address: a wire's copy) when given. Answers its link.
   */
  async publishItem(feed: string, item: StandInItem): Promise<string> {
    const answer = await fetch(`${STAND_IN_URL}/__control/headline`, {
      method: "POST",
      body: JSON.stringify({ feed, ...item, date: item.date?.toISOString() }),
    });
    return ((await answer.json()) as { link: string }).link;
  },
  /** The item with `link` (a sample or a published one) leaves the feed. */
  async removeHeadline(feed: string, link: string) {
    await fetch(`${STAND_IN_URL}/__control/headline/remove`, {
      method: "POST",
      body: JSON.stringify({ feed, link }),
    });
  },
  /**
   * The feed carries these items, newest first, and no other (until clearHeadlines).
   * Answers their links, in the same order.
   */
  async replaceItems(feed: string, items: StandInItem[]): Promise<string[]> {
    const answer = await fetch(`${STAND_IN_URL}/__control/feed/items`, {
      method: "POST",
      body: JSON.stringify({
        feed,
        items: items.map((item) => ({ ...item, date: item.date?.toISOString() })),
      }),
    });
    return ((await answer.json()) as { links: string[] }).links;
  },
  /** The feed carries its sample items again: what was published, removed or replaced is forgotten. */
  async clearHeadlines(feed: string) {
    await fetch(`${STAND_IN_URL}/__control/headlines/clear?feed=${encodeURIComponent(feed)}`, {
      method: "POST",
    });
  },
  /** The stand-in's "internal service" on another local port, and the requests it received. */
  async internalService(): Promise<{ origin: string; hits: string[] }> {
    return (await fetch(`${STAND_IN_URL}/__control/internal`)).json();
  },
  /** Requests for `path`; with a query, for that exact address only (else with any query). */
  async hits(path: string): Promise<number> {
    const hits = (await (await fetch(`${STAND_IN_URL}/__control/hits`)).json()) as Record<
      string,
      number
    >;
    return hits[path] ?? 0;
  },
  /** The stand-in's WebSub hub (e2e/stand-in/websub-hub.mjs). */
  websub: {
    /** Where subscribers send hub.mode=subscribe|unsubscribe (POST, form-encoded). */
    hubUrl: `${STAND_IN_URL}/websub/hub`,
    /** The topic of a sample feed: its address, exactly as the hub accepts it. */
    topic(feed: string): string {
      return `${STAND_IN_URL}/feeds/${feed}.xml`;
    },
    /**
     * From now on feed `feed` announces the hub: in the document (`rel="hub"` and `rel="self"`
     * links in the channel), in a `Link` response header, or both. `on: false` stops it.
     */
    async announce(
      feed: string,
      { via = "document", on = true }: { via?: "document" | "header" | "both"; on?: boolean } = {},
    ): Promise<{ feed: string; topic: string; hub: string; via: string; on: boolean }> {
      return websubControl("announce", { feed, via, on });
    },
    /**
     * Distributes the topic's current document to its live subscriptions now. `signature`:
     * "valid" (default) signs with each subscription's secret; "wrong" with another key (a
     * forged push); "none" sends no X-Hub-Signature.
     */
    async publish(
      target: { feed: string } | { topic: string },
      options: { algorithm?: WebSubAlgorithm; signature?: "valid" | "wrong" | "none" } = {},
    ): Promise<{ deliveries: WebSubDelivery[]; error?: string }> {
      return websubControl("publish", { ...target, ...options }, [200, 502]);
    },
    async subscriptions(): Promise<WebSubSubscription[]> {
      return websubControl("subscriptions");
    },
    /** Every subscription request the hub received and what became of it, oldest first. */
    async log(): Promise<WebSubLogEntry[]> {
      return websubControl("log");
    },
    /** Every distribution made (by `publish` or by a headline on an announcing feed). */
    async deliveries(): Promise<WebSubDelivery[]> {
      return websubControl("deliveries");
    },
    /** The bounds of the lease the hub grants (default 60 s to 864000 s, 10 days). */
    async config(
      config: { minLeaseSeconds?: number; maxLeaseSeconds?: number } = {},
    ): Promise<{ minLeaseSeconds: number; maxLeaseSeconds: number }> {
      return websubControl("config", config);
    },
    /** Forgets subscriptions, log, deliveries, announcements and config (as /__control/reset does). */
    async reset(): Promise<void> {
      await websubControl("reset", {});
    },
  },
};

/** An item a test puts in a feed: dated now unless `date`; a link of its own unless `link`. */
export interface StandInItem {
  title: string;
  description?: string;
  image?: string;
  date?: Date;
  link?: string;
}

export type WebSubAlgorithm = "sha1" | "sha256" | "sha384" | "sha512";

export interface WebSubSubscription {
  topic: string;
  callback: string;
  /** The lease granted. */
  leaseSeconds: number;
  /** ISO date. */
  leaseEnds: string;
  expired: boolean;
  hasSecret: boolean;
  /** ISO date of the last verified subscribe. */
  verifiedAt: string;
  /** Verified subscribes after the first. */
  renewals: number;
}

export interface WebSubLogEntry {
  /** ISO date the request came. */
  at: string;
  mode: string | null;
  topic: string | null;
  callback: string | null;
  /** The lease asked for (null: none). */
  leaseSeconds: number | null;
  /** The lease offered in the verification of a subscribe. */
  grantedLeaseSeconds?: number;
  hasSecret: boolean;
  outcome: "verified" | "refused" | "denied" | "bad-request" | "pending";
  reason?: string;
  /** The callback's status on the verification GET. */
  challengeAnswer?: number;
  /** The callback's status on the denial GET. */
  denialAnswer?: number;
  /** A verification or denial GET that got no answer ("timeout", "ECONNREFUSED"...). */
  error?: string;
}

export interface WebSubDelivery {
  at: string;
  trigger: "publish" | "headline";
  topic: string;
  callback: string;
  /** The callback's status, or null when it did not answer (see `error`). */
  status: number | null;
  /** The X-Hub-Signature method, or null when none was sent. */
  algorithm: WebSubAlgorithm | null;
  signature: "valid" | "wrong" | "none";
  error?: string;
}

/** GET (no body) or POST (JSON body) /__control/websub/<name>; throws on an unexpected status. */
async function websubControl<T>(name: string, body?: object, ok = [200]): Promise<T> {
  const response = await fetch(`${STAND_IN_URL}/__control/websub/${name}`, {
    method: body ? "POST" : "GET",
    ...(body
      ? { body: JSON.stringify(body), headers: { "content-type": "application/json" } }
      : {}),
  });
  const result = await response.json();
  if (!ok.includes(response.status)) {
    throw new Error(`stand-in websub ${name}: ${response.status} ${JSON.stringify(result)}`);
  }
  return result as T;
}

/** The NEWS_FEEDS_FILE the app was started with (see e2e/env.cjs); the app re-reads it on change. */
export const feedsFile = {
  path: path.join(__dirname, "..", ".tmp", `feeds-${STAND_IN_PORT}.json`),
  read(): Record<string, string[]> {
    return JSON.parse(readFileSync(this.path, "utf8"));
  },
  write(feeds: Record<string, string[]>) {
    writeFileSync(this.path, JSON.stringify(feeds, null, 2));
  },
  /**
   * Points a section's feeds (those whose address contains `match`) at addresses the app
   * has never read, so no last good copy exists. Returns a function restoring the file.
   */
  useUnreadAddresses(section: string, match = ""): () => void {
    const original = this.read();
    const run = Date.now();
    const urls = original[section] ?? [];
    this.write({
      ...original,
      [section]: urls.map((url) => (url.includes(match) ? `${url}?run=${run}` : url)),
    });
    return () => this.write(original);
  },
};
