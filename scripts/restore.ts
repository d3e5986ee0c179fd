import { type Config, ConfigError, loadConfig } from "../server/config";
import { BackupError } from "./lib/backup-manifest";
import { restoreBackup } from "./lib/backup-run";

// npm run restore -- <backup folder> [--force]: restores a backup made by `npm run backup`
// (docs/decisions/075-backups.md) into the configured database, which must be empty (--force: replace
// it; the embedded one is moved aside), and DATA_DIR. Checks every checksum first, applies this
// release's migrations afterwards and compares the counts with the backup's. Stop the shop first.

function options(argv: string[]): { backup: string; force: boolean } {
  let backup: string | undefined;
  let force = false;
  for (const arg of argv) {
    if (arg === "--force") force = true;
    else if (!arg.startsWith("--") && backup === undefined) backup = arg;
    else throw new BackupError(`unknown argument ${JSON.stringify(arg)}`);
  }
  if (!backup) throw new BackupError("usage: npm run restore -- <backup folder> [--force]");
  return { backup, force };
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new BackupError(error.message);
    throw error;
  }
  const { backup, force } = options(process.argv.slice(2));
  console.log(`Restoring ${backup} …`);
  const result = await restoreBackup(config, backup, { force });
  console.log(
    `✔ Restored the backup of ${result.manifest.createdAt}: ${result.counts.orders} orders, ${result.counts.products} products, ` +
      `${result.manifest.files.length - 1} files; ${result.migrationsApplied} newer migrations applied. Start the shop.`,
  );
}

main().catch((error: Error) => {
  console.error(
    `✖ Restore failed: ${error instanceof BackupError ? error.message : (error.stack ?? error.message)}`,
  );
  process.exit(1);
});
