import { BLOG_COPY } from "../blog";
import { BOOKS_CATALOGUE, FAQ_ENTRIES } from "../content";
import { BREAKING_NEWS_SECTION, SECTIONS, type SectionSlug } from "../news";
import { fillPublication, type Publication } from "../publication";

/** How often a page changes, as the sitemaps protocol names it. */
export type ChangeFrequency =
  "always" | "hourly" | "daily" | "weekly" | "monthly" | "yearly" | "never";

/**
 * A page of a publication, declared once: its metadata, the human sitemap, the XML sitemaps,
 * llms.txt and the menus all read it. Texts may name the publication through the placeholders
 * of lib/publication (`{{name}}`, `{{town}}`, `{{network}}`…) and `{{description}}`, the
 * publication's own description; `pageFor` fills them in.
 */
export interface SitePage {
  path: string;
  /** The document's title (before " | <publication>"); the spec's exact text. */
  title: string;
  /** How lists (the sitemap, llms.txt) name it, where that is not its title. */
  name?: string;
  /** How menus name it, where shorter than its name. */
  navLabel?: string;
  /** One description: the meta description, the sitemap's line, llms.txt's. */
  description: string;
  /** The news sections whose headlines it shows: a refresh of one expires these pages. */
  sections: readonly SectionSlug[];
  /** Its entry in the XML sitemap (priority: a weight from 0 to 1). */
  sitemap?: { changeFrequency: ChangeFrequency; priority: number };
  /** Kept out of search engines (robots noindex, its links followed) and out of every list. */
  noindex?: true;
}

const KEY_PAGE_LIST = [
  {
    path: "/",
    title: "Today's Headlines",
    name: "Home",
    description: "{{description}}",
    sections: [BREAKING_NEWS_SECTION],
    sitemap: { changeFrequency: "hourly", priority: 1 },
  },
  {
    path: "/blog",
    title: BLOG_COPY.title,
    description: BLOG_COPY.description,
    sections: [],
    sitemap: { changeFrequency: "daily", priority: 0.9 },
  },
  {
    path: "/events",
    title: "Local Events",
    description:
      "What is on in {{town}}: concerts, markets, meetings, sports and family events, updated by the community.",
    sections: [],
    sitemap: { changeFrequency: "daily", priority: 0.7 },
  },
  {
    path: "/market-news",
    title: "Market News",
    description:
      "Market news in pictures: the latest stories on stocks, bonds, commodities and the economy.",
    sections: [],
    sitemap: { changeFrequency: "daily", priority: 0.7 },
  },
  {
    path: "/analysis",
    title: "Market Analysis",
    description:
      "Expert analysis of market trends and educational resources on technical and fundamental analysis.",
    sections: [],
    sitemap: { changeFrequency: "weekly", priority: 0.6 },
  },
  {
    path: "/radio",
    title: "Live Radio",
    navLabel: "Radio",
    description:
      "{{name}}'s 24/7 live radio stream, right in your browser: news, talk and music from {{town}}.",
    sections: [],
    sitemap: { changeFrequency: "monthly", priority: 0.6 },
  },
  {
    path: "/books",
    title: "Books",
    description: `All ${BOOKS_CATALOGUE.length} books from Riverbend Chronicle Press: the Billionaire series of ebooks and a 1904 classic on the science of breath, on Amazon.`,
    sections: [],
    sitemap: { changeFrequency: "monthly", priority: 0.5 },
  },
  {
    path: "/faq",
    title: "Frequently Asked Questions",
    navLabel: "FAQ",
    description: `Answers to ${FAQ_ENTRIES.length} common questions about {{name}}: our sections, headlines, blog, radio, advertising and corrections.`,
    sections: [],
    sitemap: { changeFrequency: "monthly", priority: 0.6 },
  },
  {
    path: "/resources",
    title: "Resources",
    description:
      "Guides, tutorials and outside reading for readers getting started with markets and personal investing.",
    sections: [],
    sitemap: { changeFrequency: "monthly", priority: 0.5 },
  },
  {
    path: "/partners",
    title: "Partners",
    description:
      "Partner with {{name}}: our media kit, the {{network}} partnership guide and community sponsorship.",
    sections: [],
    sitemap: { changeFrequency: "monthly", priority: 0.5 },
  },
  {
    path: "/contact",
    title: "Contact Us",
    description:
      "Send a story tip, a correction, a letter to the editor or an advertising enquiry to {{name}}.",
    sections: [],
    sitemap: { changeFrequency: "yearly", priority: 0.5 },
  },
  {
    path: "/archive",
    title: "Archive",
    name: "Headline Archive",
    description:
      "Every headline {{name}} has carried, day by day: each day's stories from every section and the blog.",
    sections: [],
    sitemap: { changeFrequency: "daily", priority: 0.6 },
  },
  {
    path: "/sitemap",
    title: "Sitemap",
    description:
      "Every page of {{name}} in one place: news sections, markets, the blog, events, resources and our policies.",
    sections: [],
    sitemap: { changeFrequency: "weekly", priority: 0.4 },
  },
  {
    path: "/privacy",
    title: "Privacy Policy",
    description:
      "How {{name}} collects, uses and protects information about readers, and the rights you have.",
    sections: [],
    sitemap: { changeFrequency: "yearly", priority: 0.3 },
  },
  {
    path: "/terms",
    title: "Terms of Service",
    description:
      "The terms that apply when you read and use the website, radio stream and services of {{name}}.",
    sections: [],
    sitemap: { changeFrequency: "yearly", priority: 0.3 },
  },
  {
    // Result pages are the reader's query, not for search engines.
    path: "/search",
    title: "Search",
    description:
      "Search every headline {{name}} has carried, by section and date, and the posts on our blog.",
    sections: [],
    noindex: true,
  },
] as const satisfies readonly SitePage[];

