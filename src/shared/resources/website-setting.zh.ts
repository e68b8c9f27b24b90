import { type DictionaryOf, titlesOf } from '../resource';
import { websiteSetting } from './website-setting';

export default {
  ...titlesOf(websiteSetting, 'zh'),
  noun: '网站设置',
  new: '',
  fields: {
    websiteName: '网站名称',
    logoUrl: '网站 Logo',
    contactPhone: '联系电话',
    contactEmail: '联系邮箱',
    address: '地址',
    icpRecord: 'ICP 备案号',
    description: '网站简介',
    updatedAt: '更新时间',
  },
  enums: {},
  help: {
    websiteName: '显示在浏览器标题和侧边栏中',
    icpRecord: '显示在网站页脚，例如：浙ICP备12345678号',
  },
  rules: { contactPhone: '电话格式不正确' },
} satisfies DictionaryOf<typeof websiteSetting>;
