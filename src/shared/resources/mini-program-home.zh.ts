import { type DictionaryOf, titlesOf } from '../resource';
import { miniProgramHome } from './mini-program-home';

export default {
  ...titlesOf(miniProgramHome, 'zh'),
  noun: '首页入口',
  new: '新增首页入口',
  fields: {
    position: '位置',
    title: '标题',
    image: '图片',
    icon: '图标',
    link: '跳转链接',
    enabled: '启用',
    startAt: '开始时间',
    endAt: '结束时间',
    sortOrder: '排序',
  },
  enums: {
    enabled: { true: '启用', false: '停用' },
    icon: {
      none: '无',
      ShopOutlined: '店铺',
      ShoppingCartOutlined: '购物车',
      GiftOutlined: '礼物',
      CoffeeOutlined: '咖啡',
      HomeOutlined: '首页',
      ReadOutlined: '文章',
      ProfileOutlined: '订单',
      StarOutlined: '收藏',
      PhoneOutlined: '电话',
      EnvironmentOutlined: '位置',
      CustomerServiceOutlined: '客服',
      AppstoreOutlined: '全部',
    },
  },
  help: {
    image: '可用图标代替图片',
    link: '点击时打开的商品、文章、小程序页面或网址（与页面路径工具同一份页面目录）',
    startAt: '留空则立即显示；在列表中拖动行调整顺序',
  },
  rules: {
    imageOrIcon: '请上传图片或选择图标',
    endAt: '结束时间须晚于开始时间',
  },
  keywordPlaceholder: '标题',
} satisfies DictionaryOf<typeof miniProgramHome>;
