/**
 * Where a slide, a banner or a nine-grid entry leads the customer: one of the merchant's rows
 * (`product:12`, `article:3`), a page of the storefront (`/pages/…`) or a web address. Kept as
 * one text; a `link` field is picked with the kit's link picker and checked by the server (the row
 * must be the merchant's own).
 */

/** The resources a link may point at, in the order the picker offers them. */
export const LINK_TARGETS = ['product', 'article'] as const;
export type LinkTarget = (typeof LINK_TARGETS)[number];
export const isLinkTarget = (name: string): name is LinkTarget =>
  (LINK_TARGETS as readonly string[]).includes(name);

export type LinkKind = LinkTarget | 'page' | 'url';
export const LINK_KINDS: readonly LinkKind[] = [...LINK_TARGETS, 'page', 'url'];

export type Link =
  | { kind: LinkTarget; id: number }
  | { kind: 'page'; path: string }
  | { kind: 'url'; url: string };

/** A link's longest text. */
export const LINK_MAX = 500;

const ROW = new RegExp(`^(${LINK_TARGETS.join('|')}):([1-9]\\d{0,9})$`);
const PAGE = /^\/[\w\-./?=&%]*$/;
const URL_ = /^https?:\/\/[^\s<>"']+$/;

/** A link's parts, or null when the text is not a link ('' is no link, and not one either). */
export function parseLink(text: string): Link | null {
  if (text.length > LINK_MAX) return null;
  const row = ROW.exec(text);
  if (row) return { kind: row[1] as LinkTarget, id: Number(row[2]) };
  if (PAGE.test(text) && !text.startsWith('//')) return { kind: 'page', path: text };
  if (URL_.test(text)) return { kind: 'url', url: text };
  return null;
}

/** The row a link points at, when it points at one. */
export function linkedRow(text: string): { kind: LinkTarget; id: number } | null {
  const link = parseLink(text);
  return link && isLinkTarget(link.kind) ? (link as { kind: LinkTarget; id: number }) : null;
}

/** The text a link is kept as. */
export function formatLink(link: Link): string {
  switch (link.kind) {
    case 'page':
      return link.path;
    case 'url':
      return link.url;
    default:
      return `${link.kind}:${link.id}`;
  }
}

/**
 * The storefront's pages a link may open (the mini-program's paths), each with what it takes: its
 * parameter, and the resource whose row the parameter names (picked by a search of its titles).
 * The link picker and the page-path tool (/page-path) both build paths from this catalogue.
 */
export const SHOP_PAGES = [
  { name: 'home', path: '/pages/index/index' },
  { name: 'category', path: '/pages/category/index', param: 'id', pick: 'product-category' },
  { name: 'product', path: '/pages/product/detail', param: 'id', pick: 'product' },
  { name: 'menu', path: '/pages/menu/index', param: 'table', pick: 'table-number' },
  { name: 'cart', path: '/pages/cart/index' },
  { name: 'orders', path: '/pages/order/list' },
  { name: 'article', path: '/pages/article/detail', param: 'id', pick: 'article' },
  { name: 'mine', path: '/pages/mine/index' },
] as const;

export type ShopPage = (typeof SHOP_PAGES)[number];

/** The resources a page's parameter is picked from (their options are offered to link pickers). */
export const PAGE_PARAM_SOURCES: readonly string[] = SHOP_PAGES.flatMap((p) =>
  'pick' in p ? [p.pick] : [],
);

/** A page's path with its parameter's value (none when empty). */
export function pagePath(path: string, value = ''): string {
  const page = SHOP_PAGES.find((p) => p.path === path);
  const name = page && 'param' in page ? page.param : undefined;
  return name && value ? `${path}?${name}=${encodeURIComponent(value)}` : path;
}
