import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Flex, Row, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHOP_PAGES, type ShopPage } from '../../../shared/link';
import { request } from '../../api/request';
import { PagePicker } from '../../kit/link-picker';
import type { QrLink } from '../../kit/qr-link';

/** Whether a path names its page's parameter when the page takes one. */
function complete(path: string) {
  const [base = '', query = ''] = path.split('?');
  const page = SHOP_PAGES.find((p) => p.path === base);
  if (!page) return false;
  return !('param' in page) || !!new URLSearchParams(query).get(page.param);
}

/**
 * /page-path: the mini-program's pages and their parameters (the catalogue the link picker of
 * carousels, banners and nine-grid entries uses), and a builder: a page, the row its parameter
 * names picked by a search, the path to copy and its QR code.
 */
export default function PagePathPage() {
  const { t } = useTranslation();
  const [path, setPath] = useState<string>(SHOP_PAGES[0].path);
  const ready = complete(path);
  const qr = useQuery({
    queryKey: ['/admin/page-path', 'qr', path],
    queryFn: () => request<QrLink>('/admin/page-path/qr', { path }),
    enabled: ready,
    staleTime: 60_000,
  });
  const [base = ''] = path.split('?');
  const page = SHOP_PAGES.find((p) => p.path === base);

  return (
    <Flex vertical gap={16}>
      <Card title={t('pagePath.build')}>
        <Row gutter={[24, 16]}>
          <Col xs={24} md={12}>
            <PagePicker value={path} onChange={setPath} compact={false} />
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              {t('pagePath.result')}
            </Typography.Title>
            {ready ? (
              <Typography.Text
                code
                copyable={{ tooltips: [t('pagePath.copy'), t('pagePath.copied')] }}
                data-testid="page-path"
                style={{ wordBreak: 'break-all' }}
              >
                {path}
              </Typography.Text>
            ) : (
              <Typography.Text type="warning">
                {page && 'pick' in page
                  ? t('pagePath.needParam', { name: t(`pagePath.pick.${page.pick}`) })
                  : t('pagePath.choose')}
              </Typography.Text>
            )}
          </Col>
          <Col xs={24} md={12}>
            <Flex vertical align="center" gap={8}>
              {ready && qr.data ? (
                <>
                  <img src={qr.data.png} alt={t('pagePath.qr')} width={200} height={200} />
                  <Typography.Text type="secondary">{t('pagePath.qrHint')}</Typography.Text>
                  <Button
                    icon={<DownloadOutlined />}
                    href={qr.data.png}
                    download={qr.data.filename}
                  >
                    {t('pagePath.download')}
                  </Button>
                </>
              ) : ready ? (
                <Flex style={{ width: 200, height: 200 }} align="center" justify="center">
                  <Spin />
                </Flex>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pagePath.choose')} />
              )}
            </Flex>
          </Col>
        </Row>
      </Card>
      <Card title={t('pagePath.catalogue')} styles={{ body: { padding: 0 } }}>
        <Table<ShopPage>
          rowKey="path"
          size="small"
          pagination={false}
          scroll={{ x: 560 }}
          aria-label={t('pagePath.catalogue')}
          dataSource={[...SHOP_PAGES]}
          columns={[
            {
              key: 'name',
              title: t('pagePath.page'),
              render: (_, p) => t(`kit.link.pages.${p.name}`),
            },
            {
              key: 'path',
              title: t('pagePath.path'),
              render: (_, p) => <Typography.Text code>{p.path}</Typography.Text>,
            },
            {
              key: 'params',
              title: t('pagePath.params'),
              render: (_, p) =>
                'param' in p ? (
                  <Tag>
                    {p.param} · {t(`pagePath.pick.${p.pick}`)}
                  </Tag>
                ) : (
                  <Typography.Text type="secondary">{t('pagePath.none')}</Typography.Text>
                ),
            },
            {
              key: 'use',
              title: '',
              render: (_, p) => (
                <Button type="link" style={{ padding: 0 }} onClick={() => setPath(p.path)}>
                  {t('pagePath.use')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
