/**
 * The demo's radio plays: `npm run demo` has no Icecast, so the stand-in plays the station
 * (e2e/stand-in/radio.mjs: the shipped sample chime as a live MP3 stream on RADIO_PORT).
 * The app under test already has the demo's radio configuration (RADIO_STREAM_ORIGIN
 * http://127.0.0.1, RADIO_STREAM_PORTS 8076, the default path), so this test takes the test
 * station off the air, starts the stand-in exactly as the demo does, and listens.
 */
import { expect, test } from "./fixtures";
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { RADIO_PORT, standInArgs } from "./env.cjs";
import { station } from "./radio/control";
import { hydrated } from "./helpers";

const SAMPLE = readFileSync(path.join(__dirname, "stand-in", "media", "sample-chime.mp3"));
const STATION = `http://127.0.0.1:${RADIO_PORT}`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The station's status document, or null while nothing answers on the port. */
async function stationStatus(): Promise<{
  server_id?: string;
  source?: { title?: string };
} | null> {
  try {
    const response = await fetch(`${STATION}/status-json.xsl`, {
      signal: AbortSignal.timeout(1000),
    });
    return ((await response.json()) as { icestats: object }).icestats;
  } catch {
    return null;
  }
}

/** The first `count` bytes of a streaming response, then hangs up. */
function firstBytes(url: string, count: number) {
  return new Promise<{ status: number; type: string; bytes: Buffer }>((resolve, reject) => {
    const request = http.get(url, { agent: false }, (response) => {
      const chunks: Buffer[] = [];
      let length = 0;
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        length += chunk.length;
        if (length >= count) {
          request.destroy();
          resolve({
            status: response.statusCode ?? 0,
            type: String(response.headers["content-type"]),
            bytes: Buffer.concat(chunks).subarray(0, count),
          });
        }
      });
      response.on("end", () => reject(new Error(`stream ended after ${length} bytes`)));
    });
    request.on("error", reject);
  });
}

test.describe("the demo's radio", () => {
  test.describe.configure({ timeout: 90_000 });
  test.skip(({ isMobile }) => isMobile, "the stream does not depend on the width");

  let standIn: ChildProcess | null = null;

  test.beforeAll(async () => {
    await station.stop();
    standIn = spawn("node", standInArgs({ port: await freePort(), radio: true }), {
      stdio: "ignore",
    });
    await expect
      .poll(async () => (await stationStatus())?.server_id ?? "", { timeout: 10_000 })
      .toContain("stand-in");
  });

  test.afterAll(async () => {
    if (standIn && standIn.exitCode === null) {
      const exited = new Promise((resolve) => standIn!.once("exit", resolve));
      standIn.kill("SIGTERM");
      await exited;
    }
    await station.start();
    await station.ready();
  });

  test("the proxy streams the shipped sample, looped, as live MP3", async ({ baseURL }) => {
    const length = SAMPLE.length + 16 * 1024;
    const { status, type, bytes } = await firstBytes(
      `${baseURL}/api/stream?port=${RADIO_PORT}`,
      length,
    );
    expect(status).toBe(200);
    expect(type).toBe("audio/mpeg");
    // The whole file, then its start again: a broadcast that never ends.
    expect(bytes.subarray(0, SAMPLE.length).equals(SAMPLE)).toBe(true);
    expect(bytes.subarray(SAMPLE.length).equals(SAMPLE.subarray(0, length - SAMPLE.length))).toBe(
      true,
    );
  });

  test("the radio page plays it and shows its title", async ({ page }) => {
    const title = (await stationStatus())?.source?.title ?? "";
    expect(title).not.toBe("");
    // The server keeps the last title for 5 s: the test station's may still be in it.
    await expect(async () => {
      await page.goto("/radio");
      await expect(page.getByRole("region", { name: "Now Playing" })).toContainText(title, {
        timeout: 2_000,
      });
    }).toPass({ timeout: 20_000 });

    const play = page.getByRole("button", { name: "Play" });
    await hydrated(play);
    await play.click();
    await expect(play).toHaveAttribute("aria-pressed", "true");
    await expect
      .poll(() => page.locator("main audio").evaluate((a: HTMLAudioElement) => a.currentTime), {
        timeout: 20_000,
      })
      .toBeGreaterThan(1);
    await expect(page.getByText("Stream temporarily unavailable.")).toHaveCount(0);
    await expect(page.getByText("Unable to start playback. Please try again.")).toHaveCount(0);
  });
});
