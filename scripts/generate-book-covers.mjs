#!/usr/bin/env node
// Generates one SVG cover per book listed in content/books.json.
// Usage: node scripts/generate-book-covers.mjs
// Output: public/books/covers/<slug>.svg (slug taken from each book's "cover" path).
// Deterministic: the palette is picked by hashing the slug, so re-running
// produces byte-identical files.

import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join, basename } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
/** @type {{ title: string; cover: string }[]} */
const books = JSON.parse(readFileSync(join(root, "content/books.json"), "utf8"));
const outDir = join(root, "public/books/covers");
mkdirSync(outDir, { recursive: true });

const SERIF = `Georgia, 'Times New Roman', serif`;
const SANS = `'Helvetica Neue', Arial, sans-serif`;
const MAX_BYTES = 3 * 1024;

// [gradient top, gradient bottom, accent (rules, series line, border), title colour]
/** @typedef {[top: string, bottom: string, accent: string, ink: string]} Palette */
/** @type {Record<string, Palette>} */
const PALETTES = {
  navy: ["#0f1e3d", "#1d3361", "#c9a961", "#f4efe3"],
  oxblood: ["#4a0f16", "#6e1b24", "#e0c28a", "#f7efe1"],
  forest: ["#12301d", "#22482f", "#d4b872", "#f3efe2"],
  charcoal: ["#1c1c1f", "#36363b", "#c8b08a", "#f2efe8"],
  teal: ["#0a3435", "#145254", "#e3c88f", "#f1f1ea"],
  plum: ["#361233", "#56224f", "#e2c3a0", "#f6ece6"],
  goldOnBlack: ["#0a0a0a", "#1d1a14", "#d4af37", "#e6c65c"],
  slate: ["#2a3845", "#415366", "#e6d3a3", "#f3f1ea"],
};
const PALETTE_LIST = Object.values(PALETTES);
/** @type {Palette} */
const SEPIA = ["#f1e6cc", "#dfcca2", "#6b4e2a", "#3b2a17"];

// FNV-1a 32-bit
/** @param {string} str */
function hash(str) {
  let h = 0x811c9dc5;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

const esc = (/** @type {string} */ s) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

// Word wrap: greedy pass finds the minimum number of lines that fit `max`
// characters, then the words are re-split into that many lines as evenly as
// possible (avoids orphans such as "The Science of / Breath").
// Words longer than `max` are split after hyphens where possible.
/** @param {string[]} ws */
function joinWords(ws) {
  return ws.reduce((acc, w) => (acc && !acc.endsWith("-") ? `${acc} ${w}` : acc + w), "");
}

/** @param {string} text @param {number} max @returns {string[]} */
function wrap(text, max) {
  const words = text
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((w) => (w.length > max && w.includes("-") ? w.split(/(?<=-)/) : [w]));
  // Greedy line count.
  let n = 0;
  /** @type {string[]} */
  let cur = [];
  for (const w of words) {
    if (cur.length && joinWords([...cur, w]).length > max) {
      n++;
      cur = [w];
    } else cur.push(w);
  }
  if (cur.length) n++;
  // Balanced split into n lines: minimise the longest line, then the spread.
  /** @type {{ lines: string[]; score: [number, number] } | null} */
  let best = null;
  /** @param {number} start @param {number} linesLeft @param {string[]} acc */
  const rec = (start, linesLeft, acc) => {
    if (linesLeft === 1) {
      const lines = [...acc, joinWords(words.slice(start))];
      /** @type {[number, number]} */
      const score = [
        Math.max(...lines.map((l) => l.length)),
        lines.reduce((s, l) => s + l.length ** 2, 0),
      ];
      if (
        !best ||
        score[0] < best.score[0] ||
        (score[0] === best.score[0] && score[1] < best.score[1])
      )
        best = { lines, score };
      return;
    }
    for (let end = start + 1; end <= words.length - linesLeft + 1; end++)
      rec(end, linesLeft - 1, [...acc, joinWords(words.slice(start, end))]);
  };
  if (words.length) rec(0, n, []);
  // Set by rec(), which the checker does not follow into: a cast says so.
  return best ? /** @type {{ lines: string[] }} */ (best).lines : [];
}

// Split "Billionaire Mindset: Think Like..." into kicker / main / subtitle.
/** @param {string} title */
function parseTitle(title) {
  let main = title;
  let sub = "";
  const colon = title.indexOf(":");
  const paren = title.match(/^(.*?)\s*\(([^)]*)\)\s*$/);
  if (colon > 0) {
    main = title.slice(0, colon).trim();
    sub = title.slice(colon + 1).trim();
  } else if (paren) {
    // Both groups always take part in a match.
    main = /** @type {string} */ (paren[1]);
    sub = /** @type {string} */ (paren[2]);
  }
  let kicker = "";
  const m = main.match(/^Billionaire\s+(.*)$/);
  if (m) {
    kicker = "Billionaire";
    main = /** @type {string} */ (m[1]);
  }
  return { kicker, main, sub };
}

