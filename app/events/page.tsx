import { EmbedFrame } from "@/components/ui/embed-frame";
import { PageHeader } from "@/components/ui/page-header";
import { config } from "@/lib/env";
import { pageMetadata } from "@/lib/seo";

export const metadata = pageMetadata({
  title: "Local Events",
  description:
    "What is on in Riverbend: concerts, markets, meetings, sports and family events, updated by the community.",
  path: "/events",
});

export default function EventsPage() {
  return (
    <div className="container">
      <PageHeader
        title="Local Events"
        subtitle="Concerts, markets, meetings and family days around Riverbend."
      />
      <EmbedFrame
        src={config().embeds.eventsWallUrl.toString()}
        title="Riverbend local events wall"
        height={1200}
      />
    </div>
  );
}
