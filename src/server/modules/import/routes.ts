import { importRoutes } from '../../kit/import';

/** /data-helper: the kit's import of every importable resource (src/server/kit/import). */
export default importRoutes;
