import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isLinkTarget, parseLink, SHOP_PAGES } from '../../shared/link';

// Apart from the picker: a list shows links without loading the picker's selects.

/** How a link reads in a cell or the detail drawer: its kind, then the row's title or the page. */
export function LinkText({ link, title }: { link: string; title: string | null }) {
  const { t } = useTranslation();
  const parsed = parseLink(link);
  if (!parsed) return link;
  let text: string = link;
  if (isLinkTarget(parsed.kind)) text = title ?? `#${(parsed as { id: number }).id}`;
  else if (parsed.kind === 'page') {
    const [path, query] = parsed.path.split('?');
    const page = SHOP_PAGES.find((p) => p.path === path);
    if (page) text = `${t(`kit.link.pages.${page.name}`)}${query ? ` ?${query}` : ''}`;
  }
  return (
    <span title={link}>
      <Tag bordered={false}>{t(`kit.link.kinds.${parsed.kind}`)}</Tag>
      {text}
    </span>
  );
}
