import { defineConfig, devices } from "@playwright/test";
import { appEnv, archiveFileFor, RADIO_PORT, STAND_IN_PORT, STAND_IN_URL } from "./e2e/env.cjs";

const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3100);
const APP_URL = `http://127.0.0.1:${APP_PORT}`;
/** The cache tier (deploy/nginx) in front of the app, as `npm run start:cached` runs it. */
const TIER_PORT = APP_PORT + 1;
/**
 * The app's archive (ARCHIVE_FILE, e2e/.tmp/archive-<port>.sqlite), removed before the server
 * starts: no run reads what an earlier one recorded.
 */
const ARCHIVE_FILES = ["", "-wal", "-shm"].map((suffix) => archiveFileFor(APP_URL) + suffix);

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL: APP_URL,
    trace: "on-first-retry",
    launchOptions: chromium,
  },
  projects: [
    {
      name: "desktop",
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 900 },
        launchOptions: chromium,
      },
    },
    {
      name: "phone",
      use: {
        ...devices["Pixel 7"],
        viewport: { width: 375, height: 812 },
        launchOptions: chromium,
      },
    },
  ],
  webServer: [
    {
      // A real radio station: Icecast 2 fed a generated tone by ffmpeg (see the script).
      command: `node e2e/radio/station.mjs --port ${RADIO_PORT}`,
      url: `http://127.0.0.1:${RADIO_PORT}/status-json.xsl`,
      reuseExistingServer: false,
      stdout: "ignore",
    },
    {
      command: `node e2e/stand-in/server.mjs --port ${STAND_IN_PORT}`,
      url: `${STAND_IN_URL}/__health`,
      reuseExistingServer: false,
      stdout: "ignore",
    },
    {
      // The production build, served as an operator would run it.
      // Every build starts with an empty page and data cache (lib/cache/file-cache.mjs), and
      // every run with an empty archive.
      command: `rm -f ${ARCHIVE_FILES.map((file) => JSON.stringify(file)).join(" ")} && npm run build && npm run start -- -p ${APP_PORT} -H 127.0.0.1`,
      url: `${APP_URL}/terms`,
      // Short cache lifetimes so tests can watch headlines refresh after an upstream changes.
      env: appEnv({ siteUrl: APP_URL, feedRevalidateSeconds: 2, blog: "functions" }),
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: "pipe",
    },
    {
      // Debian's nginx with deploy/nginx/riverbend.conf in front of the app (e2e/cache-tier.spec.ts).
      command: "node scripts/start-cached.mjs --no-app",
      url: `http://127.0.0.1:${TIER_PORT}/terms`,
      env: { PORT: String(TIER_PORT), NEXT_PORT: String(APP_PORT) },
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: "ignore",
      // Stopped as an operator stops it, so it stops nginx and removes its temporary folder
      // (Playwright's default, SIGKILL, left one in the system's temp folder every run).
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
  ],
});
