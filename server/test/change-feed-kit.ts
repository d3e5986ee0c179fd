import { type ChangeFeed, createChangeFeed } from "../lib/change-feed";
import { type CountingDatabase, countingDatabase } from "./counting-database";
import { createTestDatabase, type TestDatabase } from "./database";

// A fresh database with the real change feed listening on it (quick to retry) and a view of it that
// counts statements: for the tests of the change feed and of what is kept in process until its
// tables change (server/lib/change-memo.ts). Start it with kitForFile() (kit-for-file.ts).

export interface ChangeFeedKit {
  database: TestDatabase;
  /** the same database, its statements counted */
  counting: CountingDatabase;
  feed: ChangeFeed;
  close(): Promise<void>;
}

/** `prepare`: rows to insert before the feed listens (their signals are not the tests' business). */
export async function startChangeFeedKit(
  prepare?: (database: TestDatabase) => Promise<unknown>,
): Promise<ChangeFeedKit> {
  const database = await createTestDatabase();
  await prepare?.(database);
  const counting = countingDatabase(database);
  const feed = createChangeFeed(database, { retryMs: 50, maxRetryMs: 200 });
  await feed.ready;
  return {
    database,
    counting,
    feed,
    close: async () => {
      await feed.close();
      await database.destroy();
    },
  };
}
