import { SiteLink } from "@/components/ui/site-link";
import { Markdown } from "@/components/ui/markdown";
import { VideoBlock } from "@/components/ui/video-block";
import type { BlogPost } from "@/lib/blog";
import { formatPublishedDate } from "@/lib/dates";
import { PostImageCard } from "./post-image-card";
import styles from "./post.module.css";

/** A loaded post: header, optional image card, the body, the optional short video, the footer. */
/** `timeZone`: the publication's, in which its date is told. */
export function BlogPostArticle({ post, timeZone }: { post: BlogPost; timeZone: string }) {
  const published = formatPublishedDate(post.date, timeZone);
  return (
    <article className={styles.post}>
      <SiteLink href="/blog" className={styles.back}>
        <span aria-hidden="true">←</span>Back to Blog
      </SiteLink>
      <header className={styles.header}>
        <h1 className={styles.title}>{post.metaTitle}</h1>
        <time dateTime={post.date} className={styles.date}>
          {published}
        </time>
        {post.shortTailKeywords.length > 0 ? (
          <ul className={styles.keywords} aria-label="Keywords">
            {post.shortTailKeywords.map((keyword) => (
              <li key={keyword}>{keyword}</li>
            ))}
          </ul>
        ) : null}
        {post.metaDescription ? <p className={styles.lead}>{post.metaDescription}</p> : null}
      </header>

      {post.pinterestImageLink ? (
        <PostImageCard
          href={post.pinterestImageLink}
          imageUrl={post.imageUrl}
          title={post.metaTitle}
        />
      ) : null}

      <Markdown>{post.body}</Markdown>

      {post.youtubeShortsUrl ? (
        <section className={styles.video} aria-label="Video">
          <VideoBlock url={post.youtubeShortsUrl} title={`Video: ${post.metaTitle}`} />
        </section>
      ) : null}

      <footer className={styles.footer}>
        {post.longTailKeywords.length > 0 ? (
          <section aria-labelledby="related-topics">
            <h2 id="related-topics" className={styles.footerHeading}>
              Related Topics
            </h2>
            <ul className={styles.topics}>
              {post.longTailKeywords.map((keyword) => (
                <li key={keyword}>{keyword}</li>
              ))}
            </ul>
          </section>
        ) : null}
        <div className={styles.footerRow}>
          <p className={styles.published}>Published on {published}</p>
          <SiteLink href="/blog" className={styles.more}>
            More Articles<span aria-hidden="true">→</span>
          </SiteLink>
        </div>
      </footer>
    </article>
  );
}
