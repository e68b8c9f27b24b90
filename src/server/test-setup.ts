import { workerDatabase } from './test-database';

// The API project's setup file, run before a test file's imports: the worker's database starts
// opening now (loading PGlite's dump takes a second), while the server's modules load meanwhile.
// A failure is reported where the database is first used.
workerDatabase().catch(() => {});
