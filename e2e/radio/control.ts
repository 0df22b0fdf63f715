/**
 * Test-side handles on the real station (e2e/radio/station.mjs) and plain HTTP listeners.
 */
import http from "node:http";
import { RADIO_PORT } from "../env.cjs";

const SOCKET = `${process.env.TMPDIR ?? "/tmp"}/riverbend-station-${RADIO_PORT}.sock`;
const STATION = `http://127.0.0.1:${RADIO_PORT}`;
export const STATION_TITLE = "Riverbend Morning Show";

function order(method: "GET" | "POST", path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath: SOCKET, method, path, timeout: 30_000 }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () =>
        res.statusCode === 200 ? resolve(body) : reject(new Error(`station ${path}: ${body}`)),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

export const station = {
  /** Waits until the mount is live with its title. */
  ready: () => order("GET", "/ready").then(() => undefined),
  /** Stops Icecast and its source, as if the station went off the air. */
  stop: () => order("POST", "/stop").then(() => undefined),
  start: () => order("POST", "/start").then(() => undefined),
  /** Listener requests for the mount that Icecast has logged (it logs one when it closes). */
  streamRequests: () => order("GET", "/stream-requests").then(Number),
};

/** Listeners Icecast serves on the mount right now (0 when the mount or station is down). */
export async function stationListeners(): Promise<number> {
  try {
    const response = await fetch(`${STATION}/status-json.xsl`);
    const { icestats } = (await response.json()) as {
      icestats: { source?: { listeners: number } | Array<{ listeners: number }> };
    };
    return [icestats.source ?? []].flat().reduce((sum, source) => sum + source.listeners, 0);
  } catch {
    return 0;
  }
}

export interface Listener {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: () => number;
  close: () => void;
}

/** A plain HTTP listener on the app's stream; resolves once the response headers arrive. */
export function listen(url: string): Promise<Listener> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("error", () => {});
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        bytes: () => bytes,
        close: () => request.destroy(),
      });
    });
    request.on("error", reject);
  });
}
