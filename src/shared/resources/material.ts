import { datetime, defineResource, image, integer, text } from '../resource';

/**
 * /material: the material library: every image the merchant uploaded (from here or from any image
 * field of any area), in folders, with its size and where it is used; an image field picks from
 * it. An image still in use is not deleted: the refusal says where it is.
 */
export const material = defineResource({
  name: 'material',
  route: 'material',
  titles: {
    zh: { title: '素材库', edit: '编辑素材' },
    en: { title: 'Material library', edit: 'Edit material' },
  },
  table: 'materials',
  menu: { group: '/store', icon: 'FileImageOutlined', order: 5 },
  fields: {
    url: image({ readOnly: true, list: 90 }),
    name: text({ required: true, max: 100, list: true }),
    folder: text({ max: 20, list: 120, sortable: true }),
    size: integer({ readOnly: true, list: 100, sortable: true }),
    mime: text({ readOnly: true, list: 100 }),
    usedBy: text({ readOnly: true, computed: true, list: true }),
    createdAt: datetime({ readOnly: true, list: 160, sortable: true, filter: 'range' }),
  },
  titleField: 'name',
  keyword: ['name', 'folder'],
  actions: ['list', 'detail', 'update', 'delete', 'export'],
  defaultSort: 'createdAt',
});

export default material;
