/**
 * Libraries that take a good part of a second to load (exceljs; pdf-lib and fontkit): loaded when
 * the first workbook or PDF is made, not when the server starts. Node keeps a module once loaded,
 * so a later call costs nothing.
 */
export const excel = async () => (await import('exceljs')).default;
export const pdf = () => import('pdf-lib');
export const fontkit = async () => (await import('@pdf-lib/fontkit')).default;
