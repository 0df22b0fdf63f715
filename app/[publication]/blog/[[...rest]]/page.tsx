import { BlogList } from "@/components/blog/blog-list";
import { optionalCatchAll } from "@/components/not-found/optional-catch-all";
import { getBlogList } from "@/lib/blog";
import { pageFor } from "@/lib/pages";
import { pageMetadata } from "@/lib/seo";

/**
 * /blog, the list's first page, and any deeper blog path no other route claims (posts are
 * app/[publication]/blog/[slug], later list pages app/[publication]/blog/page/[page]), which is
 * 404: an optional catch-all (see optionalCatchAll).
 */
export const revalidate = 300;

const route = optionalCatchAll("/blog", "rest", {
  metadata: (publication) => pageMetadata(publication, pageFor(publication, "/blog")),
  render: async (publication) => (
    <BlogList publication={publication} page={1} list={await getBlogList(publication, 1)} />
  ),
});

export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
