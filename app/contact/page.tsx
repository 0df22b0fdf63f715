import card from "@/components/ui/card.module.css";
import { EmbedFrame } from "@/components/ui/embed-frame";
import { PageHeader } from "@/components/ui/page-header";
import { config } from "@/lib/env";
import { pageMetadata } from "@/lib/seo";
import { SITE } from "@/lib/site";

export const metadata = pageMetadata({
  title: "Contact Us",
  description:
    "Send a story tip, a correction, a letter to the editor or an advertising enquiry to The Riverbend Chronicle.",
  path: "/contact",
});

export default function ContactPage() {
  return (
    <div className="container">
      <PageHeader
        title="Contact Us"
        subtitle="Story tips, corrections, letters and advertising: we read everything."
      />
      <div className={card.withSidebar}>
        <EmbedFrame
          src={config().embeds.contactFormUrl.toString()}
          title="Contact form"
          height={800}
        />
        <aside className={card.card} aria-labelledby="newsroom">
          <h2 id="newsroom">The newsroom</h2>
          <address>
            {SITE.contact.address.map((line) => (
              <span key={line}>
                {line}
                <br />
              </span>
            ))}
          </address>
          <p>
            Phone:{" "}
            <a href={`tel:${SITE.contact.phone.replace(/[^\d+]/g, "")}`}>{SITE.contact.phone}</a>
            <br />
            E-mail: <a href={`mailto:${SITE.contact.email}`}>{SITE.contact.email}</a>
          </p>
          <p className={card.muted}>The newsroom is staffed weekdays 8 a.m. to 6 p.m.</p>
        </aside>
      </div>
    </div>
  );
}
