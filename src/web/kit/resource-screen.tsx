import { DownOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Grid } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { has, importKeyPermission, type ResourceDef } from '../../shared/resource';
import { areaNamespaces, dynamicKey, routeTitle } from '../i18n';
import { useCan } from '../stores/session';
import { useAppNavigate } from './cached-view';
import { FormDrawer } from './form-drawer';
import { ListScreen } from './list-screen';
import { useResourceColumns } from './resource-columns';
import { useDisplay } from './resource-display';
import { useResourceFilters } from './resource-filters';
import { useResourceListState } from './resource-list-state';
import { formName, type ResourceOverrides, type ResourceRow as Row } from './resource-overrides';
import { ViewDrawer } from './view-drawer';

export type { ResourceOverrides } from './resource-overrides';

// The form (and its pickers and editor) and the detail load when a drawer first opens, not with
// the list.
const ResourceForm = lazy(() => import('./resource-form'));
const ResourceDetail = lazy(() => import('./resource-detail'));

/**
 * The screen of a resource, derived from its definition: the list with its columns, filters,
 * sort, bulk delete and export; the add/edit form in a drawer (or on the resource's own page);
 * the detail drawer. `overrides` change a cell, a form control or add a section, by field. A
 * variant resource's screen is told its value by the route (`variant`). Its state, columns, row
 * actions and filters are in resource-list-state.ts, resource-columns.tsx,
 * resource-row-actions.tsx and resource-filters.ts.
 */
export function ResourceScreen({
  resource,
  overrides = {},
  variant,
}: {
  resource: ResourceDef;
  overrides?: ResourceOverrides;
  variant?: number;
}) {
  const { t } = useTranslation(areaNamespaces(resource.name));
  const navigate = useAppNavigate();
  const display = useDisplay(resource);
  const state = useResourceListState(resource, overrides, variant);
  const { viewing, setViewing, editing, setEditing, allOf, variantLabel } = state;
  // Below antd's `sm` (576 px): the `wide` columns leave too.
  const phone = Grid.useBreakpoint().sm === false;
  const columns = useResourceColumns({
    resource,
    overrides,
    handlers: state.rows,
    display,
    phone,
  });
  const filters = useResourceFilters(resource, allOf, variantLabel);

  const Toolbar = overrides.toolbar;
  const Bulk = overrides.bulk;
  // An importable area's file import is the data helper's, opened with the area chosen; one that
  // finds rows by a masked field needs the permission to see it.
  const mayImportKey = useCan(importKeyPermission(resource) ?? 'data-helper');
  const mayImport = useCan('data-helper') && has(resource, 'import') && mayImportKey;
  return (
    <>
      <ListScreen<Row>
        id={variant === undefined ? resource.name : `${resource.name}-${variant}`}
        title={routeTitle(`route.${state.route}`)}
        endpoint={`/admin/${resource.name}`}
        fixed={state.fixed}
        columns={columns}
        filters={filters}
        defaultSort={resource.defaultSort}
        defaultOrder={resource.defaultOrder}
        canDelete={has(resource, 'delete')}
        deleteQuestion={overrides.deleteQuestion}
        waiting={overrides.waiting}
        canExport={has(resource, 'export')}
        bulkExtra={Bulk && ((ids, clear) => <Bulk ids={ids} onDone={clear} />)}
        table={state.table}
        bulkActions={state.transitions.map(([name]) => ({
          key: name,
          label: t(dynamicKey(`transitions.${name}`)),
          run: (ids) => state.ask(name, ids),
        }))}
        toolbar={
          <>
            {Toolbar && <Toolbar />}
            {mayImport && (
              <Button
                icon={<UploadOutlined />}
                onClick={() =>
                  navigate(
                    `/data-helper?kind=${resource.name}${variant === undefined ? '' : `&variant=${variant}`}`,
                  )
                }
              >
                {t('translation:kit.import')}
              </Button>
            )}
            {has(resource, 'create') &&
              (allOf ? (
                // Added for one value: which, chosen from the button's menu.
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: (resource.variants?.screens ?? []).map((s) => ({
                      key: String(s.value),
                      label: variantLabel(s.value),
                    })),
                    onClick: ({ key }) => {
                      const path = state.pagePath(undefined, key);
                      if (path) navigate(path);
                    },
                  }}
                >
                  <Button type="primary" icon={<PlusOutlined />}>
                    {t('new')} <DownOutlined />
                  </Button>
                </Dropdown>
              ) : (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => state.edit('new')}>
                  {t('new')}
                </Button>
              ))}
          </>
        }
      />
      <ViewDrawer
        open={!!viewing}
        onClose={() => setViewing(null)}
        size={480}
        title={viewing ? state.titleOf(viewing) : undefined}
      >
        {viewing && (
          <Suspense fallback={null}>
            <ResourceDetail
              resource={resource}
              overrides={overrides}
              row={viewing}
              display={display}
            />
          </Suspense>
        )}
      </ViewDrawer>
      <FormDrawer
        open={!!editing}
        onClose={() => setEditing(null)}
        size={480}
        destroyOnHidden
        title={editing === 'new' ? t('new') : t('edit')}
        formName={formName(resource, editing && editing !== 'new' ? editing.id : undefined)}
        saving={state.saving}
      >
        {editing && (
          <Suspense fallback={null}>
            <ResourceForm
              resource={resource}
              overrides={overrides}
              editing={editing}
              fixed={state.fixed}
              footer={false}
              onSaving={state.setSaving}
              onSaved={() => setEditing(null)}
              onCancel={() => setEditing(null)}
            />
          </Suspense>
        )}
      </FormDrawer>
    </>
  );
}

/** The screen components of a resource, for the route table: its list, and its add/edit page. */
export function screenOf(resource: ResourceDef, overrides?: ResourceOverrides) {
  const field = resource.variants?.field;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per resource, when its chunk loads.
  function Screen(props: Record<string, unknown>) {
    // No value: the screen over every value.
    const variant = field && props[field] !== undefined ? Number(props[field]) : undefined;
    return <ResourceScreen resource={resource} overrides={overrides} variant={variant} />;
  }
  Screen.displayName = `ResourceScreen(${resource.name})`;
  return Screen;
}
