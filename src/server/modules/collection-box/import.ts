import { createHash } from 'node:crypto';
import { z } from 'zod';
import { messageKey as m } from '../../../shared/messages';
import en from '../../../shared/resources/collection-box.en';
import zh from '../../../shared/resources/collection-box.zh';
import type { ImportColumn, ImportHooks } from '../../kit/import-hooks';
import { normalisePrice, textOf } from './product-page';
import { hostOf, normalised } from './source-url';

type Field = keyof typeof zh.import.rules;
const column = (field: Field, example: { zh: string; en: string }): ImportColumn => ({
  field,
  header: { zh: zh.fields[field], en: en.fields[field] },
  rule: { zh: zh.import.rules[field], en: en.import.rules[field] },
  example,
  required: field === 'title',
});
const same = (text: string) => ({ zh: text, en: text });

const MAX_IMAGES = 20;
const MAX_IMAGE_URL = 500;

/**
 * A row of collected products, read as a collected page is: the title and description as plain
 * text, the price as a decimal with two places, an ISO currency code, http(s) images and source.
 * A row without an address is keyed by its content, as a pasted page without one is.
 */
const rowSchema = z
  .object({
    title: z
      .string({ error: m('validation.required') })
      .transform((v) => textOf(v, 10_000))
      .pipe(z.string().min(1, m('validation.required')).max(500, m('validation.maxLength'))),
    price: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (!v) return '0';
        // A currency's sign or code before the number (`$19.99`, `US$ 5`, `USD 5`) is dropped.
        const price = normalisePrice(
          v.trim().replace(/^(?:[A-Za-z]{1,3}\s?)?[$€£¥￥₩₹]?\s?(?=\d)/, ''),
        );
        if (price) return price;
        ctx.addIssue({ code: 'custom', message: m('collection-box:import.errors.price') });
        return z.NEVER;
      }),
    currency: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/, m('collection-box:import.errors.currency'))
      .transform((v) => v.toUpperCase())
      .optional(),
    brand: z
      .string()
      .transform((v) => textOf(v, 10_000))
      .pipe(z.string().max(200, m('validation.maxLength')))
      .optional(),
    images: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const urls = [...new Set((v ?? '').split(/[\s,，、]+/).filter(Boolean))];
        if (urls.length > MAX_IMAGES) {
          ctx.addIssue({
            code: 'custom',
            message: m('validation.maxImages'),
            params: { max: MAX_IMAGES },
          });
          return z.NEVER;
        }
        const images: string[] = [];
        for (const url of urls) {
          const image = normalised(url);
          if (!image || image.length > MAX_IMAGE_URL) {
            ctx.addIssue({
              code: 'custom',
              message: m('collection-box:import.errors.image'),
              params: { url: url.slice(0, 80) },
            });
            return z.NEVER;
          }
          images.push(image);
        }
        return images;
      }),
    description: z
      .string()
      .transform((v) => textOf(v, 100_000))
      .pipe(z.string().max(5000, m('validation.maxLength')))
      .optional(),
    sourceUrl: z
      .string()
      .trim()
      .max(2000, m('validation.maxLength'))
      .transform((v, ctx) => {
        const url = normalised(v);
        if (url) return url;
        ctx.addIssue({ code: 'custom', message: m('collection-box:errors.badUrl') });
        return z.NEVER;
      })
      .optional(),
  })
  .transform((row) => {
    const sourceUrl =
      row.sourceUrl ??
      `pasted:${createHash('sha256').update(JSON.stringify(row)).digest('hex').slice(0, 16)}`;
    return { ...row, sourceUrl, sourceHost: hostOf(sourceUrl) };
  });

/**
 * Collected products from a file (.xlsx or CSV): each row becomes an item in the box, new, as a
 * collected page does; a page already there (by its address) is skipped or updated, as asked.
 * The kit writes the rows (the resource's importKey is the source URL).
 */
export default {
  columns: [
    column('title', { zh: '户外防水冲锋衣', en: 'Waterproof hiking jacket' }),
    column('price', same('59.99')),
    column('currency', same('USD')),
    column('brand', same('Acme')),
    column('images', same('https://shop.example.com/jacket-1.jpg')),
    column('description', {
      zh: '三层防水面料，可拆卸兜帽',
      en: 'Three-layer shell, removable hood',
    }),
    column('sourceUrl', same('https://shop.example.com/p/jacket')),
  ],
  rowSchema: rowSchema as unknown as z.ZodType<Record<string, unknown>>,
} satisfies ImportHooks;
