/**
 * `npm run bench`: bytes, page load, API under load and scale; prints tables and writes
 * bench/results/latest.json. Each part runs alone too (npm run bench:bytes|page|api).
 * Figures only: nothing here fails on time.
 */
import { api } from './api';
import { bytes } from './bytes';
import { pageLoad } from './page';

const parts = process.argv.slice(2);
const want = (name: string) => parts.length === 0 || parts.includes(name);
if (want('bytes')) await bytes();
if (want('page')) await pageLoad();
if (want('api')) await api();
console.log('\nFigures written to bench/results/latest.json');
