import { renderToStaticMarkup } from "react-dom/server";
import type { BlogListResult } from "@/lib/blog";
import type { BlogSummary } from "@/lib/blog";
import { RecentPostsCard } from "./recent-posts-card";

const summary = (n: number): BlogSummary => ({
  id: String(n),
  slug: `post-${n}`,
  metaTitle: `Post ${n}`,
  metaDescription: `About post ${n}`,
  logoUrl: null,
  date: null,
});

const ok = (total: number, shown = Math.min(total, 12)): BlogListResult => ({
  status: "ok",
  page: 1,
  total,
  totalPages: Math.ceil(total / 12),
  blogs: Array.from({ length: shown }, (_, i) => summary(i + 1)),
});

const render = (list: BlogListResult) =>
  renderToStaticMarkup(<RecentPostsCard list={list} timeZone="America/Chicago" />);
const postLinks = (html: string) => html.match(/href="\/blog\/post-\d+"/g) ?? [];

describe("RecentPostsCard", () => {
  it("shows the spec's message, and no count or links, when the list fails", () => {
    const html = render({ status: "error", message: "Failed to fetch blogs" });
    expect(html).toContain('role="alert"');
    expect(html).toContain("Failed to load blog posts");
    expect(html).toContain("Please try again later.");
    expect(html).not.toContain("Failed to fetch blogs");
    expect(html).not.toContain("View All Blog Posts");
    expect(postLinks(html)).toHaveLength(0);
  });

  it("shows at most nine posts, the total, and View All when the total is above nine", () => {
    const html = render(ok(30));
    expect(postLinks(html)).toHaveLength(9);
    expect(html).toContain('30<span class="visually-hidden"> posts in all</span>');
    expect(html).toContain('href="/blog"');
    expect(html).toContain("View All Blog Posts");
  });

  it("has no View All link when the total is nine or fewer", () => {
    const html = render(ok(9));
    expect(postLinks(html)).toHaveLength(9);
    expect(html).not.toContain("View All Blog Posts");
    expect(postLinks(render(ok(2)))).toHaveLength(2);
  });

  it("says so when the blog is empty", () => {
    const html = render(ok(0));
    expect(html).toContain("No blog articles found");
    expect(html).not.toContain("View All Blog Posts");
  });
});
