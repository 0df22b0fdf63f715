/**
 * Headline photos as real feeds link them: JPEGs of real size and weight, made here with
 * sharp (no system program, no download). Large publishers link a resized "wire" photo of
 * 1050×550, about 100 kB; blogs and small publishers link the uploaded "original", 2048 px
 * wide and over 1 MB. The pixels are drawn procedurally (a sky gradient, soft discs, a ridge
 * of hills, a textured field, then film grain) so that JPEG spends on them what it spends on
 * a photograph. Each (feed, item) has its own colours and shapes, the same in both sizes.
 *
 *   /photos/<feed>-<n>.jpg           the wire photo of item n (1-based) of <feed>
 *   /photos/<feed>-<n>-original.jpg  its original
 *
 * Photos are made on their first request (a wire photo in a few tens of milliseconds, an
 * original in a few hundred) and kept in memory, within MEMO_BYTES, the oldest used going
 * first.
 */
import { createHash } from "node:crypto";
import sharp from "sharp";
import catalogue from "./catalogue.cjs";

const { PHOTO_SIZES } = catalogue;

/** @import { Route } from "./server.mjs" */
/** @typedef {keyof typeof PHOTO_SIZES} PhotoKind "wire" or "original" */
/** @typedef {[r: number, g: number, b: number]} Rgb */
/** @typedef {ReturnType<typeof scene>} Scene */

/**
 * Per kind: the JPEG quality, the grain (luminance noise, ± twice this, about normal) and the
 * field's texture that bring the weight where real photos have it. Measured over every sample
 * item: wire photos 95–102 kB, originals 1.20–1.23 MB (sizes in 1000s of bytes).
 */
const ENCODING = {
  wire: { quality: 85, grain: 6, texture: 18 },
  original: { quality: 90, grain: 18, texture: 22 },
};

/** `/photos/<feed>-<n>.jpg` or `/photos/<feed>-<n>-original.jpg`. */
export const PHOTO_PATH = /^\/photos\/([a-z0-9-]+?)-(\d{1,4})(-original)?\.jpg$/;

/** Bytes of made photos kept in memory: every sample wire photo and dozens of originals. */
const MEMO_BYTES = 96 * 1024 * 1024;
/**
 * path → { bytes: Promise<Buffer>, size (0 while being made) }, least recently used first.
 * @type {Map<string, { bytes: Promise<Buffer>; size: number }>}
 */
const memo = new Map();
let memoBytes = 0;

/** A small fast PRNG (mulberry32): the same photo for the same seed, on every start. @param {number} seed */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * An HSL colour (hue in degrees, saturation and lightness 0–1) as [r, g, b] of 0–255.
 * @param {number} h @param {number} s @param {number} l
 * @returns {Rgb}
 */
function hsl(h, s, l) {
  const k = (/** @type {number} */ n) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (/** @type {number} */ n) =>
    255 * (l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1))));
  return [f(0), f(8), f(4)];
}

/**
 * The scene of item `n` of feed `id`: colours and shapes in coordinates relative to the height.
 * @param {string} id @param {number} n
 */
function scene(id, n) {
  const seed = createHash("sha1").update(`${id}-${n}`).digest().readUInt32LE(0);
  const rand = random(seed);
  const hue = rand() * 360;
  const discs = Array.from({ length: 3 + Math.floor(rand() * 4) }, () => ({
    x: rand() * 1.9,
    y: rand() * 0.6,
    r: 0.06 + rand() * 0.22,
    color: hsl((hue + 150 + rand() * 90) % 360, 0.5 + rand() * 0.4, 0.55 + rand() * 0.3),
    alpha: 0.35 + rand() * 0.45,
  }));
  return {
    seed,
    top: hsl(hue, 0.45 + rand() * 0.3, 0.25 + rand() * 0.2),
    horizon: hsl((hue + 25 + rand() * 30) % 360, 0.4 + rand() * 0.3, 0.55 + rand() * 0.2),
    ground: hsl((hue + 180 + rand() * 60) % 360, 0.3 + rand() * 0.3, 0.2 + rand() * 0.15),
    ridge: {
      base: 0.55 + rand() * 0.15,
      waves: Array.from({ length: 3 }, (_, i) => ({
        amplitude: (0.08 / (i + 1)) * (0.5 + rand()),
        frequency: (2 + rand() * 2) * (i + 1) * 1.7,
        phase: rand() * Math.PI * 2,
      })),
    },
    discs,
  };
}

/** Grain values drawn per photo (a power of two). */
const GRAIN_TABLE = 1 << 16;

/**
 * Raw RGB pixels of the scene at `width`×`height`, with texture and grain of the given strength.
 * @param {Scene} s @param {number} width @param {number} height
 * @param {{ grain: number; texture: number }} strength
 */
