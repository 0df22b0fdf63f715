import { llmsTxt } from "@/lib/discovery/llms-document";
import { MARKDOWN, textResponse } from "@/lib/discovery/responses";

export const dynamic = "force-dynamic";

export async function GET() {
  const { text, complete } = await llmsTxt();
  return textResponse(text, MARKDOWN, 200, { degraded: !complete });
}
