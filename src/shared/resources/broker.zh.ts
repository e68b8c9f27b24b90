import { type DictionaryOf, titlesOf } from '../resource';
import { broker } from './broker';

export default {
  ...titlesOf(broker, 'zh'),
  noun: '经纪人',
  new: '新增经纪人',
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
  handOver: '移交房源',
  handOverTitle: '移交 {{name}} 的全部房源',
  handOverTo: '接手的经纪人',
  handOverHelp: '移交后，原经纪人不再挂有房源，可以删除',
  handOverDone: '已移交 {{count}} 套房源',
  handOverNone: '没有需要移交的房源',
  handOverSelf: '不能移交给自己',
  actions: { handOver: '移交经纪人房源' },
} satisfies DictionaryOf<typeof broker>;
