import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { startRedis, type RedisServer } from "../../e2e/redis/instances.cjs";
import { redisConfigured } from "../cache";
import { outsideGet } from "../net";
import { PhotoDiskCache } from "./disk-cache";
import { assertPhoto, PhotoRefusedError } from "./fetch-photo";
import { isPhotoId, parsePhotoFile, photoBase, photoSources, PHOTO_WIDTHS } from "./paths";
import { photoId, PhotoNames } from "./photo-names";
import { openPhotos } from "./photo-variants";

/** A photo-like JPEG: a gradient with grain, `width` × `height`. */
async function jpeg(width: number, height: number, quality = 85): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const grain = ((x * 7919 + y * 104_729) % 23) - 11;
      pixels[i] = Math.max(0, Math.min(255, (x * 255) / width + grain));
      pixels[i + 1] = Math.max(0, Math.min(255, (y * 255) / height + grain));
      pixels[i + 2] = Math.max(0, Math.min(255, 128 + grain * 3));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="640" height="360"/></svg>',
);

describe("photo addresses", () => {
  const id = photoId("https://photos.example/a.jpg");

  it("gives a 22-character id that is the same for the same address and differs otherwise", () => {
    expect(isPhotoId(id)).toBe(true);
    expect(photoId("https://photos.example/a.jpg")).toBe(id);
    expect(photoId("https://photos.example/b.jpg")).not.toBe(id);
  });

  it("builds src and srcset at every width from the photo's base, and nothing from another address", () => {
    const sources = photoSources(photoBase(id));
    expect(sources?.src).toBe(`/photo/${id}/640.webp`);
    expect(sources?.srcSet.split(", ")).toEqual(
      PHOTO_WIDTHS.map((width) => `/photo/${id}/${width}.webp ${width}w`),
    );
    expect(photoSources("/images/default-news.svg")).toBeNull();
    expect(photoSources("https://photos.example/a.jpg")).toBeNull();
    expect(photoSources("/photo/../../etc/passwd")).toBeNull();
  });

  it("accepts only the widths it makes, as .webp", () => {
    for (const width of PHOTO_WIDTHS) expect(parsePhotoFile(`${width}.webp`)).toBe(width);
    for (const file of [
      "401.webp",
      "640.jpg",
      "640.webp.png",
      "0640.webp",
      "99999.webp",
      "x.webp",
    ]) {
      expect(parsePhotoFile(file)).toBeNull();
    }
  });
});

