import { SqliteArchive } from "../lib/archive/sqlite-engine";
import type { ArchiveEngine } from "../lib/archive/types";

/** The engines the archive's contract runs against, each able to make an empty archive. */
export interface EngineUnderTest {
  name: string;
  fresh(): Promise<ArchiveEngine>;
}

export function archiveEnginesUnderTest(): EngineUnderTest[] {
  return [{ name: "SQLite", fresh: async () => new SqliteArchive(":memory:") }];
}
