import type { Metadata } from "next";
import type { ReactNode } from "react";
import { publicationFromParams, type Publication } from "@/lib/publication";
import { notFoundMetadata } from "@/lib/seo";
import { NotFoundPage } from "./not-found-page";

type Params<Key extends string> = Promise<{ publication: string } & { [key in Key]?: string[] }>;

/**
 * The routes that are an optional catch-all: "/" (app/[publication]/[[...path]]), /blog and
 * /sitemap (their [[...rest]]). Each page reads outside data (headlines, the blog host), so the
 * offline build must not render it, as it would a plain page.tsx: with no static params it
 * renders on its first request and is then cached (the route's `revalidate`), and its address
 * reaches it without a rewrite (a rewrite costs every request its matching, about a tenth of
 * the server's time per cached page). Every deeper address no other route claims ends in the
 * same route and is a 404: NotFoundPage logs it and answers in full.
 *
 * `base` is the route's own address ("" for "/"), `key` its catch-all segment's name.
 */
export function optionalCatchAll<Key extends string>(
  base: string,
  key: Key,
  page: {
    metadata: (publication: Publication) => Metadata | Promise<Metadata>;
    render: (publication: Publication) => ReactNode | Promise<ReactNode>;
  },
) {
  async function read(params: Params<Key>) {
    return { publication: await publicationFromParams(params), rest: (await params)[key] };
  }
  return {
    generateStaticParams(): { [key in Key]: string[] }[] {
      return [];
    },
    async generateMetadata({ params }: { params: Params<Key> }): Promise<Metadata> {
      const { publication, rest } = await read(params);
      return rest ? notFoundMetadata("site") : page.metadata(publication);
    },
    async Page({ params }: { params: Params<Key> }) {
      const { publication, rest } = await read(params);
      if (rest) return <NotFoundPage kind="site" path={`${base}/${rest.join("/")}`} />;
      return page.render(publication);
    },
  };
}
