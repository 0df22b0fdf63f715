/**
 * The 15 news sections: one definition used by the navigation, the section pages,
 * their metadata, the sitemaps and the feed pipeline.
 */

export interface Section {
  slug: SectionSlug;
  /** Exact title from the product spec. */
  title: string;
  /** Short label for menus. */
  label: string;
  subtitle: string;
  description: string;
  keywords: string[];
  /** Built-in feed addresses; NEWS_FEEDS_FILE may replace them. */
  feeds: string[];
  /** Whether the spec asks for the full SEO set (keywords, social tags, JSON-LD). */
  fullSeo: boolean;
}

export const SECTION_SLUGS = [
  "local",
  "national",
  "world",
  "politics",
  "business",
  "technology",
  "automotive",
  "realestate",
  "health",
  "sports",
  "culture",
  "food",
  "lifestyle",
  "opinion",
  "archives",
] as const;

export type SectionSlug = (typeof SECTION_SLUGS)[number];

const nyt = (name: string) => `https://rss.nytimes.com/services/xml/rss/nyt/${name}.xml`;

export const SECTIONS: readonly Section[] = [
  {
    slug: "local",
    title: "Local News",
    label: "Local",
    subtitle: "What is happening in {{town}} and the towns around it",
    description:
      "Local news for {{town}}: community stories, town government, schools, public safety and the people who make our area home.",
    keywords: ["local news", "{{town}}", "community", "town council", "schools"],
    // No local wire exists yet; the US feed stands in until an operator configures one.
    feeds: [nyt("US")],
    fullSeo: true,
  },
  {
    slug: "national",
    title: "National News",
    label: "National",
    subtitle: "The stories shaping the country today",
    description:
      "National news from across the United States: policy, courts, the economy, weather and the stories people are talking about.",
    keywords: ["national news", "United States", "US news", "breaking news"],
    feeds: ["https://feeds.npr.org/1001/rss.xml"],
    fullSeo: true,
  },
  {
    slug: "world",
    title: "World News",
    label: "World",
    subtitle: "International reporting from every continent",
    description:
      "World news and international affairs: diplomacy, conflict, climate, trade and the people behind the headlines abroad.",
    keywords: ["world news", "international", "global affairs", "foreign policy"],
    feeds: [nyt("World")],
    fullSeo: true,
  },
  {
    slug: "politics",
    title: "Politics & Government",
    label: "Politics",
    subtitle: "Elections, policy and the people who govern",
    description:
      "Politics and government coverage: elections, Congress, the White House, state houses and the policies that affect your life.",
    keywords: ["politics", "government", "elections", "Congress", "policy"],
    feeds: [nyt("Politics")],
    fullSeo: true,
  },
  {
    slug: "business",
    title: "Business & Finance",
    label: "Business",
    subtitle: "Markets, companies and the economy",
    description:
      "Business and finance news: markets, companies, jobs, the economy and what it all means for your money.",
    keywords: ["business news", "finance", "markets", "economy", "stocks"],
    feeds: [nyt("Business")],
    fullSeo: true,
  },
  {
    slug: "technology",
    title: "Technology & Innovation",
    label: "Technology",
    subtitle: "The tools, companies and ideas changing how we live",
    description:
      "Technology news and innovation: gadgets, software, artificial intelligence, startups and the big tech companies.",
    keywords: ["technology", "innovation", "tech news", "AI", "gadgets"],
    feeds: [nyt("Technology")],
    fullSeo: true,
  },
  {
    slug: "automotive",
    title: "Automotive & Energy",
    label: "Automotive",
    subtitle: "Cars, charging and the future of getting around",
    description:
      "Automotive and energy news: new cars, electric vehicles, charging, fuel prices and transportation.",
    keywords: ["automotive", "cars", "electric vehicles", "energy"],
    feeds: [nyt("Automobiles")],
    fullSeo: false,
  },
  {
    slug: "realestate",
    title: "Real Estate & Housing",
    label: "Real Estate",
    subtitle: "Homes, rents and the housing market",
    description:
      "Real estate and housing news: home prices, mortgages, renting, building and neighborhoods.",
    keywords: ["real estate", "housing", "mortgages", "home prices"],
    feeds: [nyt("RealEstate")],
    fullSeo: false,
  },
  {
    slug: "health",
    title: "Health & Wellness",
    label: "Health",
    subtitle: "Medicine, research and living well",
    description:
      "Health and wellness news: medical research, public health, fitness, nutrition and mental health.",
    keywords: ["health", "wellness", "medicine", "public health", "fitness"],
    feeds: [nyt("Health")],
    fullSeo: true,
  },
  {
    slug: "sports",
    title: "Sports",
    label: "Sports",
    subtitle: "Baseball, tennis, golf, hockey and soccer",
    description:
      "Sports news and scores: baseball, tennis, golf, hockey and soccer from the major leagues and tours.",
    keywords: ["sports", "baseball", "tennis", "golf", "hockey", "soccer"],
    feeds: [nyt("Baseball"), nyt("Tennis"), nyt("Golf"), nyt("Hockey"), nyt("Soccer")],
    fullSeo: true,
  },
  {
    slug: "culture",
    title: "Arts & Culture",
    label: "Culture",
    subtitle: "Books, music, theater, film and art",
    description:
      "Arts and culture coverage: books, music, theater, film, television, museums and the artists behind them.",
    keywords: ["arts", "culture", "music", "theater", "film", "books"],
    feeds: [nyt("Arts")],
    fullSeo: true,
  },
  {
    slug: "food",
    title: "Food & Dining",
    label: "Food",
    subtitle: "Restaurants, chefs and what we eat",
    description:
      "Food and dining news: restaurants, chefs, openings, the restaurant industry and food trends.",
    keywords: ["food", "dining", "restaurants", "chefs", "food industry"],
    feeds: ["https://www.nrn.com/rss.xml"],
    fullSeo: true,
  },
  {
    slug: "lifestyle",
    title: "Lifestyle & Fashion",
    label: "Lifestyle",
    subtitle: "Style, trends and everyday living",
    description:
      "Lifestyle and fashion news: style, trends, beauty, design and ideas for everyday living.",
    keywords: ["lifestyle", "fashion", "style", "trends", "beauty"],
    feeds: ["https://www.fashionista.com/.rss/full/"],
    fullSeo: true,
  },
  {
    slug: "opinion",
    title: "Opinion & Editorials",
    label: "Opinion",
    subtitle: "Columns, commentary and argument",
    description:
      "Opinion columns and editorials: commentary and argument on the issues of the day.",
    keywords: ["opinion", "editorials", "columns", "commentary"],
    feeds: [nyt("Opinion")],
    fullSeo: false,
  },
  {
    slug: "archives",
    title: "From the Archives",
    label: "Archives",
    subtitle: "History, records and stories from the past",
    description:
      "From the archives: history, documents and stories from the nation's records, told by the archivists who keep them.",
    keywords: ["archives", "history", "records", "national archives"],
    feeds: ["https://aotus.blogs.archives.gov/feed/"],
    fullSeo: false,
  },
];

export function isSectionSlug(value: string): value is SectionSlug {
  return (SECTION_SLUGS as readonly string[]).includes(value);
}

export function getSection(slug: string): Section | undefined {
  return SECTIONS.find((section) => section.slug === slug);
}

/** The nine sections the footer links to, in the spec's order. */
export const FOOTER_SECTION_SLUGS: readonly SectionSlug[] = [
  "local",
  "national",
  "world",
  "politics",
  "business",
  "technology",
  "sports",
  "culture",
  "opinion",
];

/** The section whose headlines the home page shows as "Breaking News" (the spec: national). */
export const BREAKING_NEWS_SECTION: SectionSlug = "national";
