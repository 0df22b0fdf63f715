import { HomePage } from "@/components/home/home-page";
import { optionalCatchAll } from "@/components/not-found/optional-catch-all";
import { pageFor } from "@/lib/pages";
import { pageMetadata } from "@/lib/seo";

/**
 * "/" and every deeper path no other route claims (single segments end in
 * app/[publication]/[section]): an optional catch-all (see optionalCatchAll). The 404s are
 * cached like any page, and lib/cache/cache-handler.mjs keeps them in memory, so random
 * addresses never fill the disk.
 */
export const revalidate = 300;

const route = optionalCatchAll("", "path", {
  metadata: (publication) => pageMetadata(publication, pageFor(publication, "/")),
  render: (publication) => <HomePage publication={publication} />,
});

export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
