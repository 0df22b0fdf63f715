import { SqliteDatabase } from "./lib/archive/sqlite/database.ts";
import { headlines, network } from "./scripts/lib/archive-corpus.mjs";
import { rmSync } from "node:fs";
const ITEMS = Number(process.argv[2] ?? 1000000), STOP = Number(process.argv[3] ?? 40000), PUBS = Number(process.argv[4] ?? 3000);
rmSync("/tmp/prof.db", { force: true }); rmSync("/tmp/prof.db-wal", { force: true });
const db = new SqliteDatabase("/tmp/prof.db");
await db.migrate();
const NOW = Date.now();
const { carriage } = network(PUBS);
await db.syncCarriage(carriage, NOW - 400 * 86400000);
const gen = headlines({ items: ITEMS, publications: PUBS, now: NOW });
let pending = [], size = 0, count = 0;
let t0 = performance.now(), lastT = t0, lastC = 0;
for (let n = gen.next(); !n.done && count < STOP; n = gen.next()) {
  pending.push(n.value); size += n.value.items.length;
  if (size < 2000) continue;
  await db.record(pending); count += size; pending = []; size = 0;
  if (count - lastC >= 10000) { const t = performance.now(); console.log(count, Math.round((count - lastC) / ((t - lastT) / 1000)), "items/s"); lastT = t; lastC = count; }
}
console.log("total", Math.round(count / ((performance.now() - t0) / 1000)), "items/s");
