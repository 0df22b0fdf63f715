import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { parsePosterFile, POSTER_WIDTHS } from "./paths";
import { posterVariant, videoPoster } from "./video-posters";

const FEATURED = "aqz-KE-bpKQ";
const SHOWN = "Kd4_vR8eYpM";
/** A video YouTube has no poster for. */
const NO_POSTER = "Zz9_noPostr";

describe("video posters against a YouTube image host on 127.0.0.1", () => {
  let server: http.Server;
  let dir: string;
  const hits: string[] = [];
  let poster: Buffer;

  beforeAll(async () => {
    // YouTube's hqdefault: 480×360, a 16:9 frame between black bars.
    poster = await sharp({
      create: { width: 480, height: 270, channels: 3, background: "#3a6ea5" },
    })
      .extend({ top: 45, bottom: 45, background: "#000" })
      .jpeg()
      .toBuffer();
    server = http.createServer((req, res) => {
      hits.push(req.url ?? "");
      if (req.url === `/vi/${FEATURED}/hqdefault.jpg` || req.url === `/vi/${SHOWN}/hqdefault.jpg`) {
        res.writeHead(200, { "content-type": "image/jpeg" });
        return res.end(poster);
      }
      res.writeHead(404);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    dir = mkdtempSync(path.join(tmpdir(), "posters-"));
    process.env.PHOTO_CACHE_DIR = dir;
    process.env.YOUTUBE_POSTER_ORIGIN = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.FEATURED_VIDEO_URL = `https://www.youtube.com/watch?v=${FEATURED}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    // The other width is made in the background after a test has its answer.
    await new Promise((resolve) => setTimeout(resolve, 300));
    rmSync(dir, { recursive: true, force: true });
    for (const name of ["PHOTO_CACHE_DIR", "YOUTUBE_POSTER_ORIGIN", "FEATURED_VIDEO_URL"]) {
      delete process.env[name];
    }
  });
  beforeEach(() => {
    hits.length = 0;
  });

  it("makes the featured video's poster from the address it derives, once, as WebP at each width", async () => {
    const [a, b] = await Promise.all([posterVariant(FEATURED, 480), posterVariant(FEATURED, 480)]);
    expect(b).toEqual(a);
    const wide = await sharp(a as Buffer).metadata();
    expect([wide.format, wide.width, wide.height]).toEqual(["webp", 480, 360]);
    const narrow = await sharp((await posterVariant(FEATURED, 320)) as Buffer).metadata();
    expect([narrow.format, narrow.width, narrow.height]).toEqual(["webp", 320, 240]);
    expect((a as Buffer).length).toBeLessThan(poster.length);
    expect(hits).toEqual([`/vi/${FEATURED}/hqdefault.jpg`]);
  });

  it("answers a video a page showed, and nothing for a video no page showed", async () => {
    expect(await posterVariant(SHOWN, 480)).toBeNull();
    expect(hits).toEqual([]);
    const sources = await videoPoster(SHOWN);
    expect(sources.src).toBe(`/photo/video/${SHOWN}/480.webp`);
    expect(sources.srcSet).toBe(
      POSTER_WIDTHS.map((width) => `/photo/video/${SHOWN}/${width}.webp ${width}w`).join(", "),
    );
    expect(await posterVariant(SHOWN, 480)).toBeInstanceOf(Buffer);
    expect(hits).toEqual([`/vi/${SHOWN}/hqdefault.jpg`]);
  });

  it("calls a video without a poster dead (the default photo), and asks again only later", async () => {
    await videoPoster(NO_POSTER);
    expect(await posterVariant(NO_POSTER, 480)).toBe("dead");
    expect(await posterVariant(NO_POSTER, 320)).toBe("dead");
    expect(hits).toEqual([`/vi/${NO_POSTER}/hqdefault.jpg`]);
  });

  it("refuses anything but a video id and the widths it makes, before any fetch or write", async () => {
    const before = readdirSync(path.join(dir, "photos")).sort();
    for (const id of [
      "../../etc/pa",
      `${FEATURED}x`,
      "aqz-KE-bpK",
      "aqz-KE?bpKQ",
      "aqz%2FKE-bpK",
    ]) {
      expect(await posterVariant(id, 480)).toBeNull();
    }
    expect(await posterVariant(FEATURED, 400)).toBeNull();
    for (const file of ["400.webp", "480.jpg", "0480.webp", "480.webp.png", "x.webp"]) {
      expect(parsePosterFile(file)).toBeNull();
    }
    for (const width of POSTER_WIDTHS) expect(parsePosterFile(`${width}.webp`)).toBe(width);
    expect(hits).toEqual([]);
    expect(readdirSync(path.join(dir, "photos")).sort()).toEqual(before);
  });
});
