/**
 * The same trivial page, rendered on its first request and then cached, as the site's pages
 * with live data are (the build is offline). Served from the cache like the one at "/", but a
 * server that has rendered any page keeps Node's promise hooks switched on (Next's
 * AsyncLocalStorage), so this measures what runtime rendering costs every later request.
 * `npm run bench` serves it from a second server, so the ceiling at "/" never pays it.
 */
export const revalidate = 300;

export function generateStaticParams() {
  return [];
}

export default function Page() {
  return <h1>Hello</h1>;
}
