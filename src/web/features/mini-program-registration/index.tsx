import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ViewLink } from '../../kit/cached-view';
import { MiniProgramHistory, miniProgramStateQuery, StatusTag } from '../../kit/mini-program';
import type { ResourceOverrides, ResourceRow } from '../../kit/resource-overrides';
import { useCan } from '../../stores/session';

const AREA = 'mini-program-registration';

/** A failed application's Resubmit (while none succeeded): the register form, filled in with it. */
function Resubmit({ row }: { row: ResourceRow }) {
  const { t } = useTranslation(AREA);
  const allowed = useCan('mini-program-register');
  // Once registered (by a later application), nothing is submitted again.
  const state = useQuery({ ...miniProgramStateQuery(), enabled: row.status === 'failed' });
  if (row.status !== 'failed' || !allowed || !state.data || state.data.appid) return null;
  return <ViewLink to={`/mini-program-register?from=${row.id}`}>{t('screen.resubmit')}</ViewLink>;
}

/** /mini-program-register-list: each application's history, and Resubmit on a failed one. */
export default {
  cells: { status: (value) => <StatusTag area={AREA} status={String(value)} /> },
  sections: {
    detail: ({ row }) => (
      <MiniProgramHistory
        subject="registration"
        id={row.id}
        area={AREA}
        pending={row.status === 'submitted' || row.status === 'confirming'}
      />
    ),
  },
  rowActions: { render: Resubmit, width: 60 },
  phoneColumns: ['status'],
} satisfies ResourceOverrides;
