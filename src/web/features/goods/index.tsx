import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { rowLink } from '../../../shared/resource';
import { goods } from '../../../shared/resources/goods';
import { request } from '../../api/request';
import { i18n } from '../../i18n';
import { useAppNavigate } from '../../kit/cached-view';
import type { ResourceOverrides, ResourceRow } from '../../kit/resource-overrides';

interface DeletePreview {
  goods: number;
  listings: number;
  active: number;
  retired: number;
  released: number;
}

interface Copied {
  id: number;
  title: string;
  skus: string[];
}

/**
 * 复制: a new draft like this goods (new SKUs, no codes, no stock), opened at once on its edit
 * page so the seller goes on to change it. Nothing is lost by it, so nothing is asked.
 */
function CopyButton({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('goods');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useAppNavigate();
  const copy = useMutation({
    mutationFn: () => request<Copied>('/admin/goods/copy', { id: row.id }),
    onSuccess: (copied) => {
      void message.success(t('copy.done', { title: copied.title }));
      void queryClient.invalidateQueries({ queryKey: ['/admin/goods'] });
      navigate(rowLink(goods, copied));
    },
  });
  return (
    <Button
      type="link"
      style={{ padding: 0 }}
      loading={copy.isPending}
      onClick={() => copy.mutate()}
    >
      {t('copy.action')}
    </Button>
  );
}

/**
 * The goods list: deleting goods that are on a marketplace asks what it takes with it, by count
 * (the listings taken off sale, the codes retired); goods never listed get the usual question.
 * A row copies to a new goods (复制).
 */
export default {
  rowActions: { render: CopyButton, width: 40 },
  async deleteQuestion(ids) {
    const preview = await request<DeletePreview>('/admin/goods/delete-preview', { ids });
    if (preview.listings === 0) return undefined;
    return i18n.t('goods:deleteListed', { ...preview });
  },
} satisfies ResourceOverrides;
