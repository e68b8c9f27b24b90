/**
 * The import of any resource whose actions include `import` (the data helper, /admin/import/*):
 * the file read as it unpacks (file-rows.ts), each row checked by the resource's rules and the
 * area's import hooks (parse.ts), the rows written (write.ts), the template (template.ts).
 * Registered by `modules/import/routes.ts`.
 */
export { csvChunks, csvRows, fromPieces } from './file-rows';
export { importRoutes } from './routes';
export { checkUnpackedSize, UnpackError } from './unpacked-size';
