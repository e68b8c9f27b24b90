import { createHash } from 'node:crypto';

/**
 * The key the server keeps of a storefront customer's token (the token itself stays on the phone):
 * an order and a coupon the customer holds are found by it.
 */
export const customerKey = (token: string) => createHash('sha256').update(token).digest('hex');
