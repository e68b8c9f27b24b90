import { type DictionaryOf, titlesOf } from '../resource';
import { goodsCategory } from './goods-category';

export default {
  ...titlesOf(goodsCategory, 'zh'),
  noun: '分类',
  new: '新增分类',
  fields: {
    name: '分类名称',
    parentId: '上级分类',
    marketplaceCategory: '平台类目',
    enabled: '状态',
    sortOrder: '排序',
    createdAt: '创建时间',
  },
  enums: { enabled: { true: '启用', false: '停用' } },
  rules: { duplicate: '同一级下已有名为“{{name}}”的分类，分类名称不能重复' },
  help: {
    parentId: '不选则为一级分类；最多四级',
    marketplaceCategory: '刊登到平台时使用的类目路径，如 Home & Kitchen › Kitchen & Dining',
  },
  keywordPlaceholder: '分类名称或平台类目',
  root: '（一级分类）',
  addChild: '添加子分类',
  dragHint: '拖动行可调整顺序；拖动时向右移，可放到目标分类之下',
} satisfies DictionaryOf<typeof goodsCategory>;
