import type { Metadata } from "next";
import { NotFoundBody } from "@/components/not-found/not-found-page";
import { notFoundMetadata } from "@/lib/seo";

export const metadata: Metadata = notFoundMetadata("site");

export default function NotFound() {
  return <NotFoundBody kind="site" />;
}
