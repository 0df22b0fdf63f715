import { SiteLink } from "@/components/ui/site-link";
import { config } from "@/lib/env";
import { AD_PLACEMENTS, type AdPlacement } from "@/lib/ad-placements";
import { AdScript } from "./ad-script";
import styles from "./ad-slot.module.css";

/**
 * An advertising banner slot. Its minimum height is reserved so nothing shifts when the
 * banner arrives. With an ad network configured (AD_SCRIPT_URL) the script is loaded only
 * when the slot nears the viewport and removed when the slot unmounts; without one, a
 * labelled house placeholder of the same size is shown.
 *
 * `wideOnly` slots are hidden on phones, where the spec shows a single banner.
 */
export function AdSlot({
  placement,
  town,
  wideOnly = false,
}: {
  placement: AdPlacement;
  /** The publication's town, named by the house placeholder. */
  town: string;
  wideOnly?: boolean;
}) {
  const { bannerId, mobileBannerId, minHeight } = AD_PLACEMENTS[placement];
  const scriptUrl = config().adScriptUrl;
  const className = `${styles.slot} ${wideOnly ? styles.wideOnly : ""}`;

  return (
    // Each placement is named apart: several slots share a page (landmarks must be unique).
    <aside aria-label={`Advertisement (${placement})`} className={className} style={{ minHeight }}>
      <span className={styles.label}>Advertisement</span>
      {scriptUrl ? (
        <AdScript scriptUrl={scriptUrl} bannerId={bannerId} mobileBannerId={mobileBannerId} />
      ) : (
        <div className={styles.placeholder}>
          <p className={styles.placeholderTitle}>Reach readers across {town}</p>
          <p>Your business could be featured in this space.</p>
          <SiteLink href="/contact" className={styles.placeholderLink}>
            Advertise with us
          </SiteLink>
        </div>
      )}
    </aside>
  );
}
