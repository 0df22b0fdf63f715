import { ImageResponse } from "next/og";
import type { Publication } from "@/lib/publication";

/**
 * The share image (Open Graph / Twitter) drawn with next/og at 1200×630, in next/og's
 * bundled font: nothing is downloaded. Text from outside (post titles) is reduced to the
 * characters that font has, because next/og fetches fonts or emoji from the network for
 * anything else.
 */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export function printable(text: string, max = 140): string {
  const cleaned = text
    .normalize("NFC")
    .replace(/[^\u0020-\u007e\u00a0-\u017f\u2010-\u2027\u2030-\u205e\u20ac]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return cleaned.length > max ? `${cleaned.slice(0, max - 1).trimEnd()}…` : cleaned;
}

export function shareImage({
  kicker,
  title,
  footer,
  brand,
}: {
  kicker: string;
  title: string;
  footer?: string;
  /** The publication whose name, letters and colour the image carries. */
  brand: Pick<Publication, "name" | "initials" | "accent" | "tagline">;
}) {
  const heading = printable(title) || printable(brand.name);
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: "64px 72px",
        background: "#faf8f4",
        borderTop: `18px solid ${brand.accent}`,
        color: "#1b1a18",
      }}
    >
      <div style={{ display: "flex", alignItems: "center", gap: 20 }}>
        {brandDisc(brand, 72)}
        <div style={{ fontSize: 34, letterSpacing: -0.5 }}>{printable(brand.name, 80)}</div>
      </div>
      <div style={{ display: "flex", flexDirection: "column", gap: 18 }}>
        <div
          style={{
            fontSize: 28,
            color: brand.accent,
            textTransform: "uppercase",
            letterSpacing: 2,
          }}
        >
          {printable(kicker, 60)}
        </div>
        <div
          style={{ fontSize: heading.length > 70 ? 56 : 68, lineHeight: 1.1, letterSpacing: -1 }}
        >
          {heading}
        </div>
      </div>
      <div style={{ fontSize: 26, color: "#55524c" }}>{printable(footer ?? brand.tagline, 90)}</div>
    </div>,
    SHARE_IMAGE_SIZE,
  );
}

/**
 * The publication's letters on its colour, `size` pixels square: a disc, or a square
 * (`square`) for the home screen, where the phone rounds the corners itself and shows what is
 * transparent as black.
 */
function brandDisc(
  brand: Pick<Publication, "initials" | "accent">,
  size: number,
  { square = false } = {},
) {
  return (
    <div
      style={{
        width: size,
        height: size,
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        borderRadius: square ? 0 : size / 2,
        background: brand.accent,
        color: "#fff",
        fontSize: Math.round(size * 0.42),
      }}
    >
      {printable(brand.initials, 3)}
    </div>
  );
}

/**
 * The publication's icon, drawn at `size` pixels: the tab's icon (a disc) and the home-screen
 * icon (`square`). A PNG, not an SVG: the SVG icon with text cost the page a main-thread task
 * of 50 ms or more when it arrived, on a slowed-down phone, after everything else had run, and
 * so set its time to interactive (docs/benchmarks.md).
 */
export function brandIcon(
  brand: Pick<Publication, "initials" | "accent">,
  size: number,
  options: { square?: boolean } = {},
) {
  return new ImageResponse(brandDisc(brand, size, options), { width: size, height: size });
}
