import { describe, expect, it } from 'vitest';
import { partnerCode, storefrontOrder } from '../product-order/test-orders';
import { call, ok, owner, withStoreApp } from '../product-order/test-store';

withStoreApp();

describe('settling a partner', () => {
  it('shows the sum due before settling, and refuses a sum that is no longer due', async () => {
    const made = owner();
    const ref = await partnerCode(made);
    const [partner] = (await ok('/admin/selling-partner/list', { page: 1, pageSize: 20 })).items;
    for (const n of [2, 4]) {
      const order = await storefrontOrder(made, n, { ref });
      await ok('/admin/product-order/confirmPaid', { ids: [order.id] });
    }
    const until = new Date(Date.now() + 1000).toISOString();
    // 10 % of 17.00 and 34.00.
    const preview = await ok('/admin/selling-partner/settle-preview', { id: partner.id, until });
    expect(preview).toEqual({ count: 2, amount: '5.10', currency: 'CNY' });
    const stale = await call('/admin/selling-partner/settle', {
      id: partner.id,
      until,
      amount: '1.70',
    });
    expect(stale.code).toBe(40900);
    expect(stale.msg).toContain('5.10');
    const settled = await ok('/admin/selling-partner/settle', {
      id: partner.id,
      until,
      amount: '5.10',
    });
    expect(settled).toEqual({ count: 2, amount: '5.10', currency: 'CNY' });
    const after = await ok('/admin/selling-partner/settle-preview', { id: partner.id, until });
    expect(after).toEqual({ count: 0, amount: '0.00', currency: 'CNY' });
  });
});

describe('approving an applicant', () => {
  it('asks for a rate: 0 % only when confirmed, never by the plain transition', async () => {
    const applicant = await ok('/admin/selling-partner/create', {
      name: '张三',
      phone: '13700000001',
      commissionRate: '0',
    });
    const plain = await call('/admin/selling-partner/approve', { ids: [applicant.id] });
    expect(plain.code).toBe(40900);
    expect(plain.msg).toContain('0 %');
    const zero = await call('/admin/selling-partner/approve-rate', {
      id: applicant.id,
      commissionRate: '0',
    });
    expect(zero.code).toBe(40000);
    expect(zero.data.fields[0].field).toBe('commissionRate');
    await ok('/admin/selling-partner/approve-rate', { id: applicant.id, commissionRate: '8.5' });
    const row = await ok('/admin/selling-partner/detail', { id: applicant.id });
    expect(row).toMatchObject({ status: 'approved', commissionRate: '8.50' });
    // Approved once only.
    const again = await call('/admin/selling-partner/approve-rate', {
      id: applicant.id,
      commissionRate: '9',
    });
    expect(again.code).toBe(40900);
    // Another at 0 % on purpose.
    const other = await ok('/admin/selling-partner/create', {
      name: '李四',
      phone: '13700000002',
      commissionRate: '0',
    });
    await ok('/admin/selling-partner/approve-rate', {
      id: other.id,
      commissionRate: '0',
      zero: true,
    });
    expect((await ok('/admin/selling-partner/detail', { id: other.id })).status).toBe('approved');
  });
});
