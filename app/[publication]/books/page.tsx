import type { Metadata } from "next";
import { SiteLink } from "@/components/ui/site-link";
import { BookCard } from "@/components/books/book-card";
import styles from "@/components/books/books.module.css";
import card from "@/components/ui/card.module.css";
import cardGrid from "@/components/ui/card-grid.module.css";
import { BOOK_LINKS } from "@/lib/book-links";
import { BOOKS_CATALOGUE } from "@/lib/content";
import { pageFor, sitePage } from "@/lib/pages";
import { publicationFromParams, type PublicationProps } from "@/lib/publication";
import { pageMetadata } from "@/lib/seo";

export async function generateMetadata({ params }: PublicationProps): Promise<Metadata> {
  const publication = await publicationFromParams(params);
  return pageMetadata(publication, pageFor(publication, "/books"));
}

export default function BooksPage() {
  return (
    <div className="container">
      <p style={{ margin: "1.5rem 0 0" }}>
        <SiteLink href="/">← Back to Home</SiteLink>
      </p>

      <section className={styles.banner} aria-labelledby="university-banner">
        <h2 id="university-banner">Rediscover the ancient wisdom that shaped the modern mind</h2>
        <p>
          Study philosophy, meditation and classical texts with teachers who have spent a lifetime
          on them.
        </p>
        <div className={styles.bannerActions}>
          <a
            href={BOOK_LINKS.universityUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={styles.bannerPrimary}
          >
            Apply for Admission →<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          <a
            href={BOOK_LINKS.universityUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={styles.bannerSecondary}
          >
            Learn More
            <span className="visually-hidden"> about the university (opens in a new tab)</span>
          </a>
        </div>
        <p className={styles.bannerNote}>
          Accredited Programs • Expert Instructors • Rich Curriculum
        </p>
      </section>

      <div className={styles.intro}>
        <div>
          <h1>{sitePage("/books").title}</h1>
          <p>
            Explore all published books on our Amazon author page. We link directly so you can view
            details, reviews, and purchase securely on Amazon.
          </p>
        </div>
        <a
          href={BOOK_LINKS.authorPageUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={card.button}
        >
          View all books on Amazon<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </div>

      <ul className={`${cardGrid.grid} ${styles.grid}`} aria-label="Books">
        {BOOKS_CATALOGUE.map((book) => (
          <BookCard key={book.storeUrl} book={book} />
        ))}
      </ul>
    </div>
  );
}
