import { createHash } from "node:crypto";
import { unstable_cache } from "next/cache";
import { publishVersion } from "../cache/freshness.mjs";
import { logger } from "../ops";
import { processSingleton } from "../process";
import { withdrawalTag, withdrawalTags } from "../tags";
import { withArchive } from "./engine";
import type { Withdrawal } from "./types";
import { startWatch } from "./watch";

/**
 * Withdrawn headlines: an editor's (one publication) or the operators' ("*": every one).
 * The archive holds them; every instance keeps a copy in memory, read again every
 * WATCH_MS, so a page render filters its headlines without asking a database (and keeps
 * filtering while the database is away). When the set of a publication changes, a new version
 * of its withdrawal tag is published (lib/cache/freshness.mjs): every cached page that shows
 * its headlines and was written before is a miss, on this instance and, with Redis, on all.
 */
export const WATCH_MS = 2000;

const state = processSingleton("archive-withdrawals", () => ({
  byTarget: new Map<string, Set<string>>(),
  digests: new Map<string, string>(),
  changedAt: -1,
}));

const digestOf = (links: Iterable<string>) =>
  createHash("sha256")
    .update([...links].sort().join("\n"))
    .digest("base64url")
    .slice(0, 16);

/** Reads the withdrawals in force, and announces the publications whose set changed. */
export async function watchWithdrawals(): Promise<void> {
  const { list, changedAt } = await withArchive((engine) => engine.withdrawals());
  if (changedAt === state.changedAt) return;
  const byTarget = new Map<string, Set<string>>();
  for (const { publication, link } of list) {
    let links = byTarget.get(publication);
    if (!links) byTarget.set(publication, (links = new Set()));
    links.add(link);
  }
  const now = Date.now();
  for (const target of new Set([...byTarget.keys(), ...state.digests.keys()])) {
    const digest = digestOf(byTarget.get(target) ?? []);
    if (state.digests.get(target) === digest) continue;
    state.digests.set(target, digest);
    // At start, what was written before the last change is stale; later, before now.
    const since = state.changedAt < 0 ? changedAt : now;
    await publishVersion(withdrawalTag(target), digest, { confirmedAt: now, changedAt: since });
  }
  state.byTarget = byTarget;
  state.changedAt = changedAt;
}

/** Starts reading the withdrawals every WATCH_MS (instrumentation-node.ts). */
export function startWithdrawalWatch(): void {
  startWatch("withdrawals", WATCH_MS, watchWithdrawals);
}

/** Whether a link is withdrawn from the publication (its key), as this instance last read. */
export function isWithdrawn(publicationKey: string, link: string): boolean {
  return !!(state.byTarget.get(publicationKey)?.has(link) || state.byTarget.get("*")?.has(link));
}

/**
 * Marks the render as showing the publication's headlines: what it makes carries the
 * publication's withdrawal tags, and is a miss once a withdrawal changes them.
 */
export async function tagWithWithdrawals(publicationKey: string): Promise<void> {
  await unstable_cache(async () => true, ["withdrawals", publicationKey], {
    tags: withdrawalTags(publicationKey),
  })();
}

export interface WithdrawalChange {
  /** A publication's key, or "*" for every publication. */
  target: string;
  link: string;
  /** Who asked: "editors of <key>" or "operators". */
  by: string;
}

/** Withdraws (or restores) a link; answers whether anything changed. */
export async function changeWithdrawal(
  change: WithdrawalChange,
  restore: boolean,
): Promise<boolean> {
  const at = Date.now();
  const changed = await withArchive((engine) =>
    restore
      ? engine.restore(change.target, change.link)
      : engine.withdraw({
          publication: change.target,
          link: change.link,
          by: change.by,
          at,
        } satisfies Withdrawal),
  );
  logger().warn(
    { event: restore ? "headline-restored" : "headline-withdrawn", ...change, changed },
    `${restore ? "restored" : "withdrew"} ${change.link} (${change.target}) by ${change.by}`,
  );
  await watchWithdrawals().catch(() => undefined);
  return changed;
}
