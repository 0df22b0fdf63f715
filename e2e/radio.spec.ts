import { expect, test, type Page } from "./fixtures";
import { hydrated, isPhone } from "./helpers";
import { listen, station, stationListeners, STATION_TITLE } from "./radio/control";

const STREAM = "/api/stream?port=8076";
const UNAVAILABLE = "Stream temporarily unavailable.";
const PLAY_FAILED = "Unable to start playback. Please try again.";

test.beforeEach(async () => {
  await station.ready();
});

/** Chromium starts a live MP3 after buffering a few seconds of it. */
const STARTS_WITHIN = { timeout: 20_000 };

const audioState = (page: Page) =>
  page.locator("main audio").evaluate((audio: HTMLAudioElement) => ({
    src: audio.getAttribute("src"),
    currentTime: audio.currentTime,
    paused: audio.paused,
    muted: audio.muted,
    volume: audio.volume,
  }));

test.describe("the radio page", () => {
  test("shows the player card, Now Playing and the tip", async ({ page }) => {
    // After another test's outage the server may hold the empty title for its few seconds.
    await expect
      .poll(async () => (await page.request.get("/api/now-playing")).json(), { timeout: 15_000 })
      .toEqual({ title: STATION_TITLE });
    await page.goto("/radio");
    await expect(page).toHaveTitle(/Live Radio/);
    const player = page.getByRole("region", { name: "Live Radio" });
    await expect(player.getByRole("heading", { name: "Live Radio" })).toBeVisible();
    await expect(player.getByText("24/7 live stream", { exact: true })).toBeVisible();
    await expect(player.getByRole("button", { name: "Play" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await expect(player.getByRole("button", { name: "Mute" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    const slider = player.getByRole("slider", { name: "Volume" });
    await expect(slider).toBeVisible();
    // The browser's own player is for readers without scripts only (e2e/no-javascript.spec.ts).
    await expect(player.locator("audio[controls]")).toHaveCount(0);
    await expect(slider).toHaveValue("0.9");
    await expect(slider).toHaveAttribute("min", "0");
    await expect(slider).toHaveAttribute("max", "1");

    const nowPlaying = page.getByRole("region", { name: "Now Playing" });
    await expect(nowPlaying).toContainText(STATION_TITLE);
    await expect(
      page.getByText(
        "If audio doesn't start, click play. Some browsers block autoplay with sound until you interact.",
        { exact: true },
      ),
    ).toBeVisible();

    // The page is static: the HTML carries the standing line, the title comes after.
    const html = await (await page.request.get("/radio")).text();
    expect(html).toContain("Live programming from our station stream.");
  });

  test("nothing is fetched before the first play; play advances, pause stops", async ({ page }) => {
    const streamRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/stream")) streamRequests.push(request.url());
    });
    await page.goto("/radio");
    await hydrated(page.getByRole("button", { name: "Play" }));
    const audio = page.locator("main audio");
    await expect(audio).toHaveAttribute("preload", "none");
    await expect(audio).toHaveAttribute("crossorigin", "anonymous");
    await expect(audio).toHaveAttribute("playsinline", "");
    expect((await audioState(page)).src).toBeNull();
    await page.waitForTimeout(500);
    expect(streamRequests).toHaveLength(0);

    const play = page.getByRole("button", { name: "Play" });
    await play.click();
    await expect(play).toHaveAttribute("aria-pressed", "true");
    expect((await audioState(page)).src).toBe(STREAM);
    await expect
      .poll(async () => (await audioState(page)).currentTime, STARTS_WITHIN)
      .toBeGreaterThan(1);
    expect(streamRequests.length).toBeGreaterThanOrEqual(1);
    await expect(page.getByText(UNAVAILABLE)).toHaveCount(0);

    await play.click();
    await expect(play).toHaveAttribute("aria-pressed", "false");
    const pausedAt = (await audioState(page)).currentTime;
    await page.waitForTimeout(1000);
    const later = await audioState(page);
    expect(later.paused).toBe(true);
    expect(later.currentTime).toBeCloseTo(pausedAt, 1);
  });

  test("the press shows at once, while the stream is still connecting", async ({ page }) => {
    // The station answering late (and Chromium buffering a live MP3 for seconds after that):
    // the button says the reader's choice from the press on, and a second press stops it.
    await page.route("**/api/stream?*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 8_000));
      await route.continue().catch(() => {}); // the page may have gone by then
    });
    await page.goto("/radio");
    const play = page.getByRole("button", { name: "Play" });
    await hydrated(play);
    await play.click();
    await expect(play).toHaveAttribute("aria-pressed", "true", { timeout: 4_000 });
    const state = await audioState(page);
    expect(state.paused).toBe(false);
    expect(state.currentTime).toBe(0);

    await play.click();
    await expect(play).toHaveAttribute("aria-pressed", "false", { timeout: 4_000 });
    expect((await audioState(page)).paused).toBe(true);
    await expect(page.getByText(UNAVAILABLE)).toHaveCount(0);
    await expect(page.getByText(PLAY_FAILED)).toHaveCount(0);
  });

  test("mute, and the volume rules", async ({ page }) => {
    await page.goto("/radio");
    await hydrated(page.getByRole("button", { name: "Play" }));
    const mute = page.getByRole("button", { name: "Mute" });
    const slider = page.getByRole("slider", { name: "Volume" });
    expect((await audioState(page)).volume).toBeCloseTo(0.9);

    // Muted: the slider shows 0, the element is muted, the volume is kept.
    await mute.click();
    await expect(mute).toHaveAttribute("aria-pressed", "true");
    await expect(slider).toHaveValue("0");
    expect((await audioState(page)).muted).toBe(true);
    await mute.click();
    await expect(slider).toHaveValue("0.9");
    expect((await audioState(page)).muted).toBe(false);

    // Keyboard: 1 step with the arrows, 10 with PageUp/PageDown or Shift+arrow.
    await slider.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(slider).toHaveValue("0.89");
    await page.keyboard.press("PageDown");
    await expect(slider).toHaveValue("0.79");
    await page.keyboard.press("Shift+ArrowRight");
    await expect(slider).toHaveValue("0.89");
    await page.keyboard.press("PageUp");
    await expect(slider).toHaveValue("0.99");
    await page.keyboard.press("ArrowUp");
    await expect(slider).toHaveValue("1");
    await page.keyboard.press("ArrowUp");
    await expect(slider).toHaveValue("1");
    await expect(slider).toHaveAttribute("aria-valuetext", "100%");
    expect((await audioState(page)).volume).toBeCloseTo(1);
    await page.keyboard.press("Home");
    await expect(slider).toHaveValue("0");

    // Moving the slider above 0 while muted unmutes.
    await page.keyboard.press("End");
    await mute.click();
    await expect(slider).toHaveValue("0");
    await slider.focus();
    await page.keyboard.press("ArrowRight");
    await expect(slider).toHaveValue("0.01");
    await expect(mute).toHaveAttribute("aria-pressed", "false");
    const state = await audioState(page);
    expect(state.muted).toBe(false);
    expect(state.volume).toBeCloseTo(0.01);
  });

  test("the controls are reachable with the keyboard", async ({ page }) => {
    await page.goto("/radio");
    const play = page.getByRole("button", { name: "Play" });
    await hydrated(play);
    await play.focus();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Mute" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("slider", { name: "Volume" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Mute" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  });

  test("a refused play() says so in red, and a successful start clears it", async ({ page }) => {
    // The browser's autoplay policy refusing playback, as it does without a user gesture.
    await page.addInitScript(() => {
      const original = HTMLMediaElement.prototype.play;
      let refusals = 1;
      HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
        if (refusals-- > 0) {
          return Promise.reject(new DOMException("play() refused", "NotAllowedError"));
        }
        return original.call(this);
      };
    });
    await page.goto("/radio");
    const play = page.getByRole("button", { name: "Play" });
    await hydrated(play);
    await play.click();
    const message = page.getByText(PLAY_FAILED, { exact: true });
    await expect(message).toBeVisible();
    await expect(message).toHaveCSS("color", "rgb(179, 20, 27)");
    await expect(play).toHaveAttribute("aria-pressed", "false");

    await play.click();
    await expect(play).toHaveAttribute("aria-pressed", "true");
    await expect(message).toHaveCount(0);
  });

  test("the station going off the air shows the stream is unavailable", async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.goto("/radio");
    const play = page.getByRole("button", { name: "Play" });
    await hydrated(play);
    await play.click();
    await expect
      .poll(async () => (await audioState(page)).currentTime, STARTS_WITHIN)
      .toBeGreaterThan(0.5);

    try {
      await station.stop();
      // While playing: the stream ends.
      const message = page.getByText(UNAVAILABLE, { exact: true });
      await expect(message).toBeVisible({ timeout: 20_000 });
      await expect(message).toHaveCSS("color", "rgb(179, 20, 27)");
      await expect(play).toHaveAttribute("aria-pressed", "false");

      // Pressing play again while the station is down: the proxy answers 502.
      await play.click();
      await expect(message).toBeVisible();
      await expect(play).toHaveAttribute("aria-pressed", "false");

      if (!isPhone(testInfo)) {
        // Now playing gives an empty title (after its few seconds of cache), never an error.
        await expect
          .poll(async () => (await page.request.get("/api/now-playing")).json(), {
            timeout: 15_000,
          })
          .toEqual({ title: "" });
        await page.reload();
        await expect(page.getByRole("region", { name: "Now Playing" })).toContainText(
          "Live programming from our station stream.",
        );
      }
    } finally {
      await station.start();
    }

    // Back on the air: play works again and clears the message.
    await play.click();
    await expect(play).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText(UNAVAILABLE)).toHaveCount(0);
    await expect
      .poll(async () => (await audioState(page)).currentTime, STARTS_WITHIN)
      .toBeGreaterThan(0.5);
  });
});

