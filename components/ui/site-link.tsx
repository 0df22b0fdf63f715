import Link from "next/link";
import type { ComponentProps } from "react";

/**
 * The site's own links: next/link without prefetching. A prefetch fetches only the route's tree
 * here (every page is rendered per publication), and the click fetches the whole page anyway;
 * on a slow phone each prefetch was two requests and main-thread tasks during start-up
 * (docs/benchmarks.md). The only file that imports next/link (eslint.config.mjs).
 */
export function SiteLink(props: Omit<ComponentProps<typeof Link>, "prefetch">) {
  return <Link {...props} prefetch={false} />;
}
