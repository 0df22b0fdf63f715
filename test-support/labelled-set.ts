import { readFileSync } from "node:fs";
import path from "node:path";

/** An item of the stories' labelled set (lib/archive/stories/labelled-set.json). */
export interface LabelledItem {
  story: string;
  feed: string;
  title: string;
  description: string;
  link: string;
  publishedAt: string;
}

/** The labelled set's items: many feeds, stories of several copies, plain titles. */
export const labelledItems = (): LabelledItem[] =>
  (
    JSON.parse(
      readFileSync(path.join(__dirname, "../lib/archive/stories/labelled-set.json"), "utf8"),
    ) as { items: LabelledItem[] }
  ).items;
