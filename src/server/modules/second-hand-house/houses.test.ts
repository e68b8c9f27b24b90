import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { broker } from '../../../shared/resources/broker';
import { newHouse } from '../../../shared/resources/new-house';
import { secondHandHouse } from '../../../shared/resources/second-hand-house';
import { resourceContract } from '../../kit/resource-contract';
import { createOtherMerchant, createTestApp, type TestApp } from '../../test-support';

resourceContract(
  broker,
  {
    name: '张经理',
    phone: '13600000001',
    avatar: '',
    agency: '链家徐汇店',
    licenceNo: 'SH-2026-001',
    serviceAreas: ['徐汇', '静安'],
  },
  { agency: '链家静安店' },
  { another: (n) => ({ name: `经纪人${n}`, phone: `1360000${String(n).padStart(4, '0')}` }) },
);
resourceContract(
  secondHandHouse,
  {
    title: '阳光花园 南北通透三居',
    community: '阳光花园',
    district: '徐汇',
    address: '漕溪北路 1 号',
    building: '3',
    unit: '2',
    rooms: 3,
    halls: 2,
    baths: 1,
    area: '89.50',
    floor: 5,
    totalFloors: 18,
    orientation: 'southNorth',
    decoration: 'fine',
    buildYear: 2008,
    totalPrice: '350.00',
    tags: ['满五唯一'],
    images: [],
    brokerId: null,
  },
  { totalPrice: '340.00' },
);
resourceContract(
  newHouse,
  {
    name: '滨江壹号',
    developer: '某某地产',
    district: '浦东',
    address: '滨江大道 8 号',
    propertyType: 'residential',
    priceMin: '80000.00',
    priceMax: '120000.00',
    openingDate: '2026-12-01T02:00:00.000Z',
    deliveryDate: '2028-06-30',
    unitTypes: [{ layout: '三室两厅', area: '89.50', price: '350.00', image: '' }],
    tags: [],
    images: [],
  },
  { priceMax: '125000.00' },
);

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterEach(() => t.close());
const call = async (url: string, body: unknown = {}, as = token) =>
  (await t.post(url, body, as)).json();
const ok = async (url: string, body: unknown = {}, as = token) => {
  const res = await call(url, body, as);
  expect(res.code, `${url}: ${res.msg}`).toBe(200);
  return res.data;
};
const listing = (over: Record<string, unknown>) =>
  ok('/admin/second-hand-house/create', {
    title: '房源',
    community: '阳光花园',
    district: '徐汇',
    area: '80',
    totalPrice: '300',
    ...over,
  });

