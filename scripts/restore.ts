// `npm run restore FILE`: with the server stopped, puts a backup made by `npm run backup` back into
// DATA_DIR (and UPLOAD_DIR). What was there is moved aside, not deleted. Refuses an archive from a
// newer version of the app.
import { restoreBackup } from '../src/server/backup/archive';
import { loadConfig } from '../src/server/config';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore <backup.tar.gz>');
  process.exit(2);
}
const config = loadConfig();
if (config.DATABASE_URL) {
  console.error(
    'DATABASE_URL is set: restore PostgreSQL with pg_restore (see README, "Running in production").',
  );
  process.exit(2);
}
try {
  const { manifest, movedAside } = await restoreBackup({
    file,
    dataDir: config.DATA_DIR,
    uploadDir: config.UPLOAD_DIR,
  });
  console.log(`Restored the backup of ${manifest.createdAt} into ${config.DATA_DIR}.`);
  for (const folder of movedAside) console.log(`What was there before is kept in ${folder}`);
  console.log('Start the server: it applies any newer migrations.');
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