function render(s, width, height, { grain, texture }) {
  // Clamped: a channel past 0 or 255 stays there rather than wrapping round.
  const pixels = new Uint8ClampedArray(width * height * 3);
  const rand = random(s.seed ^ width);
  // Texture of the field: value noise on a lattice of CELL pixels, interpolated.
  const CELL = 6;
  const cols = Math.ceil(width / CELL) + 2;
  const rows = Math.ceil(height / CELL) + 2;
  const lattice = new Float32Array(cols * rows);
  for (let i = 0; i < lattice.length; i++) lattice[i] = rand() - 0.5;
  // Film grain on the luminance, about normal (the sum of two uniforms, ± twice `grain`):
  // drawn from a table, each row from its own random place in it (faster than a draw a pixel).
  const grains = new Float32Array(GRAIN_TABLE);
  for (let i = 0; i < GRAIN_TABLE; i++) grains[i] = (rand() + rand() - 1) * grain * 2;
  const ridge = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const u = x / height;
    let y = s.ridge.base;
    for (const w of s.ridge.waves) y += w.amplitude * Math.sin(u * w.frequency + w.phase);
    ridge[x] = y * height;
  }
  const discs = s.discs.map((d) => ({ ...d, cx: d.x * height, cy: d.y * height, r: d.r * height }));
  let p = 0;
  for (let y = 0; y < height; y++) {
    let g0 = Math.floor(rand() * GRAIN_TABLE);
    const ly = y / CELL;
    const row = Math.floor(ly);
    const fy = ly - row;
    for (let x = 0; x < width; x++) {
      let r, g, b;
      // Typed arrays read within their length: numbers (the casts say so to the checker).
      const horizon = /** @type {number} */ (ridge[x]);
      if (y < horizon) {
        // Sky: gradient from the top colour to the horizon's, under soft discs.
        const t = y / horizon;
        r = s.top[0] + (s.horizon[0] - s.top[0]) * t;
        g = s.top[1] + (s.horizon[1] - s.top[1]) * t;
        b = s.top[2] + (s.horizon[2] - s.top[2]) * t;
        for (const d of discs) {
          const dx = x - d.cx;
          const dy = y - d.cy;
          const q = (dx * dx + dy * dy) / (d.r * d.r);
          if (q < 1) {
            const a = d.alpha * (1 - q) * (1 - q);
            r += (d.color[0] - r) * a;
            g += (d.color[1] - g) * a;
            b += (d.color[2] - b) * a;
          }
        }
      } else {
        // Field: darker towards the viewer, with texture.
        const depth = (y - horizon) / (height - horizon + 1);
        const lx = x / CELL;
        const col = Math.floor(lx);
        const fx = lx - col;
        const i = row * cols + col;
        const topLeft = /** @type {number} */ (lattice[i]);
        const topRight = /** @type {number} */ (lattice[i + 1]);
        const bottomLeft = /** @type {number} */ (lattice[i + cols]);
        const bottomRight = /** @type {number} */ (lattice[i + cols + 1]);
        const n =
          (topLeft * (1 - fx) + topRight * fx) * (1 - fy) +
          (bottomLeft * (1 - fx) + bottomRight * fx) * fy;
        const shade = (1 - 0.45 * depth) * (1 + (n * texture) / 64);
        r = s.ground[0] * shade + n * texture;
        g = s.ground[1] * shade + n * texture;
        b = s.ground[2] * shade + n * texture;
      }
      const noise = /** @type {number} */ (grains[g0++ & (GRAIN_TABLE - 1)]);
      pixels[p++] = r + noise;
      pixels[p++] = g + noise;
      pixels[p++] = b + noise;
    }
  }
  return pixels;
}

/**
 * Raw RGB pixels of scene `n` of `id` at a size of its own, as a wire photo is drawn.
 * @param {string} id @param {number} n @param {number} width @param {number} height
 */
export function drawScene(id, n, width, height) {
  return Buffer.from(render(scene(id, n), width, height, ENCODING.wire).buffer);
}

/**
 * Makes a photo's JPEG: `kind` is "wire" or "original".
 * @param {string} id @param {number} n @param {PhotoKind} kind
 */
export async function makePhoto(id, n, kind) {
  const { width, height } = PHOTO_SIZES[kind];
  const pixels = render(scene(id, n), width, height, ENCODING[kind]);
  return sharp(Buffer.from(pixels.buffer), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: ENCODING[kind].quality })
    .toBuffer();
}

/**
 * The JPEG bytes for a stand-in photo path (`/photos/national-1.jpg`,
 * `/photos/national-1-original.jpg`), made on first use and then kept; null for any other path.
 * @param {string} path
 * @returns {Promise<Buffer> | null}
 */
export function photoBytes(path) {
  const match = path.match(PHOTO_PATH);
  if (!match) return null;
  const known = memo.get(path);
  if (known) {
    // Used now: to the end of the map's order, the last to go.
    memo.delete(path);
    memo.set(path, known);
    return known.bytes;
  }
  // The promise is kept at once, so requests during the making share it.
  const entry = {
    bytes: makePhoto(
      /** @type {string} */ (match[1]),
      Number(match[2]),
      match[3] ? "original" : "wire",
    ),
    size: 0,
  };
  memo.set(path, entry);
  entry.bytes.then(
    (bytes) => {
      if (memo.get(path) !== entry) return;
      entry.size = bytes.length;
      memoBytes += bytes.length;
      for (const [oldest, old] of memo) {
        if (memoBytes <= MEMO_BYTES) break;
        if (old.size === 0) continue; // still being made
        memo.delete(oldest);
        memoBytes -= old.size;
      }
    },
    () => {
      // Not kept: the next request tries again (the route answers this one with 500).
      if (memo.get(path) === entry) memo.delete(path);
    },
  );
  return entry.bytes;
}

/** @type {Route[]} */
export const photoRoutes = [
  [
    "GET",
    PHOTO_PATH,
    async (_req, res, { url, send }) => {
      try {
        // The route's pattern is PHOTO_PATH: a path photoBytes has bytes for, never null.
        const bytes = /** @type {Buffer} */ (await photoBytes(url.pathname));
        send(res, 200, bytes, "image/jpeg", {
          "content-length": bytes.length,
          "cache-control": "public, max-age=3600",
        });
      } catch (error) {
        send(res, 500, `photo not made: ${/** @type {Error} */ (error).message}`);
      }
    },
  ],
];
