import { useQuery } from '@tanstack/react-query';
import { Card, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { fieldEntries, type ResourceDef, variantRoute } from '../../shared/resource';
import { request } from '../api/request';
import { areaNamespaces } from '../i18n/keys';
import { useCan } from '../stores/session';
import { useTagsView } from '../stores/tags-view';
import ResourceForm from './resource-form';
import type { ResourceOverrides, ResourceRow } from './resource-overrides';
import { useTabLabel } from './use-tab-label';
import { useUnsavedWarning } from './use-unsaved-warning';

/**
 * A resource's add/edit page (its hidden route, e.g. /article-store/:article_type?id=): the form
 * on a page of its own, warning before unsaved changes are lost; saving goes back to the list.
 */
export function ResourcePage({
  resource,
  overrides,
}: {
  resource: ResourceDef;
  overrides?: ResourceOverrides;
}) {
  const { t } = useTranslation(areaNamespaces(resource.name));
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const variants = resource.variants;
  const value = variants ? Number(params[variants.param]) : undefined;
  const listRoute = variants ? variantRoute(resource, value) : resource.route;
  const fixed = variants ? { [variants.field]: value } : {};
  // Back to the value's screen, or to the screen over every value for an account with that only.
  const mayList = useCan(listRoute ?? '');
  const backRoute = !mayList && variants?.all ? variants.all.route : listRoute;
  const id = Number(search.get('id')) || undefined;
  // A new row may start under a parent or pointing at a row the link names (?parentId=3).
  const preset = Object.fromEntries(
    fieldEntries(resource)
      .filter(([key, f]) => (f.kind === 'parent' || f.kind === 'reference') && search.get(key))
      .map(([key]) => [key, Number(search.get(key))]),
  );
  const [dirty, setDirty] = useState(false);
  useUnsavedWarning(dirty);
  // The tab says what the card says: a new row's tab is not the route's "Edit …".
  useTabLabel({ key: `${resource.name}:${id ? 'edit' : 'new'}` });

  const detail = useQuery({
    queryKey: [`/admin/${resource.name}`, 'detail', fixed, id],
    queryFn: () => request<ResourceRow>(`/admin/${resource.name}/detail`, { ...fixed, id }),
    enabled: !!id && !!listRoute,
  });

  function leave() {
    const here = location.pathname;
    useTagsView.getState().closeView(here);
    // Let the blocker see a clean form before navigating.
    setTimeout(() => navigate(`/${backRoute}`), 0);
  }

  if (!listRoute)
    return <Result status="404" title="404" subTitle={t('translation:error.notFound')} />;
  if (id && detail.isPending)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (id && detail.isError)
    return (
      <Result
        status="warning"
        title={t('translation:kit.loadFailed')}
        subTitle={detail.error.message}
      />
    );
  return (
    <Card title={id ? t('edit') : t('new')}>
      <div style={{ maxWidth: 960 }}>
        <ResourceForm
          resource={resource}
          overrides={overrides}
          editing={id && detail.data ? detail.data : 'new'}
          fixed={fixed}
          preset={preset}
          cancelText={t('translation:kit.back')}
          onSaved={leave}
          onCancel={() => navigate(`/${listRoute}`)}
          onDirty={setDirty}
        />
      </div>
    </Card>
  );
}

/** The page component of a resource, for the route table. */
export function pageOf(resource: ResourceDef, overrides?: ResourceOverrides) {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per resource, when its chunk loads.
  function Page() {
    return <ResourcePage resource={resource} overrides={overrides} />;
  }
  Page.displayName = `ResourcePage(${resource.name})`;
  return Page;
}