describe('houses', () => {
  it('derives the unit price, keeps the floor within the building and dates each status', async () => {
    const row = await listing({ area: '89.5', totalPrice: '350' });
    expect(row.unitPrice).toBe('39106.00');
    // A unit price sent is not taken.
    const typed = await ok('/admin/second-hand-house/update', {
      id: row.id,
      totalPrice: '358',
      unitPrice: '1.00',
    });
    expect(typed.unitPrice).toBe('40000.00');
    const high = await call('/admin/second-hand-house/update', {
      id: row.id,
      floor: 30,
      totalFloors: 18,
    });
    expect(high.data.fields[0].field).toBe('floor');
    const before = new Date(typed.statusAt).getTime();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await ok('/admin/second-hand-house/reserve', { ids: [row.id] });
    const reserved = await ok('/admin/second-hand-house/detail', { id: row.id });
    expect(reserved.status).toBe('reserved');
    expect(new Date(reserved.statusAt).getTime()).toBeGreaterThan(before);
  });

  it('names the listings of the same place, for the form to warn about', async () => {
    const place = { community: '阳光花园', building: '3', unit: '2', floor: 5, area: '89.50' };
    const first = await listing({ title: '第一次', ...place });
    await listing({ title: '别的楼', ...place, building: '4' });
    const same = await ok('/admin/second-hand-house/duplicates', { ...place, area: '89.5' });
    expect(same).toEqual([{ id: first.id, title: '第一次', status: 'onSale' }]);
    // The listing itself is not its own duplicate.
    expect(await ok('/admin/second-hand-house/duplicates', { ...place, id: first.id })).toEqual([]);
    const other = await createOtherMerchant(t);
    expect((await call('/admin/second-hand-house/duplicates', place, other.token)).data).toEqual(
      [],
    );
  });

  it('finds listings by price, area and room ranges, sorted by unit price', async () => {
    await listing({ title: '小两房', rooms: 2, area: '60', totalPrice: '180' });
    await listing({ title: '大三房', rooms: 3, area: '120', totalPrice: '600' });
    await listing({ title: '中三房', rooms: 3, area: '95', totalPrice: '320' });
    const found = await ok('/admin/second-hand-house/list', {
      page: 1,
      limit: 20,
      totalPriceRange: ['200', '700'],
      areaRange: ['90', null],
      roomsRange: ['3', '3'],
      sort: 'unitPrice',
      order: 'asc',
    });
    expect(found.items.map((r: { title: string }) => r.title)).toEqual(['中三房', '大三房']);
    expect(
      (await call('/admin/second-hand-house/list', { totalPriceRange: ['x', null] })).code,
    ).toBe(40000);
  });

  it('counts a broker’s listings and keeps a broker who still has some', async () => {
    const agent = await ok('/admin/broker/create', { name: '张经理', phone: '13600000001' });
    const a = await listing({ brokerId: agent.id });
    await listing({ brokerId: agent.id });
    await ok('/admin/second-hand-house/sell', { ids: [a.id] });
    const [row] = (await ok('/admin/broker/list', { page: 1, limit: 20 })).items;
    expect(row).toMatchObject({ onSaleCount: 1, soldCount: 1 });
    expect((await call('/admin/broker/delete', { ids: [agent.id] })).code).not.toBe(200);
    // Another merchant's broker is not one to name.
    const other = await createOtherMerchant(t);
    const theirs = await call(
      '/admin/second-hand-house/create',
      {
        title: '房',
        community: '小区',
        district: '区',
        area: '50',
        totalPrice: '100',
        brokerId: agent.id,
      },
      other.token,
    );
    expect(theirs.code).toBe(40000);
  });

  it('hands a broker’s listings over to another, who then counts them, and the first can go', async () => {
    const leaving = await ok('/admin/broker/create', { name: '李经理', phone: '13600000011' });
    const staying = await ok('/admin/broker/create', { name: '王经理', phone: '13600000012' });
    const a = await listing({ brokerId: leaving.id });
    await listing({ brokerId: leaving.id });
    await ok('/admin/second-hand-house/sell', { ids: [a.id] });
    expect((await call('/admin/broker/hand-over', { id: leaving.id, toId: leaving.id })).code).toBe(
      40000,
    );
    const other = await createOtherMerchant(t);
    const theirs = await ok(
      '/admin/broker/create',
      { name: '别家', phone: '13600000013' },
      other.token,
    );
    expect((await call('/admin/broker/hand-over', { id: leaving.id, toId: theirs.id })).code).toBe(
      40400,
    );
    expect(await ok('/admin/broker/hand-over', { id: leaving.id, toId: staying.id })).toEqual({
      moved: 2,
    });
    const rows = (await ok('/admin/broker/list', { page: 1, limit: 20 })).items;
    expect(rows.find((r: { id: number }) => r.id === staying.id)).toMatchObject({
      onSaleCount: 1,
      soldCount: 1,
    });
    // The house list names the new broker too (kept by the trigger).
    const found = await ok('/admin/house-list/list', { brokerId: staying.id, page: 1, limit: 20 });
    expect(found.total).toBe(2);
    await ok('/admin/broker/delete', { ids: [leaving.id] });
    const log = await ok('/admin/operation-log/list', { page: 1, limit: 5 });
    expect(log.items.map((e: { action: string }) => e.action)).toContain('broker.handOver');
  });

  it('keeps a project’s unit types, each layout once', async () => {
    const project = await ok('/admin/new-house/create', {
      name: '滨江壹号',
      district: '浦东',
      unitTypes: [
        { layout: '两室一厅', area: '68', price: '420' },
        { layout: '三室两厅', area: 89.5, price: '560.5', image: '/uploads/1/2026-11/plan.png' },
      ],
    });
    expect(project.unitTypes).toEqual([
      { layout: '两室一厅', area: '68', price: '420', image: '' },
      { layout: '三室两厅', area: '89.5', price: '560.5', image: '/uploads/1/2026-11/plan.png' },
    ]);
    const twice = await call('/admin/new-house/update', {
      id: project.id,
      unitTypes: [
        { layout: '两室一厅', area: '68', price: '420' },
        { layout: '两室一厅', area: '70', price: '430' },
      ],
    });
    expect(twice.data.fields[0].field).toMatch(/^unitTypes/);
  });

  it('keeps a project’s price range in order', async () => {
    const bad = await call('/admin/new-house/create', {
      name: '滨江壹号',
      district: '浦东',
      priceMin: '90000',
      priceMax: '80000',
    });
    expect(bad.data.fields[0].field).toBe('priceMax');
  });

  it('hands a project’s houses over on or after its opening day, never before', async () => {
    const project = (openingDate: string, deliveryDate: string) =>
      call('/admin/new-house/create', {
        name: '滨江壹号',
        district: '浦东',
        openingDate,
        deliveryDate,
      });
    // Opening at 01:00 on 1 December in Beijing is still 30 November in UTC.
    const early = await project('2026-11-30T17:00:00.000Z', '2026-11-30');
    expect(early.code).not.toBe(200);
    expect(early.data.fields).toEqual([
      { field: 'deliveryDate', message: '交房日期不能早于开盘时间' },
    ]);
    const sameDay = await ok('/admin/new-house/create', {
      name: '滨江贰号',
      district: '浦东',
      openingDate: '2026-11-30T17:00:00.000Z',
      deliveryDate: '2026-12-01',
    });
    // An update moving only one of the two is checked against the other as stored.
    const moved = await call('/admin/new-house/update', {
      id: sameDay.id,
      openingDate: '2027-01-01T02:00:00.000Z',
    });
    expect(moved.data.fields[0].field).toBe('deliveryDate');
    expect(
      (await call('/admin/new-house/list', { page: 1, limit: 20 })).data.items.map(
        (r: { name: string }) => r.name,
      ),
    ).toEqual(['滨江贰号']);
  });
});

