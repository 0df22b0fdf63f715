import { llmsTxt } from "@/lib/discovery/llms-document";
import { MARKDOWN, textResponse } from "@/lib/discovery/responses";

export const dynamic = "force-dynamic";

export async function GET() {
  return textResponse(await llmsTxt(), MARKDOWN);
}
