import { type DictionaryOf, titlesOf } from '../resource';
import { store } from './store';

export default {
  ...titlesOf(store, 'zh'),
  noun: '店铺详情',
  new: '',
  fields: {
    name: '店铺名称',
    logo: '店铺 Logo',
    status: '营业状态',
    notice: '店铺公告',
    intro: '店铺简介',
    phone: '联系电话',
    address: '详细地址',
    latitude: '纬度',
    longitude: '经度',
    hours: '营业时间',
    updatedAt: '更新时间',
  },
  enums: { status: { open: '营业中', paused: '暂停接单', closed: '已打烊' } },
  help: {
    status: '暂停接单或打烊时，顾客可以浏览菜单但不能下单',
    latitude: '地图上的位置（如 31.230416），用于顾客导航',
    longitude: '如 121.473701',
    hours: '每天可设多个时段；节假日另设（整天休息或其他时段）。按北京时间计算',
  },
  hoursEditor: {
    days: ['周一', '周二', '周三', '周四', '周五', '周六', '周日'],
    closed: '休息',
    addRange: '添加时段',
    removeRange: '删除时段',
    exceptions: '节假日',
    addException: '添加节假日',
    removeException: '删除节假日',
    date: '日期',
  },
  errors: { notOpen: '店铺当前不在营业时间，暂不能下单' },
} satisfies DictionaryOf<typeof store>;
