import { config } from "./env";

/** The shared-drive documents the partners page embeds (PARTNER_DOC_URLS), with their texts. */
export interface PartnerDocument {
  title: string;
  description: string;
  embedUrl: string;
  openUrl: string;
}

const PARTNER_DOC_TEXT = [
  {
    title: "Media Kit",
    description: "Audience, reach and advertising formats across our print, web and radio.",
  },
  {
    title: "Network Partnership Guide",
    description: "How publications in the Metro Press Network share stories and resources.",
  },
  {
    title: "Community Sponsorship Programme",
    description: "Supporting local events, scholarships and civic journalism in {{town}}.",
  },
] as const;

/** Shared-drive previews end in /preview; the same document opens in the service at /view. */
function openUrlFor(embed: URL): string {
  return embed.pathname.endsWith("/preview")
    ? new URL(embed.pathname.replace(/\/preview$/, "/view") + embed.search, embed).toString()
    : embed.toString();
}

/** The documents, their texts with placeholders (lib/publication's `localize` fills them). */
export function partnerDocuments(): PartnerDocument[] {
  return config().embeds.partnerDocUrls.map((url, index) => ({
    ...PARTNER_DOC_TEXT[index]!,
    embedUrl: url.toString(),
    openUrl: openUrlFor(url),
  }));
}
