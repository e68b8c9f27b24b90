import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceOverrides } from '../../kit/resource-overrides';

function Reason({ code }: { code: unknown }) {
  const { t } = useTranslation('listing');
  if (!code) return null;
  const text = t(`reasons.${String(code)}`);
  return (
    <Tooltip title={text}>
      <Typography.Text type="danger" ellipsis>
        {text}
      </Typography.Text>
    </Tooltip>
  );
}

/** /listing: a suppressed listing says why, in the UI's language. */
export default {
  cells: { reason: (value) => <Reason code={value} /> },
  // On a phone: what sells at what price.
  phoneColumns: ['price'],
} satisfies ResourceOverrides;
