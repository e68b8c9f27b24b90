import { i18n } from './index';

/**
 * Chinese for the messages the shared schemas and the server write in English, so that a field
 * error reads the same in the browser and from the server, in the user's language.
 */
const ZH: Record<string, string> = {
  'Account is required': '请输入账号',
  'Password is required': '请输入密码',
  'Title is required': '请输入标题',
  'Name is required': '请输入姓名',
  'Website name is required': '请输入网站名称',
  'Not a phone number': '手机号格式不正确',
  'Not an email address': '邮箱格式不正确',
  'Not a date and time': '日期时间格式不正确',
  'Whole numbers only': '请输入整数',
  'At least 0': '不能小于 0',
  'At most 999999': '不能大于 999999',
  'At most 20 tags': '最多 20 个标签',
  'A tag is at most 20 characters': '每个标签最多 20 个字符',
  'The body is too long': '正文过长',
  'Use an uploaded image or an http(s) address': '请上传图片，或填写 http(s) 图片地址',
  'An amount in yuan with at most 2 decimals': '金额（元）最多两位小数',
  'Choose an article type': '请选择文章栏目',
  'Unknown article type': '未知的文章栏目',
  'Choose at least one row': '请至少选择一行',
  'Must contain a letter': '密码须包含字母',
  'Must contain a digit': '密码须包含数字',
  'Must differ from the old password': '新密码不能与旧密码相同',
  'Must not be the account name': '密码不能是账号名',
  'Enter your current password': '请输入当前密码',
  'Enter the new password again': '请再次输入新密码',
  'The two new passwords differ': '两次输入的新密码不一致',
  'The current password is not right': '当前密码不正确',
  'This account name is taken': '该账号已被使用',
  'You cannot disable your own account': '不能停用自己的账号',
  'Only JPEG, PNG, GIF and WebP images are accepted': '只支持 JPEG、PNG、GIF 和 WebP 图片',
  'The owner account is managed by the owner only': '店铺所有者账号只能由所有者本人管理',
  'You can change only accounts whose routes you have yourself':
    '只能修改权限不超出您自己权限的账号',
  'You do not have permission to open this page': '您没有权限访问此页面',
  'Too many requests, please slow down': '请求过于频繁，请稍后再试',
  'This field is required': '此项必填',
  'Already in use': '已存在，不能重复',
  'The amount must be more than 0': '金额须大于 0',
  'The payment gateway could not be reached; please try again': '暂时无法连接支付网关，请稍后再试',
  'Recharge not found': '未找到该充值单',
  'Paste at least one code': '请至少粘贴一个编码',
  'At most 100000 codes at a time': '一次最多导入 100000 个编码',
  'Not a valid UPC or EAN code (12 or 13 digits with its check digit)':
    '不是有效的 UPC / EAN 编码（12 或 13 位数字，含校验位）',
  'Not a date': '日期格式不正确',
  'Choose a list': '请选择栏目',
  'Unknown list': '未知的栏目',
  'Enter the full value, not a masked one': '请填写完整内容，不能是打码后的内容',
  'Incorrect account or password': '账号或密码错误',
  'This account has been disabled': '该账号已被停用',
  'Please sign in': '请先登录',
  'Your sign-in is not valid; please sign in': '登录信息无效，请重新登录',
  'Your session was ended elsewhere; please sign in again': '您的登录已在别处结束，请重新登录',
  'Your session has expired; please sign in again': '登录已过期，请重新登录',
  'You have signed out; please sign in again': '您已退出登录，请重新登录',
  'Your password was changed; please sign in again': '密码已修改，请重新登录',
  'Your password was reset; please sign in again': '密码已被重置，请重新登录',
  'Choose one from the list': '请从列表中选择',
  'A row cannot move under itself or one of its sub-items': '不能移到自身或其下级之下',
};

/** What the server's "<thing> not found" names. */
const THINGS: Record<string, string> = {
  Article: '文章',
  Customer: '客户',
  Account: '账号',
  'Help article': '帮助文章',
  File: '文件',
};

