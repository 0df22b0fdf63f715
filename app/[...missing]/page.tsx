import { notFound } from "next/navigation";
import { logNotFound } from "@/lib/log";

/**
 * Every path no other route claims ends here: the attempted path is logged on the server
 * (the spec's not-found page logs it) and the not-found page answers with status 404.
 */
export default async function MissingPage({ params }: { params: Promise<{ missing: string[] }> }) {
  const { missing } = await params;
  logNotFound(`/${missing.join("/")}`);
  notFound();
}
