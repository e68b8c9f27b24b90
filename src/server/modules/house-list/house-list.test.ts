import { and, eq } from 'drizzle-orm';
import { houseList } from '../../../shared/resources/house-list';
import { houseListings } from '../../db/schema';
import { readContract } from '../../kit/resource-contract';

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
