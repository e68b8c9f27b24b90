// Moved to the kit with the import engine; kept for the marketplace orders' routes until their
// import names the kit (their file is being edited by another engineer).
export { checkUnpackedSize, UnpackError } from '../../kit/import/unpacked-size';
