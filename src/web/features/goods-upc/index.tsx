import { ImportOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Input,
  InputNumber,
  Modal,
  Space,
  Typography,
} from 'antd';
import Big from 'big.js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format';
import {
  UPC_BUY_MAX,
  UPC_PRICE,
  type UpcBuyReport,
  type UpcImportReport,
  upcCost,
} from '../../../shared/goods-upc';
import { request } from '../../api/request';
import { useAppNavigate } from '../../kit/cached-view';
import { moneyMoved } from '../../kit/money';
import type { ResourceOverrides, ResourceRow } from '../../kit/resource-overrides';
import { useCan, useSession } from '../../stores/session';

/**
 * Codes issued by the platform, paid from the balance. One purchase id per opening of the dialog:
 * a second click or a retry of the same purchase charges nothing more (the server keys the charge
 * by it).
 */
function BuyCodes() {
  const { t } = useTranslation(['goods-upc', 'translation']);
  const queryClient = useQueryClient();
  const navigate = useAppNavigate();
  const balance = useSession((state) => state.profile?.balance ?? '0.00');
  const [open, setOpen] = useState(false);
  const [count, setCount] = useState<number | null>(100);
  const [purchase, setPurchase] = useState('');
  // A whole number within the most one purchase buys; anything else is said, never rounded or
  // clamped, so that the total shown is the one charged.
  const countError =
    count === null
      ? null
      : !Number.isInteger(count)
        ? t('buyCodes.whole')
        : count < 1 || count > UPC_BUY_MAX
          ? t('buyCodes.range', { max: UPC_BUY_MAX })
          : null;
  const valid = count !== null && countError === null;
  const amount = upcCost(valid ? count : 0);
  const short = valid && new Big(amount).gt(balance);
  const buy = useMutation({
    mutationFn: () =>
      request<UpcBuyReport>('/admin/goods-upc/buy', { count: count ?? 0, purchase }),
    onSuccess: async () => {
      await Promise.all([
        moneyMoved(queryClient),
        queryClient.invalidateQueries({ queryKey: ['/admin/goods-upc'] }),
      ]);
    },
  });
  const report = buy.data;
  function start() {
    setPurchase(crypto.randomUUID());
    buy.reset();
    setOpen(true);
  }
  return (
    <>
      <Button icon={<ShoppingCartOutlined />} onClick={start}>
        {t('buyCodes.open')}
      </Button>
      <Modal
        open={open}
        title={t('buyCodes.title')}
        onCancel={() => setOpen(false)}
        footer={
          report ? (
            <Button type="primary" onClick={() => setOpen(false)}>
              {t('translation:kit.close')}
            </Button>
          ) : (
            <Space>
              <Button onClick={() => setOpen(false)}>{t('translation:kit.cancel')}</Button>
              {short ? (
                <Button
                  type="primary"
                  onClick={() => {
                    setOpen(false);
                    navigate('/recharge');
                  }}
                >
                  {t('buyCodes.recharge')}
                </Button>
              ) : (
                <Button
                  type="primary"
                  disabled={!valid}
                  loading={buy.isPending}
                  onClick={() => buy.mutate()}
                >
                  {t('buyCodes.send', { amount: formatMoney(amount) })}
                </Button>
              )}
            </Space>
          )
        }
      >
        {report ? (
          <Alert
            type="success"
            message={
              report.repeated
                ? t('buyCodes.repeated')
                : t('buyCodes.done', {
                    count: report.codes.length,
                    amount: formatMoney(report.amount),
                    first: report.codes[0],
                    last: report.codes.at(-1),
                  })
            }
          />
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text type="secondary">
              {t('buyCodes.help', { price: UPC_PRICE })}
            </Typography.Text>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label={t('buyCodes.count')}>
                <Space direction="vertical" size={2}>
                  <InputNumber
                    aria-label={t('buyCodes.count')}
                    aria-invalid={countError ? true : undefined}
                    aria-describedby={countError ? 'upc-buy-count-error' : undefined}
                    status={countError ? 'error' : undefined}
                    value={count}
                    onChange={(value) => setCount(value === null ? null : Number(value))}
                  />
                  {countError && (
                    <Typography.Text type="danger" id="upc-buy-count-error" role="alert">
                      {countError}
                    </Typography.Text>
                  )}
                </Space>
              </Descriptions.Item>
              <Descriptions.Item label={t('buyCodes.total')}>
                {valid ? `¥${formatMoney(amount)}` : '—'}
              </Descriptions.Item>
              <Descriptions.Item label={t('buyCodes.balance')}>
                ¥{formatMoney(balance)}
              </Descriptions.Item>
            </Descriptions>
            {short && <Alert type="warning" showIcon message={t('buyCodes.short')} />}
          </Space>
        )}
      </Modal>
    </>
  );
}

