import { expect, test } from "./fixtures";

/** Every page of the foundation answers 200 with the spec's texts. */
const PAGES: { path: string; texts: string[]; title: RegExp }[] = [
  { path: "/events", texts: ["Local Events"], title: /^Local Events \| The Riverbend Chronicle$/ },
  {
    path: "/market-news",
    texts: ["Market News", "Learn More", "Stock market", "Financial market"],
    title: /^Market News \|/,
  },
  {
    path: "/analysis",
    texts: [
      "Expert Analysis",
      "Market Trends Overview",
      "Educational Resources",
      "Technical analysis",
      "Fundamental analysis",
    ],
    title: /^Market Analysis \|/,
  },
  {
    path: "/resources",
    texts: [
      "Guides & Tutorials",
      "Getting Started with Stock Trading",
      "Trading Tools & Resources",
      "External Resources",
      "Understanding Market Cycles",
      "Risk Management Strategies",
      "Portfolio Diversification Guide",
    ],
    title: /^Resources \|/,
  },
  {
    path: "/contact",
    texts: ["Contact Us", "100 Main Street", "(555) 010-0100", "newsroom@riverbendchronicle.com"],
    title: /^Contact Us \|/,
  },
  {
    path: "/partners",
    texts: ["Partners", "Partnership Opportunities"],
    title: /^Partners \| The Riverbend Chronicle$/,
  },
  {
    path: "/privacy",
    texts: [
      "Privacy Policy",
      "Introduction",
      "Information We Collect",
      "How We Use Your Information",
      "Data Protection",
      "Your Rights",
    ],
    title: /^Privacy Policy \|/,
  },
  {
    path: "/terms",
    texts: [
      "Terms of Service",
      "Agreement to Terms",
      "Use License",
      "User Responsibilities",
      "Disclaimer",
      "Limitation of Liability",
    ],
    title: /^Terms of Service \|/,
  },
  {
    path: "/faq",
    texts: ["Still Have Questions?", "Search tip"],
    title: /^Frequently Asked Questions \|/,
  },
  {
    path: "/books",
    texts: [
      "← Back to Home",
      "Apply for Admission →",
      "Learn More",
      "Accredited Programs • Expert Instructors • Rich Curriculum",
      "Books",
    ],
    title: /^Books \|/,
  },
];

for (const { path, texts, title } of PAGES) {
  test(`${path} answers 200 with its texts`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(title);
    const main = page.locator("main");
    for (const text of texts) await expect(main).toContainText(text);
    // Exactly one h1 and one canonical link per page.
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new RegExp(`${path}$`),
    );
  });
}

test("the privacy policy mentions what the spec lists", async ({ page }) => {
  await page.goto("/privacy");
  const text = (await page.locator("main").innerText()).toLowerCase();
  for (const phrase of [
    "account name",
    "e-mail",
    "charging stations",
    "usage data",
    "device information",
  ]) {
    expect(text).toContain(phrase);
  }
});

test("embeds are lazy, titled frames at the spec's heights", async ({ page }) => {
  await page.goto("/market-news");
  const board = page.locator('iframe[title="Market news image board"]');
  await expect(board).toHaveAttribute("loading", "lazy");
  expect((await board.boundingBox())?.height).toBe(1600);

  await page.goto("/contact");
  const form = page.locator('iframe[title="Contact form"]');
  await expect(form).toHaveAttribute("loading", "lazy");
  expect((await form.boundingBox())?.height).toBe(800);
  await expect(
    form.contentFrame().getByRole("heading", { name: "Send us a message" }),
  ).toBeVisible();

  await page.goto("/events");
  await expect(
    page
      .locator('iframe[title="Riverbend local events wall"]')
      .contentFrame()
      .getByText("Riverbend Winter Market"),
  ).toBeVisible();
});

test("partners: three documents, each with an open link, and the contact block", async ({
  page,
}) => {
  await page.goto("/partners");
  const frames = page.locator("iframe");
  await expect(frames).toHaveCount(3);
  const openLinks = page.getByRole("link", { name: /in Google Drive/ });
  await expect(openLinks).toHaveCount(3);
  for (const link of await openLinks.all()) {
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("href", /\/view$/);
  }
  await expect(page.getByRole("link", { name: "Contact our partnerships team" })).toHaveAttribute(
    "href",
    "/contact",
  );
});

test("the FAQ links to contact, privacy, terms and archives", async ({ page }) => {
  await page.goto("/faq");
  const card = page.locator("section", {
    has: page.getByRole("heading", { name: "Still Have Questions?" }),
  });
  for (const href of ["/contact", "/privacy", "/terms", "/archives"]) {
    await expect(card.locator(`a[href="${href}"]`)).toHaveCount(1);
  }
});
