/**
 * The framework's ceiling for a page whose largest paint is a photo: the trivial page and one
 * photo, asked for at high priority, at the site's card widths. The photo's bytes are the lead
 * photo the site served in the same run (scripts/bench-lighthouse.mjs puts them in
 * BENCH_LEAD_PHOTOS), answered from this page's own origin by app/lead/[width]/route.js.
 */
export default function Page() {
  return (
    <>
      <h1>Hello</h1>
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src="/lead/640"
        srcSet={WIDTHS.map((width) => `/lead/${width} ${width}w`).join(", ")}
        sizes="100vw"
        alt=""
        width={640}
        height={360}
        fetchPriority="high"
        style={{ width: "100%", height: "auto" }}
      />
    </>
  );
}

/** The site's card widths (lib/photos/paths.ts PHOTO_WIDTHS); the bench stops if they differ. */
const WIDTHS = [400, 640, 800, 1200];
