import { Alert, Card, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { dynamicKey } from '../../i18n/keys';

/**
 * Template demo (spec §2 /nested): one page per nested level. The note field shows that a view
 * keeps its state under a tab at any depth.
 */
export default function NestedPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [note, setNote] = useState('');
  const name = pathname.replace(/^\//, '');
  return (
    <Card>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Alert
          type="success"
          title={t(dynamicKey(`route.${name}`))}
          description={pathname}
          showIcon
        />
        <Input
          aria-label={t('demo.note')}
          placeholder={t('demo.notePlaceholder')}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </Space>
    </Card>
  );
}