/** Every page that is not a section page. */
export const KEY_PAGES: readonly SitePage[] = KEY_PAGE_LIST;

/** The 15 section pages, from the section definitions (lib/news/sections.ts). */
export const SECTION_PAGES: readonly SitePage[] = SECTIONS.map((section) => ({
  path: `/${section.slug}`,
  title: section.title,
  description: section.description,
  sections: [section.slug],
  sitemap: { changeFrequency: "hourly", priority: section.fullSeo ? 0.8 : 0.7 },
}));

/** A path this module declares. */
export type PagePath = (typeof KEY_PAGE_LIST)[number]["path"] | `/${SectionSlug}`;

const ALL_PAGES: readonly SitePage[] = [...SECTION_PAGES, ...KEY_PAGES];
const BY_PATH = new Map(ALL_PAGES.map((page) => [page.path, page]));

/** The page at `path`, its texts with placeholders (see SitePage). */
export function sitePage(path: PagePath): SitePage {
  const page = BY_PATH.get(path);
  if (!page) throw new Error(`"${path}" is not a page of lib/pages`);
  return page;
}

/** How lists and menus name a page. */
export function pageName(page: SitePage): string {
  return page.name ?? page.title;
}

/** A page with its texts filled in for the publication that shows it. */
export function localizePage(page: SitePage, publication: Publication): SitePage {
  const fill = (text: string) =>
    fillPublication(text.replaceAll("{{description}}", publication.description), publication);
  return {
    ...page,
    title: fill(page.title),
    name: page.name === undefined ? undefined : fill(page.name),
    navLabel: page.navLabel === undefined ? undefined : fill(page.navLabel),
    description: fill(page.description),
  };
}

/** The page at `path` as `publication` shows it. */
export function pageFor(publication: Publication, path: PagePath): SitePage {
  return localizePage(sitePage(path), publication);
}

/**
 * The paths of the pages that show a section's headlines: the section's own page, and the
 * home page for the section its "Breaking News" block shows (["/national", "/"]).
 */
export function pathsShowingSection(slug: SectionSlug): string[] {
  return ALL_PAGES.filter((page) => page.sections.includes(slug)).map((page) => page.path);
}
