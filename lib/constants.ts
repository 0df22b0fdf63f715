/** Cache tag names, in one place. */
export const TAGS = {
  headlines: "headlines",
  blog: "blog",
} as const;
