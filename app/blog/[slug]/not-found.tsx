import type { Metadata } from "next";
import { NotFoundMessage } from "@/components/ui/not-found-message";

export const metadata: Metadata = {
  title: "Blog post not found",
  robots: { index: false, follow: true },
};

export default function BlogPostNotFound() {
  return (
    <NotFoundMessage
      title="Blog post not found"
      text="The post you asked for has moved or was never published."
      back={{ href: "/blog", label: "Back to Blog" }}
    />
  );
}