/** A resource's own word for one of its rows (its dictionary's `noun`), else the table above. */
function thing(name: string): string {
  const noun = i18n.exists(`${name}:noun`) ? i18n.t(`${name}:noun`) : undefined;
  return noun ?? THINGS[name] ?? '记录';
}

const PATTERNS: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/^(.+) not found$/, (m) => `未找到该${thing(m[1] ?? '')}，可能已被删除`],
  [/^At most (\d+) characters$/, (m) => `最多 ${m[1]} 个字符`],
  [
    /^Too many failed sign-ins for this account; try again in (\d+) (second|minute)s?$/,
    (m) => `该账号登录失败次数过多，请 ${m[1]} ${m[2] === 'second' ? '秒' : '分钟'}后再试`,
  ],
  [
    /^Too many sign-in attempts from this address; try again in (\d+) minutes$/,
    (m) => `该地址登录尝试次数过多，请 ${m[1]} 分钟后再试`,
  ],
  [/^At least (\d+) and at most (\d+) characters$/, (m) => `长度须为 ${m[1]}–${m[2]} 个字符`],
  [/^At least ([\d.]+) yuan$/, (m) => `不能少于 ${m[1]} 元`],
  [/^At most ([\d.]+) yuan$/, (m) => `不能超过 ${m[1]} 元`],
  [
    /^The balance \(¥([\d.]+)\) does not cover this charge \(¥([\d.]+)\); recharge first$/,
    (m) => `余额（¥${m[1]}）不足以支付本次扣费（¥${m[2]}），请先充值`,
  ],
  [/^At least (-?\d+)$/, (m) => `不能小于 ${m[1]}`],
  [/^A number with at most (\d+) decimals$/, (m) => `数字，最多 ${m[1]} 位小数`],
  [/^At most (\d+) bytes$/, (m) => `最多 ${m[1]} 字节（一个汉字 3 字节）`],
  [/^At most (\d+)$/, (m) => `不能大于 ${m[1]}`],
  [
    /^Incomplete (\S+): (.+)$/,
    (m) =>
      `还差：${(m[2] ?? '')
        .split(', ')
        .map((key) => i18n.t(`${m[1]}:missing.${key}`, { defaultValue: key }))
        .join('、')}`,
  ],
  [/^At most (\d+) levels$/, (m) => `最多 ${m[1]} 级`],
  [
    /^It has (\d+) sub-items: move or delete them first$/,
    (m) => `其下还有 ${m[1]} 个子项，请先移走或删除`,
  ],
  [
    /^(\d+) rows of (.+) still use it: move them first$/,
    (m) => `还有 ${m[1]} 条${thing(m[2] ?? '')}在使用，请先移走`,
  ],
  [/^At most (\d+) images$/, (m) => `最多 ${m[1]} 张图片`],
  [/^At most (\d+) tags$/, (m) => `最多 ${m[1]} 个标签`],
  [/^A tag is at most (\d+) characters$/, (m) => `每个标签最多 ${m[1]} 个字符`],
  // zod's own words for a value of the wrong kind or outside a list of choices.
  [/^Invalid option/, () => '请从选项中选择'],
  [/^Invalid input/, () => '格式不正确'],
  [
    /^The spreadsheet unpacks to more than (\d+) MiB; split it into smaller files$/,
    (m) => `表格解压后超过 ${m[1]} MiB，请拆分为较小的文件`,
  ],
];

/** A message in the user's language when we know it; otherwise as given. */
export function translateMessage(message: string): string {
  if (!i18n.language.startsWith('zh')) return message;
  const known = ZH[message];
  if (known) return known;
  for (const [pattern, render] of PATTERNS) {
    const match = message.match(pattern);
    if (match) return render(match);
  }
  // "field: message" from the server's envelope.
  const field = /^([\w.]+): (.+)$/.exec(message);
  if (field?.[2] && field[2] !== message) {
    const inner = translateMessage(field[2]);
    if (inner !== field[2]) return inner;
  }
  return message;
}
