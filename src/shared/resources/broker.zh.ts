import type { DictionaryOf } from '../resource';
import type { broker } from './broker';

export default {
  title: '经纪人',
  noun: '经纪人',
  new: '新增经纪人',
  edit: '编辑经纪人',
  fields: {
    name: '姓名',
    phone: '手机号',
    avatar: '头像',
    agency: '所属门店',
    licenceNo: '执业证号',
    serviceAreas: '服务区域',
    onSaleCount: '在售房源',
    soldCount: '已成交',
    createdAt: '加入时间',
  },
  enums: {},
  help: { serviceAreas: '回车添加，如 浦东、徐汇' },
  keywordPlaceholder: '姓名、手机号、门店',
} satisfies DictionaryOf<typeof broker>;
