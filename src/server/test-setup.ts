import { workerDatabase } from './test-database';

// The API project's setup file, run before a test file's imports: the worker's database starts
// opening now (loading PGlite's dump takes a second), and the areas' files start loading (the
// first app waits for both). A failure is reported where the database or an area is first used.
workerDatabase().catch(() => {});
import('./kit/modules').then((modules) => modules.loadModules()).catch(() => {});
