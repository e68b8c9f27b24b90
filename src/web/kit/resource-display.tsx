import { Tag } from 'antd';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, parseTime } from '../../shared/format';
import type { FieldDef, ResourceDef } from '../../shared/resource';
import { areaNamespaces, dynamicKey } from '../i18n/keys';
import { LinkText } from './link-text';
import { Thumbnail } from './thumbnail';

const time = (v: unknown) => (v ? parseTime(v as string, '{y}-{m}-{d} {h}:{i}') : '—');

/** How a field's value reads in a cell, a tree row or the detail drawer. */
export function useDisplay(resource: ResourceDef) {
  const { t } = useTranslation(areaNamespaces(resource.name));
  return useCallback(
    (key: string, f: FieldDef, value: unknown): ReactNode => {
      if (value === null || value === undefined || value === '') return '—';
      switch (f.kind) {
        case 'enum':
          return t(dynamicKey(`enums.${key}.${value}`));
        case 'boolean':
          return t(dynamicKey(`enums.${key}.${value}`), {
            defaultValue: value ? t('translation:kit.yes') : t('translation:kit.no'),
          });
        case 'money':
          return `¥${formatMoney(value as string)}`;
        case 'datetime':
          return time(value);
        case 'tags':
          return (value as string[]).map((tag) => <Tag key={tag}>{tag}</Tag>);
        case 'references':
          // The titles of the rows it points at (`labels`): titles may repeat, so keyed by place.
          return (value as string[]).length === 0
            ? '—'
            : (value as string[]).map((title, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered.
                <Tag key={i}>{title}</Tag>
              ));
        case 'image':
          return <Thumbnail src={value as string} width={48} height={48} />;
        case 'images':
          return (value as string[]).map((src) => (
            <Thumbnail key={src} src={src} width={48} height={48} />
          ));
        case 'link': {
          const [link, title] = value as [string, string | null];
          return <LinkText link={link} title={title} />;
        }
        case 'richText':
          // Kept only in the server's sanitiser's safe subset on every write.
          return (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on every write.
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: value as string }} />
          );
        default:
          return String(value);
      }
    },
    [t],
  );
}

/** The function useDisplay gives. */
export type Display = ReturnType<typeof useDisplay>;
