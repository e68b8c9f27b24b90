import { datetime, defineResource, image, integer, phone, tags, text } from '../resource';

/**
 * /broker: the agency's brokers, each with its listings (a broker still named on one is not
 * deleted: hand the listings over first).
 */
export const broker = defineResource({
  name: 'broker',
  route: 'broker',
  titles: {
    zh: { title: '经纪人', edit: '编辑经纪人', permissions: { phone: '查看完整手机号' } },
    en: { title: 'Brokers', edit: 'Edit broker', permissions: { phone: 'full phone numbers' } },
  },
  table: 'brokers',
  menu: { group: '/house', icon: 'IdcardOutlined', order: 3 },
  fields: {
    // The phone under the name, the licence under the agency, the sold under those on sale: the
    // list's columns fit 1440 px.
    name: text({ required: true, max: 20, list: 180, listWith: ['phone'] }),
    phone: phone({ required: true, unique: true, masked: 'broker.phone' }),
    avatar: image({ list: 70 }),
    agency: text({ max: 40, list: 200, listWith: ['licenceNo'] }),
    licenceNo: text({ max: 30 }),
    serviceAreas: tags({ max: 10, itemMax: 20, list: 180, filter: 'tag' }),
    onSaleCount: integer({ readOnly: true, computed: true, list: 140, listWith: ['soldCount'] }),
    soldCount: integer({ readOnly: true, computed: true }),
    createdAt: datetime({ readOnly: true, sortable: true, list: 160 }),
  },
  titleField: 'name',
  keyword: ['name', 'phone', 'agency'],
  actions: ['list', 'detail', 'create', 'update', 'delete', 'export', 'import'],
  defaultSort: 'createdAt',
  permissions: ['broker.phone'],
  importKey: 'phone',
  page: { route: 'broker-store' },
});

export default broker;
