import { request } from '../../api/request';
import { i18n } from '../../i18n';
import type { ResourceOverrides } from '../../kit/resource-overrides';

interface DeletePreview {
  goods: number;
  listings: number;
  active: number;
  retired: number;
  released: number;
}

/**
 * The goods list: deleting goods that are on a marketplace asks what it takes with it, by count
 * (the listings taken off sale, the codes retired); goods never listed get the usual question.
 */
export default {
  async deleteQuestion(ids) {
    const preview = await request<DeletePreview>('/admin/goods/delete-preview', { ids });
    if (preview.listings === 0) return undefined;
    return i18n.t('goods:deleteListed', { ...preview });
  },
} satisfies ResourceOverrides;
