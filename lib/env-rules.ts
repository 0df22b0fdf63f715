/**
 * The rules lib/env.ts parses its variables with: URLs, whole numbers, lists, ports, origins and
 * the few addresses with rules of their own. Kept apart so that lib/env.ts is the list of
 * variables and how they relate; lib/env.ts alone imports this file.
 */
import { z } from "zod";
import { got, httpUrl } from "./validation/rules.mjs";

// Messages leave out the variable's name: parseConfig puts it in front from the issue's path.
export const toUrl = (value: string) => new URL(value);
export const url = httpUrl().transform(toUrl);
export const whole = (value: string, max: number) =>
  /^\d+$/.test(value) && +value >= 1 && +value <= max;
export const wholeNumber = (fallback: number, max: number) =>
  z
    .string()
    .refine((v) => whole(v, max), got(`must be a whole number from 1 to ${max}`))
    .transform(Number)
    .default(fallback);
export const commaList = z
  .string()
  .transform((value) => value.split(",").map((part) => part.trim()));
export const port = z
  .string()
  .refine(
    (v) => v.length <= 5 && whole(v, 65535),
    got("must be comma-separated port numbers (1-65535)"),
  )
  .transform(Number);

export const isOrigin = (value: URL) => value.pathname === "/" && !value.search && !value.hash;
const bareOrigin = (value: string) => isOrigin(toUrl(value)) && !toUrl(value).port;
export const radioOrigin = httpUrl()
  .pipe(
    z.string().refine(bareOrigin, got("must be a scheme and host only (no port, path or query)")),
  )
  .transform(toUrl);

export const redisUrl = z.string().superRefine((value, ctx) => {
  if (!URL.canParse(value))
    return ctx.addIssue(`must be a redis:// or rediss:// URL, got "${value}"`);
  const { protocol, hostname } = toUrl(value);
  if (!/^rediss?:$/.test(protocol)) ctx.addIssue(`must use redis or rediss, got "${protocol}"`);
  else if (!hostname) ctx.addIssue(`must name a host, got "${value}"`);
});

/** Its URL is the one with a banner id in place of {id}. */
export const adScriptUrl = z.string().superRefine((value, ctx) => {
  const asUrl = httpUrl().safeParse(value.replace("{id}", "0"));
  for (const issue of asUrl.error?.issues ?? []) ctx.addIssue(issue.message);
  if (!value.includes("{id}"))
    ctx.addIssue('must contain the "{id}" placeholder for the banner id');
});

/**
 * An embed that may differ by publication: "{domain}" in its path or query becomes the
 * publication's domain (lib/publication/embeds.ts). Its origin is fixed, as the security
 * headers, built once for the whole network, name it.
 */
export const perPublicationUrl = url.refine(
  (value) => !value.origin.includes("{domain}"),
  got('may hold "{domain}" in its path or query only'),
);

export const partnerDocUrls = z.array(url).refine((list) => list.length === 3, {
  error: (issue) =>
    `must list exactly 3 comma-separated URLs, got ${(issue.input as URL[]).length}`,
  when: () => true, // told even when a listed URL is malformed too
});
