import { createHash } from "node:crypto";

/**
 * The tag of everything made from one feed (merged sections, and the pages showing them):
 * POST /api/revalidate expires it after reading the feed again, so the refresh shows on every
 * publication that lists the feed, and only there. Hashed: tags are short, addresses need not be.
 * The tag of one version of the feed's copy is this tag, "@", and the version
 * (lib/cache/freshness.mjs).
 */
export function feedTag(url: string): string {
  return `feed:${createHash("sha256").update(url).digest("base64url").slice(0, 22)}`;
}
