import type { Metadata } from "next";
import { SiteLink } from "@/components/ui/site-link";
import { Accordion } from "@/components/ui/accordion";
import card from "@/components/ui/card.module.css";
import { JsonLd } from "@/components/seo/json-ld";
import { PageHeader } from "@/components/ui/page-header";
import { FAQ_ENTRIES, faqEntries } from "@/lib/content";
import { navLinks, pageFor, sitePage } from "@/lib/pages";
import { publicationFromParams, type PublicationProps } from "@/lib/publication";
import { faqJsonLd, pageMetadata } from "@/lib/seo";
import styles from "./faq.module.css";

export async function generateMetadata({ params }: PublicationProps): Promise<Metadata> {
  const publication = await publicationFromParams(params);
  return pageMetadata(publication, pageFor(publication, "/faq"));
}

export default async function FaqPage({ params }: PublicationProps) {
  const publication = await publicationFromParams(params);
  const entries = faqEntries(publication);
  return (
    <div className="container">
      <JsonLd data={faqJsonLd(publication, entries)} />
      <PageHeader
        title={sitePage("/faq").title}
        subtitle={`${FAQ_ENTRIES.length} answers about our coverage, the blog, the radio, advertising and your privacy.`}
      />
      <div className={card.withSidebar}>
        {/* The questions are h3s: their h2 is for screen-reader navigation. */}
        <section aria-labelledby="questions">
          <h2 id="questions" className="visually-hidden">
            Questions and answers
          </h2>
          <Accordion
            name="faq"
            className={styles.accordion}
            entries={entries.map((entry) => ({
              title: entry.question,
              content: <p className={styles.answer}>{entry.answer}</p>,
            }))}
          />
        </section>
        <div className={card.stack}>
          <section className={card.card} aria-labelledby="search-tip">
            <h2 id="search-tip">Search tip</h2>
            <p>
              Looking for something specific? Press <kbd>Ctrl</kbd> + <kbd>F</kbd> (or <kbd>⌘</kbd>{" "}
              + <kbd>F</kbd> on a Mac) to find a word on this page, or use the search box at the top
              to search our headlines and blog.
            </p>
          </section>
          <section className={card.card} aria-labelledby="still-questions">
            <h2 id="still-questions">Still Have Questions?</h2>
            <p>
              Our newsroom answers every message. E-mail{" "}
              <a href={`mailto:${publication.contact.email}`}>{publication.contact.email}</a> or
              call {publication.contact.phone}.
            </p>
            <ul className={card.linkList}>
              {navLinks(["/contact", "/privacy", "/terms", "/archives"]).map((link) => (
                <li key={link.href}>
                  <SiteLink href={link.href}>{link.label}</SiteLink>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </div>
  );
}