describe("assertPhoto", () => {
  it("accepts JPEG, PNG and WebP photos", async () => {
    const photo = await jpeg(320, 180);
    await expect(assertPhoto(photo)).resolves.toBeUndefined();
    await expect(assertPhoto(await sharp(photo).png().toBuffer())).resolves.toBeUndefined();
    await expect(assertPhoto(await sharp(photo).webp().toBuffer())).resolves.toBeUndefined();
  });

  it("refuses SVG (which could carry script), HTML and garbage", async () => {
    await expect(assertPhoto(SVG)).rejects.toThrow(PhotoRefusedError);
    await expect(assertPhoto(Buffer.from("<!doctype html><p>hi"))).rejects.toThrow(
      PhotoRefusedError,
    );
    await expect(assertPhoto(Buffer.alloc(5000, 7))).rejects.toThrow(PhotoRefusedError);
  });

  it("refuses a small file that claims more pixels than any card needs", async () => {
    // 8000 × 6000 of one colour: a few kB of PNG, 144 MB once decoded.
    const bomb = await sharp({
      create: { width: 8_000, height: 6_000, channels: 3, background: "#336699" },
      limitInputPixels: false,
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(assertPhoto(bomb)).rejects.toThrow(PhotoRefusedError);
  });
});

describe("PhotoDiskCache", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "photos-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const onDisk = () =>
    readdirSync(dir).reduce(
      (sum, id) =>
        sum +
        readdirSync(path.join(dir, id)).reduce(
          (inner, file) => inner + statSync(path.join(dir, id, file)).size,
          0,
        ),
      0,
    );
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it("keeps the folder under its bound, dropping the photos used least recently", async () => {
    const cache = new PhotoDiskCache(dir, 100_000);
    for (let i = 0; i < 10; i++) {
      await cache.write(`photo${i}`, "source", Buffer.alloc(30_000, i));
      // photo0 is read after each write: it stays the most recently used.
      expect(await cache.read("photo0", "source")).not.toBeNull();
    }
    await settle();
    expect(onDisk()).toBeLessThanOrEqual(100_000);
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    expect(await cache.read("photo0", "source")).not.toBeNull();
    expect(await cache.read("photo9", "source")).not.toBeNull();
    expect(await cache.read("photo1", "source")).toBeNull();
    expect(readdirSync(dir).sort()).toEqual(["photo0", "photo8", "photo9"]);
  });

  it("takes up what an earlier process left and keeps the bound over it", async () => {
    const first = new PhotoDiskCache(dir, 1_000_000);
    for (let i = 0; i < 5; i++) await first.write(`old${i}`, "source", Buffer.alloc(30_000, i));
    const second = new PhotoDiskCache(dir, 100_000);
    await second.write("new", "source", Buffer.alloc(30_000, 9));
    await settle();
    expect(second.bytes).toBeLessThanOrEqual(100_000);
    expect(onDisk()).toBeLessThanOrEqual(100_000);
    expect(await second.read("new", "source")).not.toBeNull();
  });
});

describe("photos against a photo host on 127.0.0.1", () => {
  let server: http.Server;
  let origin: string;
  let dir: string;
  const hits: string[] = [];
  let wire: Buffer;

  beforeAll(async () => {
    wire = await jpeg(1050, 550);
    server = http.createServer((req, res) => {
      hits.push(req.url ?? "");
      // /wire.jpg, and /wire-1.jpg, /wire-2.jpg...: as many wire photos as a test needs.
      if (/^\/wire(-\d+)?\.jpg$/.test(req.url ?? "")) {
        res.writeHead(200, { "content-type": "image/jpeg" });
        return res.end(wire);
      }
      if (req.url === "/drawing.svg") {
        res.writeHead(200, { "content-type": "image/svg+xml" });
        return res.end(SVG);
      }
      if (req.url === "/disguised.jpg") {
        res.writeHead(200, { "content-type": "image/jpeg" });
        return res.end(SVG);
      }
      res.writeHead(404);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  // Each test's folder is in one of the suite's, removed at the end: a store goes on making a
  // photo's other widths in the background after a test has its answer, and may write them
  // after that test's own folder is gone.
  let parent: string;
  beforeAll(() => {
    parent = mkdtempSync(path.join(tmpdir(), "photo-store-"));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(parent, { recursive: true, force: true });
  });
  beforeEach(() => {
    dir = mkdtempSync(path.join(parent, "test-"));
    hits.length = 0;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  /** The photos' files on disk (names/ holds only the ids pages were given). */
  const photoFiles = () => {
    try {
      return readdirSync(path.join(dir, "photos"));
    } catch {
      return [];
    }
  };

  it("refuses a photo on a loopback host that is no configured feed's, without connecting", async () => {
    const store = openPhotos(dir, 50 * 1024 * 1024);
    const id = await store.names.register(`${origin}/wire.jpg`);
    expect(
      await store.ensureSource(id, `${origin}/wire.jpg`, new Set(["https://feeds.example"])),
    ).toBe("dead");
    expect(hits).toEqual([]);
    expect(photoFiles()).toEqual([]);
    // The same rule as a feed's redirect: an untrusted origin is refused on a private address.
    await expect(
      outsideGet(`${origin}/wire.jpg`, { trustedOrigins: new Set(["https://elsewhere.example"]) }),
    ).rejects.toThrow(/refused loopback address 127\.0\.0\.1/);
    expect(hits).toEqual([]);
  });

  describe("with the host configured as a feed's", () => {
    let trusted: ReadonlySet<string>;
    beforeAll(() => {
      trusted = new Set([origin]);
    });

    it("fetches the original once and makes each width once, as 16:9 WebP no wider than asked", async () => {
      const store = openPhotos(dir, 50 * 1024 * 1024);
      const id = await store.names.register(`${origin}/wire.jpg`);
      const [a, b] = await Promise.all([
        store.variant(id, 400, trusted),
        store.variant(id, 400, trusted),
      ]);
      expect(a).toBeInstanceOf(Buffer);
      expect(b).toEqual(a);
      const meta = await sharp(a as Buffer).metadata();
      expect(meta.format).toBe("webp");
      expect([meta.width, meta.height]).toEqual([400, 225]);
      expect((a as Buffer).length).toBeLessThan(wire.length / 3);
      await store.variant(id, 1200, trusted);
      // Wider than the original: not enlarged.
      const wide = await sharp((await store.variant(id, 1200, trusted)) as Buffer).metadata();
      expect(wide.width).toBeLessThanOrEqual(1050);
      expect(hits).toEqual(["/wire.jpg"]);
      // A new process on the same folder: from disk, no fetch, the id still answered.
      const again = openPhotos(dir, 50 * 1024 * 1024);
      expect(await again.variant(id, 640, trusted)).toBeInstanceOf(Buffer);
      expect(hits).toEqual(["/wire.jpg"]);
      // Its files dropped to make room (or wiped): a page that names it still gets it.
      rmSync(path.join(dir, "photos"), { recursive: true });
      const afterWipe = openPhotos(dir, 50 * 1024 * 1024);
      expect(await afterWipe.variant(id, 400, trusted)).toBeInstanceOf(Buffer);
      expect(hits).toEqual(["/wire.jpg", "/wire.jpg"]);
    });

    // Forty-four widths of 1050 px photos: a slow machine takes seconds, so a wide time limit
    // (the test counts what was made in which order, never how long it took).
    it("makes a reader's width before the widths it makes ahead of readers", async () => {
      const store = openPhotos(dir, 50 * 1024 * 1024);
      const widthsMade = (ids: string[]) =>
        ids.reduce(
          (sum, id) =>
            sum +
            readdirSync(path.join(dir, "photos", id)).filter((f) => f.endsWith(".webp")).length,
          0,
        );
      // A cold start: ten photos' originals arrive at once, and each queues its four widths.
      const addresses = Array.from({ length: 10 }, (_, n) => `${origin}/wire-${n + 1}.jpg`);
      const ahead = await Promise.all(addresses.map((address) => store.names.register(address)));
      await Promise.all(ahead.map((id, n) => store.ensureSource(id, addresses[n]!, trusted)));
      const queued = PHOTO_WIDTHS.length * ahead.length - widthsMade(ahead);
      expect(queued).toBeGreaterThan(20);

      // A reader asks for another photo: made next, not after the forty.
      const reader = await store.names.register(`${origin}/wire-11.jpg`);
      const before = widthsMade(ahead);
      expect(await store.variant(reader, 640, trusted)).toBeInstanceOf(Buffer);
      const meanwhile = widthsMade(ahead) - before;
      expect(meanwhile).toBeLessThanOrEqual(6);

      // A reader asking for a width still waiting in the background gets it next too.
      const waiting = ahead.at(-1)!;
      const others = ahead.slice(0, -1);
      expect(widthsMade([waiting])).toBe(0);
      const beforeWaiting = widthsMade(others);
      expect(await store.variant(waiting, 1200, trusted)).toBeInstanceOf(Buffer);
      const meanwhileWaiting = widthsMade(others) - beforeWaiting;
      expect(meanwhileWaiting).toBeLessThanOrEqual(6);
      expect(PHOTO_WIDTHS.length * others.length - widthsMade(others)).toBeGreaterThan(10);

      // The background goes on: every width of every photo is made.
      const deadline = Date.now() + 50_000;
      while (widthsMade([...ahead, reader]) < PHOTO_WIDTHS.length * 11 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(widthsMade([...ahead, reader])).toBe(PHOTO_WIDTHS.length * 11);
    }, 60_000);

    it("gives an id out only once it is recorded, also to renders asking at the same time", async () => {
      const store = openPhotos(dir, 50 * 1024 * 1024);
      const address = `${origin}/wire.jpg`;
      // Two renders name the same photo at once; each page may send its reader's browser to
      // another instance (here: a store started on the same disk) the moment it has the id.
      const [first, second] = [store.names.register(address), store.names.register(address)];
      const id = await second;
      expect(existsSync(path.join(dir, "names", id))).toBe(true);
      expect(await openPhotos(dir, 50 * 1024 * 1024).names.address(id)).toBe(address);
      expect(await first).toBe(id);
      expect(hits).toEqual([]);
    });

    it("answers null for an id no headline named, without fetching or writing", async () => {
      const store = openPhotos(dir, 50 * 1024 * 1024);
      expect(await store.variant(photoId(`${origin}/wire.jpg`), 400, trusted)).toBeNull();
      expect(await store.variant("AAAAAAAAAAAAAAAAAAAAAA", 400, trusted)).toBeNull();
      expect(hits).toEqual([]);
      expect(photoFiles()).toEqual([]);
      expect(readdirSync(path.join(dir, "names"))).toEqual([]);
    });

    it("calls an SVG, a disguised SVG or a missing photo dead, and does not ask again soon", async () => {
      const store = openPhotos(dir, 50 * 1024 * 1024);
      for (const name of ["/drawing.svg", "/disguised.jpg", "/gone.jpg"]) {
        const id = await store.names.register(`${origin}${name}`);
        expect(await store.ensureSource(id, `${origin}${name}`, trusted)).toBe("dead");
        expect(await store.variant(id, 400, trusted)).toBe("dead");
      }
      expect(hits.sort()).toEqual(["/disguised.jpg", "/drawing.svg", "/gone.jpg"]);
      expect(photoFiles()).toEqual([]);
    });
  });
});

describe("photo names in a real Redis (redis-server on 127.0.0.1)", () => {
  // Each store is an instance of its own: its own disk, its own memory, the one Redis.
  let redis: RedisServer;
  let parent: string;
  const stores: PhotoNames[] = [];
  const instance = () => {
    const store = new PhotoNames(mkdtempSync(path.join(parent, "instance-")));
    stores.push(store);
    return store;
  };
  const redisCli = (...args: string[]) =>
    execFileSync("redis-cli", ["-p", String(redis.port), ...args], { encoding: "utf8" });

  beforeAll(async () => {
    parent = mkdtempSync(path.join(tmpdir(), "photo-names-"));
    redis = await startRedis();
    process.env.REDIS_URL = redis.url;
  });
  afterAll(async () => {
    for (const store of stores) store.close();
    delete process.env.REDIS_URL;
    redisConfigured(); // drops the connection to the REDIS_URL that was
    await redis.cleanup();
    rmSync(parent, { recursive: true, force: true });
  });

  it("an id issued on one instance is found on another after Redis evicted it, or came back empty", async () => {
    const a = instance();
    const address = "https://photos.example/council-meeting.jpg";
    /** Whether a new instance finds the photo within 15 s. */
    const foundElsewhere = async () => {
      const deadline = Date.now() + 15_000;
      let found: string | null = null;
      while (found === null && Date.now() < deadline) {
        found = await instance().address(id);
        if (found === null) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return found;
    };
    // This process has not connected to Redis yet: the first render is recorded on disk, and in
    // Redis once the connection is ready.
    const id = await a.register(address);
    expect(await foundElsewhere()).toBe(address);

    // Redis evicted the key (volatile-lru under maxmemory): no other instance finds the photo
    // until A writes its names again, which it does every few minutes.
    redisCli("del", `riverbend:photo:src:${id}`);
    expect(await instance().address(id)).toBeNull();
    expect(await a.share()).toBe(true);
    expect(await instance().address(id)).toBe(address);

    // Redis restarted without its data: A writes its names again as soon as it reconnects,
    // without a page being rendered.
    redisCli("set", "before-the-restart", "1");
    await redis.stop();
    await redis.start();
    expect(redisCli("exists", "before-the-restart").trim()).toBe("0");
    expect(await foundElsewhere()).toBe(address);
  }, 30_000);
});
