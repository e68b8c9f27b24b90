import type { FieldDef } from '../../../shared/resource';
import { excel } from '../libraries';
import type { Importer } from './importer';

/**
 * An import's template: the columns' headers on the first sheet (the only one an import reads),
 * what each takes on a sheet of notes, and the area's example rows on a third.
 */
export async function templateWorkbook(importer: Importer, language: 'zh' | 'en') {
  const dictionary = importer.dictionaries[language];
  const en = language === 'en';
  const workbook = new (await excel()).Workbook();
  // The rows go on the first sheet, which holds the headers only; the example and the notes
  // are on sheets of their own, which an import never reads.
  const sheet = workbook.addWorksheet(dictionary.title);
  sheet.columns = importer.columns.map((c) => ({
    header: c.headers[language],
    key: c.field,
    width: 18,
  }));
  sheet.getRow(1).font = { bold: true };
  importer.columns.forEach((c, i) => {
    if (c.asText) sheet.getColumn(i + 1).numFmt = '@';
  });
  const notes = workbook.addWorksheet(en ? 'Notes' : '填写说明');
  notes.columns = [
    { header: en ? 'Column' : '列', key: 'column', width: 18 },
    { header: en ? 'Required' : '必填', key: 'required', width: 10 },
    { header: en ? 'What to write' : '填写要求', key: 'rule', width: 60 },
    { header: en ? 'Example' : '示例', key: 'example', width: 24 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const c of importer.columns)
    notes.addRow({
      column: c.headers[language],
      required: c.required ? (en ? 'yes' : '是') : '',
      rule: c.f ? ruleText(c.f, dictionary.enums?.[c.field], en) : c.notes?.rule[language],
      example: c.f ? exampleText(c.f, dictionary.enums?.[c.field], en) : c.notes?.example[language],
    });
  const examples = importer.own.exampleRows?.(language);
  if (examples?.length) {
    // Several rows that make one record (a goods with its variants), as they are written.
    const example = workbook.addWorksheet(en ? 'Example' : '示例');
    example.columns = importer.columns.map((c) => ({
      header: c.headers[language],
      key: c.field,
      width: 18,
    }));
    example.getRow(1).font = { bold: true };
    for (const row of examples) example.addRow(row);
  }
  return { buffer: Buffer.from(await workbook.xlsx.writeBuffer()), title: dictionary.title, en };
}

/** A value a column might hold, for the template's notes (never imported: not on sheet 1). */
function exampleText(f: FieldDef, texts: Record<string, string> | undefined, en: boolean): string {
  switch (f.kind) {
    case 'enum':
      return Object.values(texts ?? {})[0] ?? '';
    case 'tags':
      return en ? 'VIP, regular' : 'VIP，老客';
    case 'integer':
      return '10';
    case 'money':
      return '268.50';
    case 'date':
      return '2026-01-31';
    case 'datetime':
      return '2026-01-31 10:00';
    case 'phone':
      return '13800000000';
    case 'boolean':
      return en ? 'yes' : '是';
    default:
      return '';
  }
}

/** What a template's notes say a column takes. */
function ruleText(f: FieldDef, texts: Record<string, string> | undefined, en: boolean): string {
  switch (f.kind) {
    case 'enum':
      return (en ? 'One of: ' : '可填：') + Object.values(texts ?? {}).join(en ? ', ' : '、');
    case 'tags':
      return en ? 'Several, separated by commas' : '多个时用逗号分隔';
    case 'integer':
      return en ? 'A whole number' : '整数';
    case 'money':
      return en ? 'Yuan, at most two decimals' : '金额（元），最多两位小数';
    case 'datetime':
      return en ? 'China time, e.g. 2026-01-31 10:00' : '北京时间，如 2026-01-31 10:00';
    case 'date':
      return en ? 'A date, e.g. 2026-01-31' : '日期，如 2026-01-31';
    case 'phone':
      return en ? 'A mobile number (11 digits) or a landline' : '11 位手机号或带区号的座机号';
    case 'richText':
      return en ? 'Text or HTML' : '文字或 HTML';
    case 'images':
      return en
        ? `Image addresses (http or https), separated by commas, at most ${f.max ?? 20}`
        : `图片网址（http 或 https），多个用逗号分隔，最多 ${f.max ?? 20} 张`;
    case 'link':
      return en
        ? 'product:<id>, article:<id>, a page path (/pages/…) or a web address'
        : 'product:编号、article:编号、页面路径（/pages/…）或网址';
    default:
      return f.max ? (en ? `At most ${f.max} characters` : `最多 ${f.max} 个字符`) : '';
  }
}
