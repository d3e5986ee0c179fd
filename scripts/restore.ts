import { BackupError } from "./lib/backup-manifest";
import { restoreBackup, runBackupCommand } from "./lib/backup-run";

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

runBackupCommand("Restore", async (config, args) => {
  const { backup, force } = options(args);
  console.log(`Restoring ${backup} …`);
  const result = await restoreBackup(config, backup, { force });
  if (result.setAside) console.log(`  the replaced embedded database was moved to ${result.setAside}`);
  console.log(
    `✔ Restored the backup of ${result.manifest.createdAt}: ${result.counts.orders} orders, ${result.counts.products} products, ` +
      `${result.manifest.files.length - 1} files; ${result.migrationsApplied} newer migrations applied. Start the shop.`,
  );
  if (result.mediaNote) console.log(`  ${result.mediaNote}`);
});
