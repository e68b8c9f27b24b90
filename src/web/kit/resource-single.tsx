import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../shared/resource';
import { request } from '../api/request';
import { areaNamespaces } from '../i18n/keys';
import ResourceForm from './resource-form';
import type { ResourceOverrides, ResourceRow } from './resource-overrides';
import { useUnsavedWarning } from './use-unsaved-warning';

/**
 * The screen of a resource with one row per merchant (its settings): the row's form on a card,
 * saved in place; Reset puts back what is saved.
 */
export function ResourceSingle({
  resource,
  overrides,
}: {
  resource: ResourceDef;
  overrides?: ResourceOverrides;
}) {
  const { t } = useTranslation(areaNamespaces(resource.name));
  const queryClient = useQueryClient();
  const [dirty, setDirty] = useState(false);
  // A new form (from what is saved) after Reset.
  const [generation, setGeneration] = useState(0);
  useUnsavedWarning(dirty);
  const key = [`/admin/${resource.name}`, 'single'];
  const row = useQuery({
    queryKey: key,
    queryFn: () => request<ResourceRow>(`/admin/${resource.name}/get`, {}),
  });
  if (row.isPending)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  if (row.isError)
    return (
      <Result
        status="warning"
        title={t('translation:kit.loadFailed')}
        subTitle={row.error.message}
      />
    );
  return (
    <Card title={t('title')}>
      <div style={{ maxWidth: 720 }}>
        <ResourceForm
          key={generation}
          resource={resource}
          overrides={overrides}
          editing={row.data}
          cancelText={t('translation:kit.reset')}
          onSaved={() => void queryClient.invalidateQueries({ queryKey: key })}
          onCancel={() => {
            setDirty(false);
            setGeneration((n) => n + 1);
          }}
          onDirty={setDirty}
        />
      </div>
    </Card>
  );
}

/** The screen component of a single-row resource, for the route table. */
export function singleOf(resource: ResourceDef, overrides?: ResourceOverrides) {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per resource, when its chunk loads.
  function Single() {
    return <ResourceSingle resource={resource} overrides={overrides} />;
  }
  Single.displayName = `ResourceSingle(${resource.name})`;
  return Single;
}
