import { launchChromium, audit } from "./scripts/lighthouse.mjs";
const [,, runs, ...urls] = process.argv;
const chrome = await launchChromium();
const res = new Map(urls.map((u) => [u, []]));
for (let i = 0; i < Number(runs); i++) for (const u of urls) res.get(u).push(await audit(chrome, u, { throttlingMethod: "devtools" }));
await chrome.kill();
const med = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
for (const [u, list] of res) console.log(`${u.padEnd(40)} FCP ${med(list.map(r=>r.fcpMs))} LCP ${med(list.map(r=>r.lcpMs))} TBT ${med(list.map(r=>r.tbtMs))} (${list.map(r=>r.tbtMs).join(",")}) TTI ${med(list.map(r=>r.ttiMs))} bi ${med(list.map(r=>r.benchmarkIndex))}`);
