import { count, eq } from 'drizzle-orm';
import { seedMarketplaceDemo } from '../modules/marketplace-order/demo';
import type { Database } from './client';
import { articles } from './schema/article';
import { customers } from './schema/customer';
import { helpArticles } from './schema/help';
import { merchants } from './schema/merchant';

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗';
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '磊',
  '洋',
  '艳',
  '勇',
  '军',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '丽',
  '强',
  '平',
  '刚',
];
const TAGS = ['VIP', '老客', '批发', '团购', '新客', '会员', '企业'];
const SOURCES = ['store', 'mini-program', 'wechat', 'referral', 'other'] as const;
const TITLES: Record<number, string[]> = {
  1: ['春季新品上市，全场九折', '门店营业时间调整通知', '五一假期配送安排', '会员积分规则升级'],
  2: ['关于我们的品牌故事', '十年专注品质茶叶'],
  3: ['周年庆满减活动', '新会员首单立减 20 元', '中秋礼盒预售开启'],
  4: ['2026 年度经销商大会', '新品品鉴会邀请函'],
  5: ['联系我们', '加入我们'],
  6: ['某连锁酒店采购案例', '企业年会礼品定制案例'],
  7: ['首席品茶师介绍', '产品研发团队'],
  8: ['合规师考试报名须知', '考试大纲（2026 版）'],
  9: ['数据安全合规培训', '广告法合规要点'],
  10: ['电商平台新规解读', '个人信息保护法实践观察'],
};

/** A small, realistic data set for merchant 1 (idempotent: skipped when it has data). */
export async function seedDemoData(
  db: Database,
): Promise<{ seeded: boolean; customers: number; articles: number }> {
  const [merchant] = await db
    .select({ id: merchants.id })
    .from(merchants)
    .orderBy(merchants.id)
    .limit(1);
  if (!merchant)
    throw new Error('Start the server once first: it creates the merchant and its owner.');
  const merchantId = merchant.id;
  const [has] = await db
    .select({ n: count() })
    .from(customers)
    .where(eq(customers.merchantId, merchantId));
  const [hasArticles] = await db
    .select({ n: count() })
    .from(articles)
    .where(eq(articles.merchantId, merchantId));
  if ((has?.n ?? 0) > 0 || (hasArticles?.n ?? 0) > 0)
    return { seeded: false, customers: 0, articles: 0 };

  const now = Date.now();
  const day = 86_400_000;
  const people = Array.from({ length: 120 }, (_, i) => {
    const orders = (i * 7) % 23;
    const registered = new Date(now - ((i * 37) % 400) * day - i * 3_600_000);
    return {
      merchantId,
      name: `${SURNAMES[i % SURNAMES.length]}${GIVEN[(i * 3) % GIVEN.length]}`,
      phone:
        `1${3 + (i % 7)}${String(10_000_000 + ((i * 7_919) % 89_999_999)).padStart(9, '0')}`.slice(
          0,
          11,
        ),
      gender: (['male', 'female', 'unknown'] as const)[i % 3] ?? 'unknown',
      source: SOURCES[i % SOURCES.length] ?? 'store',
      tags: [
        TAGS[i % TAGS.length] ?? 'VIP',
        ...(i % 4 === 0 ? [TAGS[(i + 3) % TAGS.length] ?? '老客'] : []),
      ],
      orderCount: orders,
      totalSpent: (orders * (58 + (i % 9) * 17.5)).toFixed(2),
      registeredAt: registered,
      // Active some time between signing up and now: never in the future.
      lastActiveAt: orders
        ? new Date(registered.getTime() + ((now - registered.getTime()) * ((i * 13) % 60)) / 60)
        : null,
    };
  });
  const posts = Object.entries(TITLES).flatMap(([type, titles]) =>
    titles.map((title, i) => ({
      merchantId,
      articleType: Number(type),
      title,
      summary: `${title}——详情请阅读全文。`,
      body: `<h2>${title}</h2><p>这是一篇示例文章，可在“文章管理”中编辑或删除。</p><ul><li>要点一</li><li>要点二</li></ul>`,
      author: ['运营部', '市场部', '客服部'][i % 3] ?? '运营部',
      sortOrder: titles.length - i,
      status: i % 3 === 2 ? ('draft' as const) : ('published' as const),
      // Written two days before it was published (drafts were written then too).
      createdAt: new Date(now - (i + 1) * 5 * day - 2 * day),
      publishedAt: i % 3 === 2 ? null : new Date(now - (i + 1) * 5 * day),
      views: ((Number(type) * 131 + i * 47) % 900) + 12,
    })),
  );
  await db.transaction(async (tx) => {
    await seedMarketplaceDemo(tx, merchantId, now);
    await tx.insert(customers).values(people);
    await tx.insert(articles).values(posts);
    await tx.insert(helpArticles).values([
      {
        merchantId,
        title: '如何新增文章',
        body: '<p>进入“文章管理”，选择栏目，点击“新增”，填写标题与正文后保存。</p>',
        sortOrder: 3,
      },
      {
        merchantId,
        title: '如何导出客户',
        body: '<p>在“客户列表”中按条件筛选，点击“导出 Excel”即可下载当前筛选结果。</p>',
        sortOrder: 2,
      },
      {
        merchantId,
        title: '如何给员工开账号',
        body: '<p>在“设置 → 权限账号”中新增账号，勾选其可访问的页面。</p>',
        sortOrder: 1,
      },
    ]);
  });
  return { seeded: true, customers: people.length, articles: posts.length };
}
