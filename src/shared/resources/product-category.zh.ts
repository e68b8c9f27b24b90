import { type DictionaryOf, titlesOf } from '../resource';
import { productCategory } from './product-category';

export default {
  ...titlesOf(productCategory, 'zh'),
  noun: '商品分类',
  new: '新增分类',
  fields: {
    name: '分类名称',
    icon: '图标',
    enabled: '启用',
    sortOrder: '排序',
    createdAt: '创建时间',
  },
  enums: { enabled: { true: '启用', false: '停用' } },
  rules: { duplicate: '已有名为“{{name}}”的分类，分类名称不能重复' },
  help: { name: '显示在店铺首页的分类栏，拖动行调整顺序' },
  keywordPlaceholder: '分类名称',
} satisfies DictionaryOf<typeof productCategory>;
