import lighthouse from "lighthouse";
import { launchChromium } from "./scripts/lighthouse.mjs";
const [,, ...urls] = process.argv;
const chrome = await launchChromium();
for (const url of urls) {
  const { lhr } = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"], throttlingMethod: "devtools", blockedUrlPatterns: ["https://*"] });
  const a = lhr.audits;
  console.log(`\n${url} TBT ${Math.round(a["total-blocking-time"].numericValue)} FCP ${Math.round(a["first-contentful-paint"].numericValue)} LCP ${Math.round(a["largest-contentful-paint"].numericValue)} TTI ${Math.round(a["interactive"].numericValue)}`);
  for (const t of a["long-tasks"]?.details?.items ?? []) console.log(`  long ${Math.round(t.startTime)} +${Math.round(t.duration)} ${t.url}`);
  for (const g of a["mainthread-work-breakdown"]?.details?.items ?? []) console.log(`  ${g.groupLabel}: ${Math.round(g.duration)}`);
  const lcp = a["largest-contentful-paint-element"]?.details?.items?.[1]?.items ?? [];
  for (const p of lcp) console.log(`  lcp phase ${p.phase} ${Math.round(p.timing)}`);
  for (const r of (a["network-requests"]?.details?.items ?? [])) console.log(`  net ${Math.round(r.networkRequestTime)}-${Math.round(r.networkEndTime)} ${r.resourceType} ${r.priority} ${Math.round(r.transferSize/100)/10}kB ${r.url.replace(/^https?:\/\/[^/]+/, "")}`);
}
await chrome.kill();
