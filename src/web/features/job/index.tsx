import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { dynamicKey } from '../../i18n/keys';
import type { ResourceOverrides } from '../../kit/resource-overrides';

const STATE_COLORS: Record<string, string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};

function JobState({ state }: { state: string }) {
  const { t } = useTranslation('job');
  return <Tag color={STATE_COLORS[state]}>{t(dynamicKey(`enums.state.${state}`))}</Tag>;
}

/** /job-list: the derived list, its states as coloured tags. */
export default {
  cells: {
    // The title column: the job as the merchant reads it (the server names it in the UI's language).
    name: (value, row) => String(row.label || value),
    state: (value) => <JobState state={String(value)} />,
  },
  phoneColumns: ['state'],
} satisfies ResourceOverrides;
