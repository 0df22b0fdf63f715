/**
 * The station's current title, from Icecast's /status-json.xsl. Kept for a few seconds so
 * that many open radio pages polling at once cost the station one request per interval.
 * Any failure is an empty title: the page then shows its standing line.
 */
import { RADIO } from "../radio-texts";
import { stationUrl } from "./station-url";

export interface NowPlaying {
  title: string;
}

const NOW_PLAYING_CACHE_MS = 5_000;
const TIMEOUT_MS = 2_000;
const MAX_BYTES = 256 * 1024;
const MAX_TITLE = 200;

function clean(text: string): string {
  const flat = text
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > MAX_TITLE ? `${flat.slice(0, MAX_TITLE - 1)}…` : flat;
}

/** The title of the source on `mountPath` in an Icecast status document, or "". */
export function titleFromIcecastStatus(status: unknown, mountPath: string): string {
  if (typeof status !== "object" || status === null) return "";
  const icestats = (status as { icestats?: { source?: unknown } }).icestats;
  const sources = [icestats?.source ?? []].flat() as unknown[];
  const source = sources.find((s): s is Record<string, unknown> => {
    if (typeof s !== "object" || s === null) return false;
    const listenurl = (s as { listenurl?: unknown }).listenurl;
    if (typeof listenurl !== "string") return false;
    try {
      return new URL(listenurl).pathname === mountPath;
    } catch {
      return false;
    }
  });
  if (!source) return "";
  const title = typeof source.title === "string" ? clean(source.title) : "";
  const artist = typeof source.artist === "string" ? clean(source.artist) : "";
  if (artist && title) return clean(`${artist} - ${title}`);
  return title || artist;
}

export interface NowPlayingOptions {
  origin: URL | null;
  path: string;
  ports: readonly number[];
}

async function readTitle({ origin, path, ports }: NowPlayingOptions): Promise<string> {
  const port = ports.includes(RADIO.port) ? RADIO.port : ports[0];
  if (!origin || port === undefined) return "";
  try {
    const url = stationUrl(origin, port, "/status-json.xsl");
    const response = await fetch(url, {
      cache: "no-store",
      redirect: "error",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return "";
    const text = await response.text();
    if (text.length > MAX_BYTES) return "";
    return titleFromIcecastStatus(JSON.parse(text), path);
  } catch {
    return "";
  }
}

let cached: { key: string; at: number; title: Promise<string> } | null = null;

export async function getNowPlaying(options: NowPlayingOptions): Promise<NowPlaying> {
  const key = `${options.origin?.href ?? ""}|${options.path}|${options.ports.join(",")}`;
  const now = Date.now();
  if (!cached || cached.key !== key || now - cached.at > NOW_PLAYING_CACHE_MS) {
    // The promise is cached, so concurrent callers share one request to the station.
    cached = { key, at: now, title: readTitle(options) };
  }
  return { title: await cached.title };
}
