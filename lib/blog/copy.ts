/** The blog's fixed texts, in one place (pages, metadata, sitemap and feeds use them). */
export const BLOG_COPY = {
  title: "Blog",
  subtitle: "Stories, guides and notes from the {{shortName}} newsroom.",
  description:
    "{{name}}'s newsroom blog: how we report, guides to life in {{town}}, and notes from our editors.",
} as const;
