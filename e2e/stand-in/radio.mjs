#!/usr/bin/env node
/**
 * A sample radio station for the demo: the short chime shipped in media/sample-chime.mp3
 * (made by scripts/generate-sample-chime.mjs), served as a live broadcast. No Icecast needed.
 *
 *   GET /stream           audio/mpeg, never ending: the file looped, paced at its bitrate,
 *                         after a burst on connect (as Icecast sends) so playback starts soon
 *   GET /status-json.xsl  Icecast's status format, for the site's Now Playing line
 *
 * The site reaches it exactly as it reaches a real station: RADIO_STREAM_ORIGIN plus the
 * port the radio page asks for (8076) plus RADIO_STREAM_PATH (/stream).
 *
 * As a module: `const station = await startSampleStation({ port })`, then `station.close()`.
 * As a program: `node e2e/stand-in/radio.mjs --port 8076`.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const SAMPLE_TITLE = "Riverbend Chronicle sample chime (demo)";
export const SAMPLE_MOUNT = "/stream";
const SAMPLE = readFileSync(new URL("./media/sample-chime.mp3", import.meta.url));
/** The file is constant-bitrate MP3 made of whole frames, so it loops frame-aligned. */
const BITRATE = 96_000;
const BYTES_PER_SECOND = BITRATE / 8;
/** About 5 s of audio at once: Chromium starts a live MP3 after buffering 4–5 s of it. */
const BURST_BYTES = 64 * 1024;
const TICK_MS = 100;

/** @import { IncomingMessage, ServerResponse } from "node:http" */

/**
 * @param {{ port: number; host?: string }} options
 * @returns {Promise<{ port: number; close: () => Promise<void> }>}
 */
export function startSampleStation({ port, host = "127.0.0.1" }) {
  let listeners = 0;

  /** @param {IncomingMessage} req @param {ServerResponse} res */
  function stream(req, res) {
    res.writeHead(200, {
      "content-type": "audio/mpeg",
      "cache-control": "no-cache, no-store",
      "icy-name": "Riverbend Chronicle (sample)",
      "icy-br": String(BITRATE / 1000),
    });
    if (req.method === "HEAD") return res.end();

    listeners++;
    let offset = 0; // where in the file the next byte comes from
    let sent = 0;
    let waiting = false; // the listener is slow: live audio that it misses is skipped
    const started = Date.now();

    /** @param {number} bytes */
    function send(bytes) {
      while (bytes > 0) {
        const take = Math.min(bytes, SAMPLE.length - offset);
        const ok = res.write(SAMPLE.subarray(offset, offset + take));
        offset = (offset + take) % SAMPLE.length;
        sent += take;
        bytes -= take;
        if (!ok) {
          waiting = true;
          res.once("drain", () => (waiting = false));
          return;
        }
      }
    }

    function tick() {
      const due = BURST_BYTES + Math.floor(((Date.now() - started) / 1000) * BYTES_PER_SECOND);
      if (waiting)
        sent = due; // a live station does not queue for a slow listener
      else if (due > sent) send(due - sent);
    }

    tick();
    const timer = setInterval(tick, TICK_MS);
    res.on("close", () => {
      clearInterval(timer);
      listeners--;
    });
  }

  /** @param {ServerResponse} res */
  function status(res) {
    const body = JSON.stringify({
      icestats: {
        admin: "stand-in@localhost",
        host,
        server_id: "Riverbend stand-in sample station",
        source: {
          listenurl: `http://${host}:${port}${SAMPLE_MOUNT}`,
          server_name: "Riverbend Chronicle (sample)",
          server_type: "audio/mpeg",
          bitrate: BITRATE / 1000,
          listeners,
          title: SAMPLE_TITLE,
        },
      },
    });
    res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
    res.end(body);
  }

  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? "/", `http://${host}`);
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405).end();
    } else if (pathname === SAMPLE_MOUNT) {
      stream(req, res);
    } else if (pathname === "/status-json.xsl") {
      status(res);
    } else {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    }
  });

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve({
        port,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const args = process.argv.slice(2);
  const portFlag = args.indexOf("--port");
  const port = Number(portFlag >= 0 ? args[portFlag + 1] : 8076);
  const station = await startSampleStation({ port });
  console.log(`sample station on http://127.0.0.1:${port}${SAMPLE_MOUNT}`);
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => station.close().then(() => process.exit(0)));
  }
}
