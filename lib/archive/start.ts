import { config } from "../env";
import { logger } from "../ops";
import { onShutdown } from "../process";
import { withArchive } from "./engine";
import { recordCarriage, setCarriageSource } from "./recorder";
import type { CarriageRow } from "./types";
import { startStoryWatch } from "./story-marks";
import { startWithdrawalWatch } from "./withdrawals";

/** How often headlines past ARCHIVE_RETENTION_DAYS are removed. */
const PRUNE_MS = 60 * 60 * 1000;

/**
 * The archive's background work, started with the server (instrumentation-node.ts): the
 * network's carriage kept (from `carriage`, which answers the same list while the network is
 * unchanged), the withdrawals and the stories' changes watched, and, with ARCHIVE_RETENTION_DAYS, old headlines removed
 * every hour.
 */
export function startArchive(carriage: () => readonly CarriageRow[]): void {
  setCarriageSource(carriage);
  recordCarriage();
  startWithdrawalWatch();
  startStoryWatch();
  const days = config().archive.retentionDays;
  if (days === null) return;
  const prune = () =>
    withArchive((engine) => engine.prune(Date.now() - days * 86_400_000), 60_000)
      .then((removed) => {
        if (removed > 0)
          logger().info(
            { event: "archive-pruned", removed, days },
            `archive: removed ${removed} headlines older than ${days} days`,
          );
      })
      .catch(() => undefined);
  void prune();
  const timer = setInterval(prune, PRUNE_MS).unref();
  onShutdown(async () => clearInterval(timer));
}
