import { SiteLink } from "@/components/ui/site-link";

/** The body of a not-found page: the 404 mark, a heading, a line of text and the way back. */
export function NotFoundMessage({
  title,
  text,
  back,
}: {
  title: string;
  text: string;
  back: { href: string; label: string };
}) {
  return (
    <div className="status-page">
      <p className="status-code">404</p>
      <h1 className="status-title">{title}</h1>
      <p className="status-text">{text}</p>
      <SiteLink href={back.href} className="status-button">
        {back.label}
      </SiteLink>
    </div>
  );
}