test.describe("/api/stream over HTTP", () => {
  // Viewport-independent: run once.
  test.skip(({ isMobile }) => isMobile, "HTTP level, viewport-independent: run once");

  test("refuses every value that is not an allowed port in plain digits, without connecting", async ({
    request,
    baseURL,
  }) => {
    // Listeners of earlier tests are gone (Icecast logs a listener when it leaves).
    await expect.poll(stationListeners).toBe(0);
    const before = await station.streamRequests();
    const refused = [
      "",
      "?port",
      "?port=",
      "?other=8076",
      "?port=22",
      "?port=8000",
      "?port=8077",
      "?port=0",
      "?port=65536",
      "?port=+8076",
      "?port=%2B8076",
      "?port=-8076",
      "?port=8076.0",
      "?port=8076.",
      "?port=8.076e3",
      "?port=0x1f8c",
      "?port=08076",
      "?port=%208076",
      "?port=8076%20",
      "?port=8076%00",
      "?port=%EF%BC%98%EF%BC%90%EF%BC%97%EF%BC%96",
      "?port=8076,8000",
      "?port=8076&port=8076",
      "?port=8076&port=22",
      "?port[]=8076",
      "?PORT=8076",
    ];
    for (const query of refused) {
      const response = await request.get(`/api/stream${query}`);
      expect(response.status(), query).toBe(400);
      expect(response.headers()["content-type"], query).toMatch(/^text\/plain/);
      const text = await response.text();
      expect(text.length, query).toBeLessThan(80);
    }
    // Icecast logged no request for the mount: nothing reached the station.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await station.streamRequests()).toBe(before);

    // Control: one good request is logged once it closes.
    const listener = await listen(`${baseURL}${STREAM}`);
    expect(listener.status).toBe(200);
    listener.close();
    await expect.poll(() => station.streamRequests()).toBe(before + 1);
  });

  test("streams audio with the right headers and closes the station side when the listener leaves", async ({
    baseURL,
  }) => {
    await expect.poll(stationListeners).toBe(0);
    const listener = await listen(`${baseURL}${STREAM}`);
    expect(listener.status).toBe(200);
    expect(listener.headers["content-type"]).toBe("audio/mpeg");
    expect(listener.headers["cache-control"]).toBe("no-store");
    expect(listener.headers["x-accel-buffering"]).toBe("no");
    await expect.poll(() => listener.bytes()).toBeGreaterThan(16_000);
    await expect.poll(stationListeners).toBe(1);

    const left = Date.now();
    listener.close();
    await expect.poll(stationListeners, { timeout: 3_000, intervals: [100] }).toBe(0);
    expect(Date.now() - left).toBeLessThan(2_500);
  });

  test("100 concurrent listeners all receive audio", async ({ baseURL }) => {
    test.setTimeout(60_000);
    await expect.poll(stationListeners).toBe(0);
    const listeners = await Promise.all(
      Array.from({ length: 100 }, () => listen(`${baseURL}${STREAM}`)),
    );
    try {
      expect(listeners.map((l) => l.status)).toEqual(Array(100).fill(200));
      await expect.poll(stationListeners).toBe(100);
      const start = listeners.map((l) => l.bytes());
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      // 128 kbit/s is 16 kB/s: over 5 s each listener gets ~80 kB beyond the initial burst.
      const received = listeners.map((l, i) => l.bytes() - (start[i] ?? 0));
      expect(Math.min(...received)).toBeGreaterThan(0.8 * 16_000 * 5);
    } finally {
      listeners.forEach((l) => l.close());
    }
    await expect.poll(stationListeners, { timeout: 5_000 }).toBe(0);
  });

  test("now playing answers the station's title as JSON", async ({ request }) => {
    const response = await request.get("/api/now-playing");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ title: STATION_TITLE });
  });
});
