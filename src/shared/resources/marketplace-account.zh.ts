import { type DictionaryOf, titlesOf } from '../resource';
import { marketplaceAccount } from './marketplace-account';

export default {
  ...titlesOf(marketplaceAccount, 'zh'),
  noun: '平台账号',
  new: '连接平台账号',
  fields: {
    name: '名称',
    marketplace: '平台',
    region: '区域',
    sellerId: '卖家编号（Selling Partner ID）',
    refreshToken: '授权刷新令牌（Refresh Token）',
    marketplaceIds: '销售站点（Marketplace ID）',
    status: '连接状态',
    checkMessage: '平台答复',
    checkedAt: '检测时间',
    ordersSyncedAt: '订单同步到',
    createdAt: '添加时间',
  },
  rules: { sellerId: '只能包含大写字母和数字，如 A2EXAMPLE1SELLER' },
  enums: {
    marketplace: { amazon: '亚马逊' },
    region: {
      NA: '北美（美国、加拿大、墨西哥）',
      EU: '欧洲（英、德、法、意、西）',
      FE: '远东（日本、澳大利亚）',
    },
    status: { unchecked: '未检测', connected: '已连接', failed: '连接失败' },
  },
  help: {
    sellerId: '卖家中心 → 设置 → 账户信息 → 商家令牌（Merchant Token）',
    refreshToken:
      '在卖家中心授权本平台的应用后得到的 Refresh Token（以 Atzr| 开头）；只写，加密保存，保存后不再显示，留空则保留原令牌',
    marketplaceIds: '账号销售的站点的 Marketplace ID，如美国站 ATVPDKIKX0DER；须属于所选区域',
  },
  keywordPlaceholder: '名称 / 卖家编号',
  test: {
    action: '测试连接',
    ok: '连接成功：{{message}}',
    failed: '连接失败：{{message}}',
  },
  importOrders: { action: '同步订单', queued: '已开始同步订单，稍后在“订单列表”中查看' },
  errors: {
    tokenRequired: '请填写授权刷新令牌',
    marketplaceIds: '请填写至少一个销售站点',
    wrongRegion: '{{id}} 不是{{region}}区域的站点',
    unknownMarketplace: '{{id}} 不是本系统支持的亚马逊站点',
    notConfigured:
      '服务器尚未配置亚马逊 SP-API 应用（AMAZON_LWA_CLIENT_ID / AMAZON_LWA_CLIENT_SECRET），无法连接亚马逊',
  },
  actions: { test: '测试连接' },
  answers: {
    connected: '亚马逊接受了授权，卖家 {{sellerId}} 在 {{count}} 个站点可用',
  },
} satisfies DictionaryOf<typeof marketplaceAccount>;
