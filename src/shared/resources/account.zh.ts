import { type DictionaryOf, titlesOf } from '../resource';
import { account } from './account';

export default {
  ...titlesOf(account, 'zh'),
  noun: '账号',
  new: '新增账号',
  fields: {
    name: '账号',
    signInName: '登录名',
    realname: '姓名',
    password: '密码',
    status: '状态',
    permissions: '可访问的页面',
    isOwner: '店铺所有者',
    lastLoginAt: '最近登录',
    createdAt: '创建时间',
  },
  enums: {
    status: { active: '启用', disabled: '停用' },
    isOwner: { true: '是', false: '否' },
  },
  keywordPlaceholder: '账号或姓名',
  help: {
    name: '3–32 位字母、数字或 _ . @ -，以字母或数字开头；创建后不可修改。子账号登录时输入“账号@店铺代码”',
    password: '至少 8 位，须同时包含字母和数字，不能是账号名；改了密码，该账号需重新登录',
    permissions: '修改后该账号下次操作时生效',
  },
  owner: '所有者',
  allRoutes: '全部页面',
  routeCount: '{{count}} 个页面',
} satisfies DictionaryOf<typeof account>;
