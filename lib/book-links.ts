/** Where the books page sends readers: the press's author page on the bookstore, and the university. */
export const BOOK_LINKS = {
  authorPageUrl: "https://www.amazon.com/s?k=Riverbend+Chronicle+Press&i=digital-text",
  universityUrl: "https://www.heritagewisdom.university",
} as const;
