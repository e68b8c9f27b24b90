import { type DictionaryOf, titlesOf } from '../resource';
import { miniProgramInfo } from './mini-program-info';

export default {
  ...titlesOf(miniProgramInfo, 'zh'),
  noun: '信息变更',
  new: '修改基础信息',
  fields: {
    name: '名称',
    avatar: '头像',
    intro: '简介',
    categories: '服务类目',
    status: '审核状态',
    reason: '驳回原因',
    createdAt: '提交时间',
  },
  enums: { status: { reviewing: '审核中', approved: '已通过', rejected: '已驳回' } },
  keywordPlaceholder: '名称',
  rules: {
    intro: '简介至少 4 个字',
    categories: '请至少选择一个服务类目',
  },
  nameRules: {
    length: '名称长度须为 4–30 个字符（一个汉字算 2 个字符）',
    characters: '名称只能包含汉字、字母、数字、空格和 + - & ·',
    digits: '名称不能全是数字',
    spaces: '名称首尾不能有空格，也不能有连续空格',
    brand: '名称不能包含“微信”“小程序”等平台品牌词',
  },
  categories: {
    'food-fastFood': '餐饮 · 快餐',
    'food-drinks': '餐饮 · 饮品',
    'food-bakery': '餐饮 · 烘焙',
    'food-restaurant': '餐饮 · 正餐',
    'retail-general': '商超 · 综合零售',
    'retail-fresh': '商超 · 生鲜',
    'life-housekeeping': '生活服务 · 家政',
    'realEstate-agency': '房地产 · 中介',
    'education-training': '教育 · 培训',
  },
  errors: {
    reviewing: '已有信息变更在审核中，请等待审核结果',
    unchanged: '信息没有变化',
  },
  actions: { submit: '提交基础信息变更' },
  screen: {
    live: '当前线上信息',
    edit: '修改基础信息',
    submit: '提交审核',
    submitted: '已提交平台审核，通过后生效',
    pending: '变更“{{name}}”审核中',
    notSet: '未设置',
    help: '修改需经平台审核，通过后生效',
    changes: '变更记录',
  },
} satisfies DictionaryOf<typeof miniProgramInfo>;
