import { syncInpostPoints } from "../server/areas/parcel-points/inpost-sync";
import { createParcelPointsService } from "../server/areas/parcel-points/parcel-points.service";
import { ConfigError, loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";

// npm run points:sync — loads InPost's parcel lockers (INPOST_POINTS_URL) into the database the
// shop uses (DATABASE_URL, else the embedded database in DATA_DIR: stop the shop first, the
// embedded database takes one process at a time). Prints the number of lockers stored.

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`✖ ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dbDir: config.dbDir });
  try {
    await database.migrate();
    const url = config.parcelLockers.inpostPointsUrl;
    console.log(`Loading parcel lockers from ${url} …`);
    const result = await syncInpostPoints(createParcelPointsService(database.db), {
      url,
      onPage: ({ page, totalPages, written }) => {
        process.stdout.write(`\r  page ${page}/${totalPages}, ${written} lockers`);
      },
    });
    process.stdout.write("\n");
    console.log(
      `✔ ${result.written} parcel lockers stored (${result.fetched} listed, ${result.skipped} skipped without an address, ` +
        `${result.removed} no longer listed marked removed).`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: Error) => {
  console.error(`✖ Parcel locker sync failed: ${error.message}`);
  process.exit(1);
});
