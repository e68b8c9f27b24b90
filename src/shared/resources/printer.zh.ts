import { type DictionaryOf, titlesOf } from '../resource';
import { printer } from './printer';

export default {
  ...titlesOf(printer, 'zh'),
  noun: '打印机',
  new: '添加打印机',
  fields: {
    name: '名称',
    brand: '品牌',
    serial: '编号（SN）',
    secretKey: '密钥',
    copies: '打印联数',
    paper: '纸宽',
    autoPrint: '自动打印',
    categoryIds: '出单分类',
    status: '状态',
    createdAt: '添加时间',
  },
  rules: {
    serial: '只能包含字母、数字、- 和 _',
    serialTaken: '编号 {{serial}} 已是打印机“{{name}}”的（不区分大小写）',
  },
  enums: {
    brand: { sandbox: '沙箱打印机', feie: '飞鹅云', yilianyun: '易联云' },
    paper: { '58': '58 mm', '80': '80 mm' },
    status: { online: '在线', offline: '离线' },
    autoPrint: { true: '打印已支付订单', false: '不自动打印' },
  },
  transitions: { setOffline: '设为离线', setOnline: '设为在线' },
  help: {
    brand:
      '沙箱打印机把小票打印到打印记录里，可随时体验；飞鹅云、易联云在服务器配置了其账号后打印，未配置时打印会失败并提示未接入',
    serial: '打印机底部标签上的 SN',
    secretKey:
      '打印机标签上的 KEY（易联云为终端密钥）：保存时把打印机添加到云账号；只写，保存后不再显示，留空则保留原密钥',
    copies: '每张小票打印 1–5 联',
    autoPrint: '订单支付后自动打印小票',
    categoryIds:
      '分单打印：选了分类（如后厨、吧台）的打印机只打印这些分类的商品，不含金额；不选则打印整单',
  },
  keywordPlaceholder: '名称 / 编号',
  notConnected: '未接入',
  errors: {
    notConfigured: '{{brand}}打印机尚未接入本服务器，无法打印（仅沙箱打印机可用）',
    sandboxOnly: '只有沙箱打印机可以手动设为在线或离线',
    refused: '{{brand}}未能添加这台打印机：{{reason}}',
    elsewhere: '这台打印机已被其他店铺添加，请先在那家店铺删除',
    noPrinter: '没有可打印的打印机',
  },
  testPrint: {
    action: '打印测试',
    queued: '测试页已发送',
    title: '打印测试页',
    line: '这是一张测试小票',
    paper: '纸宽',
    copies: '联数',
    time: '时间',
    footer: '打印正常，谢谢使用',
  },
  log: {
    action: '打印记录',
    title: '{{name}} 的打印记录',
    empty: '还没有打印过',
    source: { test: '测试', order: '订单' },
    status: { waiting: '等待打印', printed: '已打印', failed: '失败' },
    order: '订单 {{orderNo}}',
    reprint: '重新打印',
    reprintConfirm: '在“{{name}}”上重新打印订单 {{orderNo}} 的小票？',
    reprintThis: '在“{{name}}”上重新打印这张小票？',
    reprinted: '已重新发送到打印机',
    gone: '这条打印记录不存在',
    createdAt: '发送时间',
    printedAt: '打印时间',
    refresh: '刷新',
  },
  actions: { testPrint: '打印测试页', reprint: '重打小票' },
} satisfies DictionaryOf<typeof printer>;
