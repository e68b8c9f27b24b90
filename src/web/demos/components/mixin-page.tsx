import { Button, Card, Col, Input, Row, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Template demo /components/mixin: the common controls side by side, in the app's theme. */
export default function MixinPage() {
  const { t } = useTranslation('demos');
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12}>
        <Card title={t('components.buttons')}>
          <Space wrap>
            <Button type="primary">Primary</Button>
            <Button>Default</Button>
            <Button type="dashed">Dashed</Button>
            <Button danger>Danger</Button>
            <Button type="link">Link</Button>
          </Space>
        </Card>
      </Col>
      <Col xs={24} md={12}>
        <Card title={t('components.inputs')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Input placeholder={t('components.inputs')} />
            <Select
              style={{ width: '100%' }}
              placeholder={t('i18n.select')}
              aria-label={t('i18n.select')}
              options={(['CN', 'US', 'JP', 'EU'] as const).map((value) => ({
                value,
                label: t(`article.types.${value}`),
              }))}
            />
          </Space>
        </Card>
      </Col>
      <Col span={24}>
        <Card title={t('components.tags')}>
          <Space wrap>
            {['magenta', 'red', 'volcano', 'orange', 'gold', 'green', 'cyan', 'blue', 'purple'].map(
              (color) => (
                <Tag key={color} color={color}>
                  {color}
                </Tag>
              ),
            )}
          </Space>
        </Card>
      </Col>
    </Row>
  );
}
