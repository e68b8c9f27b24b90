import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { houseList } from '../../../shared/resources/house-list';
import { houseListings } from '../../db/schema/house-list';
import { readContract } from '../../kit/resource-contract';
import { createTestApp, type TestApp } from '../../test-support';

/**
 * The house list is kept by the database from the resale listings and new-house projects: the
 * n-th row is the n-th broker's resale listing (n + 2 rooms, 300 + n 万), added on its own screen.
 */
readContract(houseList, async ({ t, token }, n) => {
  const made = async (url: string, body: Record<string, unknown>) => {
    const answer = (await t.post(url, body, token)).json();
    if (answer.code !== 200) throw new Error(`${url}: ${answer.msg}`);
    return answer.data.id as number;
  };
  const brokerId = await made('/admin/broker/create', {
    name: `经纪人${n}`,
    phone: `1360000${String(n).padStart(4, '0')}`,
    agency: '链家徐汇店',
  });
  const house = await made('/admin/second-hand-house/create', {
    title: `阳光花园 ${n + 2} 室`,
    community: '阳光花园',
    district: '徐汇',
    address: '漕溪北路 1 号',
    rooms: n + 2,
    halls: 2,
    baths: 1,
    area: '89.50',
    floor: 5,
    totalFloors: 18,
    orientation: 'southNorth',
    decoration: 'fine',
    buildYear: 2008,
    totalPrice: `${300 + n}.00`,
    tags: [],
    images: [],
    brokerId,
  });
  const [row] = await t.db
    .select({ id: houseListings.id })
    .from(houseListings)
    .where(and(eq(houseListings.kind, 'secondHand'), eq(houseListings.sourceId, house)));
  return row!.id;
});

describe('the house list’s new-house projects', () => {
  let t: TestApp;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp();
    token = await t.login();
  });
  afterEach(() => t.close());
  const ok = async (url: string, body: unknown = {}) => {
    const res = (await t.post(url, body, token)).json();
    expect(res.code, `${url}: ${res.msg}`).toBe(200);
    return res.data;
  };
  const titles = async (filters: Record<string, unknown>) =>
    (
      await ok('/admin/house-list/list', { page: 1, limit: 20, sort: 'createdAt', ...filters })
    ).items
      .map((r: { title: string }) => r.title)
      .sort();
  const seed = async () => {
    await ok('/admin/second-hand-house/create', {
      title: '阳光花园 三居',
      community: '阳光花园',
      district: '徐汇',
      rooms: 3,
      halls: 2,
      baths: 1,
      area: '95',
      floor: 5,
      totalFloors: 18,
      totalPrice: '320',
    });
    await ok('/admin/new-house/create', {
      name: '滨江壹号',
      district: '浦东',
      priceMin: '40000',
      priceMax: '60000',
      unitTypes: [
        { layout: '两室两厅', area: '70', price: '280', image: '' },
        { layout: '4室2厅2卫', area: '140', price: '700', image: '' },
      ],
    });
  };

  it('finds a project by one of its unit types’ total, area and rooms', async () => {
    await seed();
    expect(await titles({ totalPriceRange: ['250', '350'] })).toEqual([
      '滨江壹号',
      '阳光花园 三居',
    ]);
    expect(await titles({ totalPriceRange: ['600', null] })).toEqual(['滨江壹号']);
    expect(await titles({ areaRange: ['130', '150'] })).toEqual(['滨江壹号']);
    expect(await titles({ roomsRange: ['2', '2'] })).toEqual(['滨江壹号']);
    expect(await titles({ roomsRange: ['4', null] })).toEqual(['滨江壹号']);
    expect(await titles({ roomsRange: ['3', '3'] })).toEqual(['阳光花园 三居']);
    // The three ranges meet in one unit type: its four rooms are not the 70 m² one.
    expect(await titles({ roomsRange: ['4', null], areaRange: [null, '100'] })).toEqual([]);
    expect(
      await titles({
        roomsRange: ['2', '2'],
        areaRange: ['60', '80'],
        totalPriceRange: ['250', '300'],
      }),
    ).toEqual(['滨江壹号']);
    // Sorted by unit price over total and area ranges (the implied unit-price walk).
    expect(
      await titles({
        totalPriceRange: ['200', '800'],
        areaRange: ['60', '150'],
        sort: 'unitPrice',
      }),
    ).toEqual(['滨江壹号', '阳光花园 三居']);
    expect(await titles({ totalPriceRange: ['900', null] })).toEqual([]);
  });

  it('exports the figures a project lacks as empty cells, not 0', async () => {
    await seed();
    const res = await t.post(
      '/admin/house-list/export',
      { sort: 'createdAt', order: 'asc' },
      token,
    );
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const cell = (row: number, name: string) =>
      sheet.getRow(row).getCell(header.indexOf(name)).value;
    const rows = [2, 3].map((r) => ({ r, title: cell(r, '房源') }));
    const project = rows.find((x) => x.title === '滨江壹号')!.r;
    const resale = rows.find((x) => x.title === '阳光花园 三居')!.r;
    for (const name of ['总价（万元）', '面积（㎡）', '室']) expect(cell(project, name)).toBeNull();
    expect(cell(project, '单价（元/㎡）')).toBe(40000);
    expect(cell(resale, '总价（万元）')).toBe(320);
    expect(cell(resale, '室')).toBe(3);
  });
});
