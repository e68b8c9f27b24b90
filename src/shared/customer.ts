import { z } from 'zod';
import { type InputOf, moneyInput, resourceSchemas } from './resource-schema';
import { customer } from './resources/customer';

/**
 * A row of the data helper's customer import: the resource's importable fields plus the figures
 * a merchant brings from a former system. (The import centre moves onto the resource's own
 * import next; until then it reads this.)
 */
export const customerImportRow = (resourceSchemas(customer).importRow as unknown as z.ZodObject)
  .extend({
    orderCount: z.coerce.number().int().min(0).default(0),
    totalSpent: moneyInput.default('0'),
    registeredAt: z.coerce.date().optional(),
  })
  .transform((row) => row as CustomerImportRow);

type CustomerImportRow = Required<InputOf<typeof customer>> & {
  orderCount: number;
  totalSpent: string;
  registeredAt?: Date;
};
