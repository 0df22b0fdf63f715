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
  /** Publishes a headline on a sample feed, dated now, on top of its items. */
  async publishHeadline(
    feed: string,
    title: string,
    description = "Published by the newsroom.",
    image?: string,
  ) {
    await fetch(`${STAND_IN_URL}/__control/headline`, {
      method: "POST",
      body: JSON.stringify({ feed, title, description, image }),
    });
  },
  async clearHeadlines(feed: string) {
    await fetch(`${STAND_IN_URL}/__control/headlines/clear?feed=${encodeURIComponent(feed)}`, {
      method: "POST",
    });
  },
  /** The stand-in's "internal service" on another local port, and the requests it received. */
  async internalService(): Promise<{ origin: string; hits: string[] }> {
    return (await fetch(`${STAND_IN_URL}/__control/internal`)).json();
  },
  async hits(path: string): Promise<number> {
    const hits = (await (await fetch(`${STAND_IN_URL}/__control/hits`)).json()) as Record<
      string,
      number
    >;
    return hits[path] ?? 0;
  },
};

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