/** Codes by the thousand: pasted, or read from a .txt / .csv file, one per line. */
function ImportCodes() {
  const { t } = useTranslation(['goods-upc', 'translation']);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [codes, setCodes] = useState('');
  const send = useMutation({
    mutationFn: () => request<UpcImportReport>('/admin/goods-upc/import-codes', { codes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/admin/goods-upc'] }),
  });
  const count = codes.split(/[\s,;，；]+/).filter(Boolean).length;
  const report = send.data;
  function close() {
    setOpen(false);
    setCodes('');
    send.reset();
  }
  return (
    <>
      <Button icon={<ImportOutlined />} onClick={() => setOpen(true)}>
        {t('importCodes.open')}
      </Button>
      <Modal
        open={open}
        title={t('importCodes.title')}
        onCancel={close}
        footer={
          report ? (
            <Button type="primary" onClick={close}>
              {t('translation:kit.close')}
            </Button>
          ) : (
            <Space>
              <Button onClick={close}>{t('translation:kit.cancel')}</Button>
              <Button
                type="primary"
                disabled={count === 0}
                loading={send.isPending}
                onClick={() => send.mutate()}
              >
                {t('importCodes.send', { count })}
              </Button>
            </Space>
          )
        }
      >
        {report ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Alert
              type={report.invalidCount > 0 ? 'warning' : 'success'}
              message={t('importCodes.report', report)}
            />
            {report.invalid.length > 0 && (
              <>
                <Typography.Text>{t('importCodes.invalid')}</Typography.Text>
                <Typography.Paragraph code copyable style={{ maxHeight: 160, overflow: 'auto' }}>
                  {report.invalid.join('\n')}
                </Typography.Paragraph>
              </>
            )}
          </Space>
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text type="secondary">{t('importCodes.help')}</Typography.Text>
            <Input.TextArea
              aria-label={t('importCodes.title')}
              rows={10}
              value={codes}
              onChange={(event) => setCodes(event.target.value)}
            />
            <input
              type="file"
              accept=".txt,.csv,text/plain,text/csv"
              aria-label={t('importCodes.file')}
              onChange={async (event) => {
                const file = event.target.files?.[0];
                if (file) setCodes(await file.text());
              }}
            />
          </Space>
        )}
      </Modal>
    </>
  );
}

/** The toolbar's own buttons: buying (for accounts that may spend the balance) and importing. */
function Toolbar() {
  const mayPay = useCan('cost-center');
  return (
    <>
      {mayPay && <BuyCodes />}
      <ImportCodes />
    </>
  );
}

/**
 * A row's 释放, asking a question that names who holds the code: the goods and SKU it leaves, or,
 * when that SKU is listed on a marketplace, why it cannot be released.
 */
function ReleaseButton({ row }: { row: ResourceRow }) {
  const { t } = useTranslation(['goods-upc', 'translation']);
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  if (row.status !== 'assigned') return null;
  const code = String(row.code);
  const [title, sku] = String(row.heldBy ?? '').split(' / ');
  const listings = String(row.listedOn ?? '');
  function ask() {
    if (listings) {
      modal.warning({
        title: t('release.title', { code }),
        content: t('release.listed', { title, sku, listings }),
        okText: t('translation:kit.close'),
      });
      return;
    }
    modal.confirm({
      title: t('release.title', { code }),
      content: row.heldBy ? t('release.held', { title, sku }) : t('release.free'),
      okText: t('release.ok'),
      okButtonProps: { danger: true },
      cancelText: t('translation:kit.cancel'),
      onOk: async () => {
        await request('/admin/goods-upc/release', { ids: [row.id] });
        void message.success(t('release.done', { code }));
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ['/admin/goods-upc'] }),
          queryClient.invalidateQueries({ queryKey: ['/admin/goods'] }),
        ]);
      },
    });
  }
  return (
    <Button type="link" style={{ padding: 0 }} onClick={ask}>
      {t('transitions.release')}
    </Button>
  );
}

/**
 * The UPC pool: codes come in by the thousand through the toolbar, or are bought; each row says
 * which goods and SKU hold it, and its own 释放 asks by name.
 */
export default {
  toolbar: Toolbar,
  offers: (action) => action !== 'release',
  rowActions: { render: ReleaseButton, width: 0 },
} satisfies ResourceOverrides;
