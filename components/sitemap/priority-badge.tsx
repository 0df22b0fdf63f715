import type { SitemapPriority } from "@/lib/sitemap-texts";
import styles from "./sitemap.module.css";

const CLASS: Record<SitemapPriority, string | undefined> = {
  High: styles.high,
  Medium: styles.medium,
  Low: styles.low,
};

export function PriorityBadge({ priority }: { priority: SitemapPriority }) {
  return (
    <span className={`${styles.badge} ${CLASS[priority] ?? ""}`}>
      <span className="visually-hidden">Priority: </span>
      {priority}
    </span>
  );
}
