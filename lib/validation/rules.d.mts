import type { z } from "zod";

export function got(message: string): { error: (issue: { input?: unknown }) => string };
/** Typed for strings, what the configuration gives it; it takes any value (see rules.mjs). */
export function httpUrl(options?: { quote?: "scheme" | "value" }): z.ZodType<string, string>;
/** An IANA time zone name the runtime knows. */
export function timeZone(): z.ZodType<string, string>;
