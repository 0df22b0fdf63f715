// @ts-check
/**
 * A publication's `feeds` in the publications file (publications-file.mjs), checked apart from
 * zod's record of arrays: plain JavaScript, as that file is.
 */
import { z } from "zod";
import { checkHttpUrl } from "../validation/rules.mjs";

/** @param {unknown} value @returns {value is Record<string, unknown>} */
export function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A publication's feeds, `{ "<section>": [1 to 20 URLs] }`, each URL checked and normalised as
 * the file's other URLs are (checkHttpUrl). Checked here rather than by a zod record of
 * arrays: a network of 3,000 publications lists 45,000 feed URLs, most of them the same wires,
 * and the file took 360 ms to validate at a start, 80 without its feeds. A distinct URL is
 * checked once a file (the file: 167 ms). Which sections a publication may name is lib/news's to
 * check (checkPublicationFeeds, at start): that list is the app's, not the file's.
 */
export function feedsSchema() {
  const FEEDS = "must list 1 to 20 feed URLs";
  const SHAPE = 'must be an object { "<section>": [urls] }';
  /** @type {Map<unknown, ReturnType<typeof checkHttpUrl>>} */
  const checked = new Map();
  /** @param {unknown} value */
  const check = (value) => {
    let result = checked.get(value);
    if (result === undefined) checked.set(value, (result = checkHttpUrl(value, "value")));
    return result;
  };
  return z.any().transform((value, ctx) => {
    /** @type {Partial<Record<string, string[]>>} */
    const feeds = {};
    if (!isObject(value)) {
      ctx.addIssue({ code: "custom", message: SHAPE });
      return feeds;
    }
    for (const [section, list] of Object.entries(value)) {
      if (!Array.isArray(list) || list.length < 1 || list.length > 20) {
        ctx.addIssue({ code: "custom", message: FEEDS, path: [section] });
      } else {
        feeds[section] = list.map((item, index) => {
          const result = check(item);
          if (typeof result === "string") return result;
          ctx.addIssue({ code: "custom", message: result.problem, path: [section, index] });
          return "";
        });
      }
    }
    return feeds;
  });
}