/** @param {{ title: string }} book @param {string} slug */
function cover(book, slug) {
  const isClassic = !/^Billionaire\b/.test(book.title);
  const [c1, c2, accent, ink] = isClassic
    ? SEPIA
    : /** @type {Palette} an index within the list */ (
        PALETTE_LIST[hash(slug) % PALETTE_LIST.length]
      );
  const { kicker, main, sub } = parseTitle(book.title);

  // Main title: ~14 chars per line at 42px; shrink if it runs to many lines.
  let size = 42;
  let mainLines = wrap(main, 14);
  if (mainLines.length > 3) {
    size = 36;
    mainLines = wrap(main, 16);
  }
  const lead = Math.round(size * 1.18);
  const subSize = 19;
  const subLead = 25;
  const subLines = sub ? wrap(sub, 26) : [];
  const kickerSize = 26;

  // Vertical layout of the centred text block.
  const parts = [];
  let h = 0;
  if (kicker) h += kickerSize + 14;
  h += mainLines.length * lead;
  if (subLines.length) h += 28 + subLines.length * subLead;
  let y = Math.round(300 - h / 2);

  if (kicker) {
    y += kickerSize;
    parts.push(
      `<text x="200" y="${y}" font-family="${SERIF}" font-size="${kickerSize}" font-style="italic" fill="${accent}">${esc(kicker)}</text>`,
    );
    y += 14;
  }
  const mainTspans = mainLines
    .map((l, i) => `<tspan x="200" ${i ? `dy="${lead}"` : `y="${y + size}"`}>${esc(l)}</tspan>`)
    .join("");
  parts.push(
    `<text font-family="${SERIF}" font-size="${size}" font-weight="bold" fill="${ink}">${mainTspans}</text>`,
  );
  y += size + (mainLines.length - 1) * lead + (lead - size);
  if (subLines.length) {
    y += 14;
    parts.push(`<path d="M176 ${y}h48" stroke="${accent}" stroke-width="1.5"/>`);
    y += 14;
    const subTspans = subLines
      .map(
        (l, i) =>
          `<tspan x="200" ${i ? `dy="${subLead}"` : `y="${y + subSize}"`}>${esc(l)}</tspan>`,
      )
      .join("");
    parts.push(
      `<text font-family="${SERIF}" font-size="${subSize}" font-style="italic" fill="${ink}" fill-opacity="0.85">${subTspans}</text>`,
    );
  }

  const series = isClassic ? "CLASSIC REISSUE" : "BILLIONAIRE SERIES";
  const gid = `g-${slug}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 600" width="400" height="600" role="img" aria-label="${esc(book.title).replace(/"/g, "&quot;")}">
<defs><linearGradient id="${gid}" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>
<rect width="400" height="600" fill="url(#${gid})"/>
<rect x="18" y="18" width="364" height="564" fill="none" stroke="${accent}" stroke-width="1.5" stroke-opacity="0.8"/>
<rect x="24" y="24" width="352" height="552" fill="none" stroke="${accent}" stroke-width="0.5" stroke-opacity="0.5"/>
<g text-anchor="middle">
<text x="200" y="72" font-family="${SANS}" font-size="13" letter-spacing="4" fill="${accent}">${series}</text>
<path d="M170 90h60" stroke="${accent}" stroke-width="1"/>
${parts.join("\n")}
<path d="M170 515h60" stroke="${accent}" stroke-width="1"/>
<text x="200" y="545" font-family="${SERIF}" font-size="14" letter-spacing="1.5" fill="${accent}">Riverbend Chronicle Press</text>
</g>
</svg>
`;
  return svg;
}

let count = 0;
const seen = new Set();
for (const book of books) {
  const slug = basename(book.cover, ".svg");
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) throw new Error(`Bad slug: ${slug}`);
  if (seen.has(slug)) throw new Error(`Duplicate slug: ${slug}`);
  seen.add(slug);
  const svg = cover(book, slug);
  const bytes = Buffer.byteLength(svg);
  if (bytes > MAX_BYTES) throw new Error(`${slug}.svg is ${bytes} bytes (limit ${MAX_BYTES})`);
  writeFileSync(join(outDir, `${slug}.svg`), svg);
  count++;
}
console.log(`Wrote ${count} covers to ${outDir}`);
