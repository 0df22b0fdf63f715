import { ErrorBox } from "@/components/ui/error-box";
import type { SectionHeadlines } from "@/lib/news/types";
import { ArticleCard } from "./article-card";
import { ExpandableList } from "./expandable-list";
import styles from "./news.module.css";

/** A section's headlines: the first `limit` shown, the rest one click away; or the error. */
export function ArticleGrid({ headlines, limit }: { headlines: SectionHeadlines; limit: number }) {
  if (headlines.status === "error") return <ErrorBox message={headlines.message} />;
  if (headlines.articles.length === 0) {
    return <p className={styles.empty}>No headlines right now. Check back soon.</p>;
  }
  return (
    <ExpandableList total={headlines.articles.length} limit={limit}>
      {headlines.articles.map((article, index) => (
        <ArticleCard key={article.link} article={article} extra={index >= limit} />
      ))}
    </ExpandableList>
  );
}
