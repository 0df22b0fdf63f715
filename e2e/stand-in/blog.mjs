/**
 * The blog functions host (spec calls #2 and #3), with 30 sample posts:
 *   GET /functions/v1/get_metainfo?domain=&page=   → { total, blogs[] }, 12 per page
 *   GET /functions/v1/get_details?slug=[&domain=]  → the post (of that domain's), or 404
 * Both demand `Authorization: Bearer <BLOG_KEY>` and answer 401 otherwise, as the real host
 * does. The last request to each is kept for tests (`/__control/requests`).
 */
import blogCatalogue from "./blog-catalogue.cjs";

const { BLOG_KEY, BLOG_PAGE_SIZE, postsForDomain, unlistedPosts } = blogCatalogue;

/** @import { IncomingMessage, ServerResponse } from "node:http" */
/** @import { Route, Send, StandInState } from "./server.mjs" */

/** @param {Send} send @param {ServerResponse} res @param {number} status @param {unknown} body */
const json = (send, res, status, body) =>
  send(res, status, JSON.stringify(body), "application/json; charset=utf-8");

/** @param {IncomingMessage} req @param {ServerResponse} res @param {Send} send */
function authorised(req, res, send) {
  if (req.headers.authorization === `Bearer ${BLOG_KEY}`) return true;
  json(send, res, 401, { error: "missing or wrong bearer token" });
  return false;
}

/**
 * @param {StandInState} state @param {string} name @param {IncomingMessage} req @param {URL} url
 */
function remember(state, name, req, url) {
  state.requests ??= new Map();
  state.requests.set(name, {
    query: Object.fromEntries(url.searchParams),
    authorization: req.headers.authorization ?? null,
  });
}

/** @type {Route[]} */
export const blogRoutes = [
  [
    "GET",
    /^\/functions\/v1\/get_metainfo$/,
    (req, res, { url, state, send }) => {
      remember(state, "get_metainfo", req, url);
      if (!authorised(req, res, send)) return;
      const page = Number(url.searchParams.get("page"));
      if (!url.searchParams.get("domain") || !Number.isInteger(page) || page < 1) {
        return json(send, res, 400, { error: "domain and page are required" });
      }
      const posts = postsForDomain(url.searchParams.get("domain"), url.origin);
      const start = (page - 1) * BLOG_PAGE_SIZE;
      json(send, res, 200, {
        total: posts.length,
        blogs: posts.slice(start, start + BLOG_PAGE_SIZE).map((post) => ({
          id: post.id,
          slug: post.slug,
          metaTitle: post.metaTitle,
          metaDescription: post.metaDescription,
          pinterestImageLink: post.logo ?? null,
        })),
      });
    },
  ],
  [
    "GET",
    /^\/functions\/v1\/get_details$/,
    (req, res, { url, state, send }) => {
      remember(state, "get_details", req, url);
      if (!authorised(req, res, send)) return;
      // A domain, when the caller sends one, scopes the slug to that publication's posts.
      const domain = url.searchParams.get("domain");
      const post = [...postsForDomain(domain, url.origin), ...unlistedPosts()].find(
        (entry) => entry.slug === url.searchParams.get("slug"),
      );
      if (!post) return json(send, res, 404, { error: "not found" });
      const { logo: _logo, ...details } = post;
      json(send, res, 200, details);
    },
  ],
];
