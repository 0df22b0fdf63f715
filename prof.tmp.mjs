import { SqliteDatabase } from "./lib/archive/sqlite/database.ts";
import { headlines, network } from "./scripts/lib/archive-corpus.mjs";
import { rmSync } from "node:fs";
const ITEMS = Number(process.argv[2] ?? 60000);
rmSync("/tmp/prof.db", { force: true }); rmSync("/tmp/prof.db-wal", { force: true });
const db = new SqliteDatabase("/tmp/prof.db");
await db.migrate();
const NOW = Date.now();
const { carriage } = network(300);
if (carriage) await db.syncCarriage(carriage, NOW - 400 * 86400000);
const gen = headlines({ items: ITEMS, publications: 300, now: NOW });
let pending = [], size = 0, count = 0;
let t0 = performance.now(), lastT = t0, lastC = 0;
for (let n = gen.next(); !n.done; n = gen.next()) {
  pending.push(n.value); size += n.value.items.length;
  if (size < 2000) continue;
  await db.record(pending); count += size; pending = []; size = 0;
  if (count - lastC >= 20000) { const t = performance.now(); console.log(count, Math.round((count - lastC) / ((t - lastT) / 1000)), "items/s"); lastT = t; lastC = count; }
}
console.log("total", Math.round(count / ((performance.now() - t0) / 1000)), "items/s");
