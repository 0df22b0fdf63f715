import type { Metadata } from "next";
import { StoryView } from "@/components/archive/story-view";
import { storyTexts } from "@/components/archive/texts";
import { NotFoundPage } from "@/components/not-found/not-found-page";
import { ErrorBox } from "@/components/ui/error-box";
import { PageHeader } from "@/components/ui/page-header";
import { tagWithStories, tagWithWithdrawals } from "@/lib/archive";
import { ARCHIVE_UNAVAILABLE, readStory } from "@/lib/archive-pages";
import { publicationFromParams } from "@/lib/publication";
import { notFoundMetadata, pageMetadata } from "@/lib/seo";

/**
 * /story/{id}: one story's whole coverage in the publication (lib/archive-pages/story.ts).
 * An unknown or malformed id, or a story with no item the publication shows, is the site's
 * 404. Rendered on its first request and cached as long as headlines are; made again when the
 * story changes (a copy joins, an editor splits one out) or one of its items is withdrawn.
 */
export const revalidate = 300;

export function generateStaticParams(): { id: string }[] {
  return [];
}

type Props = { params: Promise<{ publication: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const publication = await publicationFromParams(params);
  const { id } = await params;
  const read = await readStory(publication, id);
  if (read.status === "unavailable")
    return pageMetadata(publication, {
      title: "Story",
      description: ARCHIVE_UNAVAILABLE,
      path: `/story/${id}`,
      noindex: true,
    });
  if (!read.value) return notFoundMetadata("site");
  const { title, description } = storyTexts(read.value);
  return pageMetadata(publication, { title, description, path: `/story/${id}` });
}

export default async function StoryRoute({ params }: Props) {
  const publication = await publicationFromParams(params);
  const { id } = await params;
  // Its copies leave it once withdrawn (lib/archive/withdrawals.ts).
  await tagWithWithdrawals(publication.key);
  const read = await readStory(publication, id);
  if (read.status === "unavailable")
    return (
      <div className="container">
        <PageHeader title="Story" />
        <ErrorBox message={ARCHIVE_UNAVAILABLE} />
      </div>
    );
  if (!read.value) return <NotFoundPage kind="site" path={`/story/${id}`} />;
  await tagWithStories([...new Set(read.value.headlines.map((headline) => headline.feed))].sort());
  return <StoryView publication={publication} story={read.value} />;
}
