import { BackupError, withoutPassword } from "./lib/backup-manifest";
import { mediaNoteText, runBackupCommand, takeBackup } from "./lib/backup-run";

// npm run backup [-- --out <dir>]: one backup of the shop (docs/decisions/075-backups.md) in a new
// folder `shop-backup-<time>` under <dir> (default ./backups): the database (PostgreSQL: pg_dump of
// DATABASE_URL, safe while the shop runs; the embedded database: stop the shop first), DATA_DIR's
// files (with MEDIA_STORAGE=s3 not the pictures: a note names their bucket, docs/decisions/081) and a
// manifest with their checksums. Exits 1 on any failure, leaving no partial folder.

function options(argv: string[]): { out: string } {
  let out = "backups";
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--out" && argv[i + 1]) out = argv[++i] as string;
    else
      throw new BackupError(
        `unknown argument ${JSON.stringify(argv[i])}; usage: npm run backup [-- --out <dir>]`,
      );
  }
  return { out };
}

runBackupCommand("Backup", async (config, args) => {
  const { out } = options(args);
  console.log(
    `Backing up ${config.databaseUrl ? `the PostgreSQL database ${withoutPassword(config.databaseUrl)}` : `the embedded database in ${config.dbDir}`} and ${config.dataDir} …`,
  );
  const { dir, manifest } = await takeBackup(config, out);
  const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  console.log(
    `✔ Backup written to ${dir}: ${manifest.counts.orders} orders, ${manifest.counts.products} products, ` +
      `${manifest.files.length - 1} files, ${(bytes / 1024 / 1024).toFixed(1)} MB, migration ${manifest.migrations.lastTag ?? "none"}.`,
  );
  if (manifest.media) console.log(`  ${mediaNoteText(manifest.media.location)}`);
});
