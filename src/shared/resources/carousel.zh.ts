import { type DictionaryOf, titlesOf } from '../resource';
import { carousel } from './carousel';

export default {
  ...titlesOf(carousel, 'zh'),
  noun: '轮播图',
  new: '新增轮播图',
  fields: {
    position: '位置',
    title: '标题',
    image: '图片',
    link: '跳转链接',
    enabled: '启用',
    startAt: '开始时间',
    endAt: '结束时间',
    sortOrder: '排序',
  },
  enums: { enabled: { true: '启用', false: '停用' } },
  help: {
    link: '点击图片时打开的商品、文章、小程序页面或网址',
    startAt: '留空则立即显示；拖动行调整顺序',
  },
  variants: { 1: '店铺首页', 2: '小程序首页' },
  rules: { endAt: '结束时间须晚于开始时间' },
  keywordPlaceholder: '标题',
} satisfies DictionaryOf<typeof carousel>;
