import { SiteLink } from "@/components/ui/site-link";
import styles from "./news.module.css";

/** Under a section's headlines: where the ones that left it are (every day of the archive). */
export function EarlierHeadlines() {
  return (
    <p className={styles.earlier}>
      Earlier headlines: <SiteLink href="/archive">the archive</SiteLink>, day by day.
    </p>
  );
}
