import { type DictionaryOf, titlesOf } from '../resource';
import { miniProgramRegistration } from './mini-program-registration';

export default {
  ...titlesOf(miniProgramRegistration, 'zh'),
  noun: '注册申请',
  new: '注册小程序',
  fields: {
    companyName: '主体名称',
    kind: '主体类型',
    creditCode: '统一社会信用代码',
    legalName: '法人姓名',
    legalWechat: '法人微信号',
    contactPhone: '联系电话',
    status: '状态',
    appid: 'AppID',
    reason: '失败原因',
    resubmitOf: '重新提交自',
    createdAt: '提交时间',
  },
  enums: {
    kind: { enterprise: '企业', individual: '个体工商户' },
    status: {
      submitted: '已提交',
      confirming: '待法人确认',
      success: '注册成功',
      failed: '注册失败',
    },
  },
  keywordPlaceholder: '主体名称、信用代码、法人',
  help: {
    creditCode: '18 位，最后一位是校验码',
    legalWechat: '法人将在微信中收到确认通知',
  },
  rules: {
    legalWechat: '微信号以字母开头，6–20 位字母、数字、下划线或减号',
  },
  creditCodeRules: {
    length: '统一社会信用代码应为 18 位',
    characters: '统一社会信用代码只能包含数字和大写字母（不含 I、O、Z、S、V）',
    region: '统一社会信用代码第 3–8 位应为行政区划代码（6 位数字）',
    check: '统一社会信用代码校验位不正确，请核对',
  },
  errors: {
    inProgress: '已有注册申请正在处理中，请等待结果',
    registered: '小程序已注册成功（AppID {{appid}}），无需再次注册',
    notFailed: '只能重新提交失败的申请',
    notRegistered: '请先注册小程序',
    noAnswer: '平台在规定时间内没有答复',
  },
  actions: { submit: '提交注册申请', resubmit: '重新提交注册申请' },
  screen: {
    intro:
      '通过平台注册商家自己的小程序：提交主体资料后，法人会在微信中收到确认通知，确认后平台审核通过即分配 AppID。',
    submit: '提交申请',
    resubmit: '重新提交',
    submitted: '申请已提交，等待平台处理',
    resubmitting: '重新提交失败的申请 #{{id}}',
    current: '当前申请',
    confirmHint: '请法人在微信中确认。沙箱环境下可打开平台页面扮演法人：',
    confirmPage: '打开法人确认页（沙箱）',
    registered: '已注册，AppID：',
    failedHint: '申请未通过：{{reason}}',
    history: '处理记录',
    toList: '查看全部申请',
  },
} satisfies DictionaryOf<typeof miniProgramRegistration>;
