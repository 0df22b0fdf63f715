import { revalidateTag } from "next/cache";
import { changeWithdrawal } from "../../archive";
import type { Publication } from "../../publication";
import { withdrawalTag } from "../../tags";

/**
 * An editor's or operator's withdrawal of a headline (POST /api/headlines/withdraw), or its
 * undoing. An editor's acts on their publication alone; the operators' on every publication
 * ("*"). The archive keeps it and logs who asked (lib/archive/withdrawals.ts); every instance
 * reads it within its watch (2 s) and publishes a new version of the withdrawal tag, so pages
 * written before are misses everywhere. On this instance the target's pages also expire now
 * (expire 0: the next reader gets a page without the headline), which only a request can ask.
 */

export interface WithdrawalOutcome {
  /** The publication's key, or "*" for every publication. */
  target: string;
  changed: boolean;
}

export async function withdrawHeadline(
  publication: Publication,
  scope: "network" | "publication",
  link: string,
  restore: boolean,
): Promise<WithdrawalOutcome> {
  const target = scope === "network" ? "*" : publication.key;
  const by = scope === "network" ? "operators" : `editors of ${publication.key}`;
  const changed = await changeWithdrawal({ target, link, by }, restore);
  // Every page that shows a publication's headlines carries its tag and the operators' (lib/tags.ts).
  if (changed) revalidateTag(withdrawalTag(target), { expire: 0 });
  return { target, changed };
}