describe('the house list', () => {
  it('keeps every listing of both kinds, as written, moved and deleted, in one search', async () => {
    const agent = await ok('/admin/broker/create', { name: '张经理', phone: '13600000001' });
    const resale = await listing({
      title: '三居',
      rooms: 3,
      area: '95',
      totalPrice: '320',
      brokerId: agent.id,
    });
    await listing({ title: '两居', rooms: 2, area: '60', totalPrice: '180' });
    const project = await ok('/admin/new-house/create', {
      name: '滨江壹号',
      district: '浦东',
      developer: '某某地产',
      priceMin: '80000',
      priceMax: '120000',
    });
    const all = await ok('/admin/house-list/list', {
      page: 1,
      limit: 20,
      sort: 'unitPrice',
      order: 'desc',
    });
    expect(all.items.map((r: { title: string }) => r.title)).toEqual(['滨江壹号', '三居', '两居']);
    expect(all.items[0]).toMatchObject({
      kind: 'newHouse',
      totalPrice: null,
      unitPrice: '80000.00',
    });
    // A transition and an update show at once.
    await ok('/admin/second-hand-house/reserve', { ids: [resale.id] });
    await ok('/admin/second-hand-house/update', { id: resale.id, totalPrice: '300' });
    const found = await ok('/admin/house-list/list', {
      page: 1,
      limit: 20,
      totalPriceRange: ['250', '350'],
      roomsRange: ['3', null],
      status: 'reserved',
      brokerId: agent.id,
    });
    expect(found.items).toHaveLength(1);
    expect(found.items[0]).toMatchObject({
      title: '三居',
      totalPrice: '300.00',
      sourceId: resale.id,
    });
    expect(found.items[0].labels.brokerId).toBe('张经理');
    await ok('/admin/new-house/open', { ids: [project.id] });
    await ok('/admin/new-house/delete', { ids: [project.id] });
    const left = await ok('/admin/house-list/list', { page: 1, limit: 20 });
    expect(left.items.map((r: { kind: string }) => r.kind)).toEqual(['secondHand', 'secondHand']);
    // Another merchant's search sees none of them.
    const other = await createOtherMerchant(t);
    expect(
      (await call('/admin/house-list/list', { page: 1, limit: 20 }, other.token)).data.items,
    ).toEqual([]);
  });
  it('finds the listings at the corners of a search by total and area, by unit price', async () => {
    // The cheapest and dearest a m² that 200–600 万 and 60–140 m² allow, and one just outside.
    await listing({ title: '最低', rooms: 2, area: '140', totalPrice: '200' });
    await listing({ title: '最高', rooms: 2, area: '60', totalPrice: '600' });
    await listing({ title: '之外', rooms: 2, area: '141', totalPrice: '200' });
    for (const order of ['asc', 'desc'] as const) {
      const found = await ok('/admin/house-list/list', {
        page: 1,
        limit: 20,
        totalPriceRange: ['200', '600'],
        areaRange: ['60', '140'],
        sort: 'unitPrice',
        order,
      });
      const titles = found.items.map((r: { title: string }) => r.title);
      expect(titles).toEqual(order === 'asc' ? ['最低', '最高'] : ['最高', '最低']);
      expect(found.total).toBe(2);
    }
  });
});
