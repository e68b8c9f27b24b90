import { PrinterOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Empty,
  Pagination,
  Select,
  Space,
  Spin,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTime } from '../../../shared/format';
import type { PrintLogEntry } from '../../../shared/printer';
import { PRINTER_BRANDS, type PrinterBrand } from '../../../shared/resources/printer';
import { request } from '../../api/request';
import { dynamicKey } from '../../i18n/keys';
import type { FieldControl, ResourceOverrides, ResourceRow } from '../../kit/resource-overrides';
import { ViewDrawer } from '../../kit/view-drawer';

const PRINTER = '/admin/printer';
const PAGE_SIZE = 10;

/**
 * A receipt as the paper shows it: a monospace font whose Chinese characters are two columns, dark
 * ink on white paper in either theme (the text's colour was the theme's: white on the paper in
 * dark mode, a blank receipt).
 */
const PAPER: CSSProperties = {
  fontFamily: "'Noto Sans Mono CJK SC', 'Sarasa Mono SC', 'Source Han Mono SC', monospace",
  fontSize: 13,
  lineHeight: 1.45,
  whiteSpace: 'pre',
  color: '#1f1f1f',
  colorScheme: 'light',
  background: '#fffef8',
  border: '1px solid #e8e4d8',
  boxShadow: '0 1px 3px rgba(0,0,0,0.08)',
  padding: '12px 14px',
  margin: 0,
  overflowX: 'auto',
  width: 'fit-content',
  maxWidth: '100%',
};

/** The brands this server prints to (the sandbox, and each real brand whose account it has). */
const printerBrandsQuery = {
  queryKey: [PRINTER, 'brands'],
  queryFn: () => request<{ connected: PrinterBrand[] }>(`${PRINTER}/brands`, {}),
  staleTime: Number.POSITIVE_INFINITY,
};

/** Whether a brand prints here; no warning is shown until the server has answered. */
function useBrandConnected(brand: unknown): boolean {
  const brands = useQuery(printerBrandsQuery);
  if (brand === 'sandbox' || !brands.data) return true;
  return brands.data.connected.includes(brand as PrinterBrand);
}

const STATUS_COLOR = { waiting: 'processing', printed: 'success', failed: 'error' } as const;
const time = (value: string | null) => (value ? parseTime(value, '{y}-{m}-{d} {h}:{i}:{s}') : '');

/**
 * 重新打印: an order's receipt of the log printed again as it was, on this printer only (a jammed
 * or lost receipt; the other stations do not get theirs again), once the merchant confirms. The
 * copy is a new entry at the top of the log.
 */
function ReprintButton({
  printer,
  entry,
  onDone,
}: {
  printer: ResourceRow;
  entry: PrintLogEntry;
  onDone(): Promise<void>;
}) {
  const { t } = useTranslation('printer');
  const { modal, message } = App.useApp();
  const name = String(printer.name);
  return (
    <Button
      size="small"
      icon={<PrinterOutlined />}
      onClick={() =>
        modal.confirm({
          title: entry.orderNo
            ? t('log.reprintConfirm', { orderNo: entry.orderNo, name })
            : t('log.reprintThis', { name }),
          okText: t('log.reprint'),
          onOk: async () => {
            try {
              await request(`${PRINTER}/reprint`, { id: entry.id });
            } catch {
              return; // The request client has said why.
            }
            void message.success(t('log.reprinted'));
            await onDone();
          },
        })
      }
    >
      {t('log.reprint')}
    </Button>
  );
}

/** A printer's print log: each receipt as it was printed, newest first; follows waiting ones. */
function PrintLog({ printer }: { printer: ResourceRow }) {
  const { t } = useTranslation('printer');
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  /** After a reprint: the first page, where the new entry is, read again. */
  const showNewest = async () => {
    setPage(1);
    await queryClient.invalidateQueries({ queryKey: [PRINTER, 'print-log', printer.id] });
  };
  const log = useQuery({
    queryKey: [PRINTER, 'print-log', printer.id, page],
    queryFn: () =>
      request<{ items: PrintLogEntry[]; total: number }>(`${PRINTER}/print-log`, {
        printerId: printer.id,
        page,
        pageSize: PAGE_SIZE,
      }),
    refetchInterval: (query) =>
      query.state.data?.items.some((entry) => entry.status === 'waiting') ? 2000 : false,
  });
  if (log.isLoading) return <Spin />;
  const items = log.data?.items ?? [];
  if (items.length === 0) return <Empty description={t('log.empty')} />;
  return (
    <Space direction="vertical" size={20} style={{ width: '100%' }}>
      {items.map((entry) => (
        <section
          key={entry.id}
          aria-label={
            entry.orderNo
              ? t('log.order', { orderNo: entry.orderNo })
              : `${t(`log.source.${entry.source}`)} ${time(entry.createdAt)}`
          }
        >
          {/* What was printed, and for an order 重新打印 at the line's end; then when. */}
          <div
            style={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 8,
              marginBottom: 4,
            }}
          >
            <Space wrap size={[8, 4]}>
              <Tag color={STATUS_COLOR[entry.status]}>{t(`log.status.${entry.status}`)}</Tag>
              {/* An order by the number the merchant knows it by (entries printed before numbers
                  were kept in the log say only that they were an order's). */}
              <Tag>
                {entry.orderNo
                  ? t('log.order', { orderNo: entry.orderNo })
                  : t(`log.source.${entry.source}`)}
              </Tag>
            </Space>
            {entry.source === 'order' && (
              <ReprintButton printer={printer} entry={entry} onDone={showNewest} />
            )}
          </div>
          <Space wrap size={[8, 4]} style={{ marginBottom: 8 }}>
            <Typography.Text type="secondary">
              {t('log.createdAt')} {time(entry.createdAt)}
            </Typography.Text>
            {entry.printedAt && (
              <Typography.Text type="secondary">
                {t('log.printedAt')} {time(entry.printedAt)}
              </Typography.Text>
            )}
          </Space>
          {entry.error && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 8 }}
              message={
                entry.error === 'notConfigured'
                  ? t('errors.notConfigured', {
                      brand: t(dynamicKey(`enums.brand.${printer.brand}`)),
                    })
                  : entry.error
              }
            />
          )}
          <pre style={PAPER} data-testid="receipt">
            {entry.content}
          </pre>
        </section>
      ))}
      <Pagination
        size="small"
        current={page}
        pageSize={PAGE_SIZE}
        total={log.data?.total ?? 0}
        onChange={setPage}
        hideOnSinglePage
      />
    </Space>
  );
}

/** A row's own buttons: a test page, and the print log in a drawer. */
function PrinterActions({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('printer');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const testPrint = useMutation({
    mutationFn: () => request<{ queued: number }>(`${PRINTER}/test-print`, { id: row.id }),
    onSuccess: async () => {
      void message.success(t('testPrint.queued'));
      await queryClient.invalidateQueries({ queryKey: [PRINTER, 'print-log', row.id] });
    },
  });
  return (
    <Space>
      <Button
        type="link"
        style={{ padding: 0 }}
        loading={testPrint.isPending}
        onClick={() => testPrint.mutate()}
      >
        {t('testPrint.action')}
      </Button>
      <Button type="link" style={{ padding: 0 }} onClick={() => setOpen(true)}>
        {t('log.action')}
      </Button>
      <ViewDrawer
        open={open}
        onClose={() => setOpen(false)}
        size={row.paper === '80' ? 560 : 460}
        title={t('log.title', { name: row.name })}
        destroyOnHidden
      >
        {open && <PrintLog printer={row} />}
      </ViewDrawer>
    </Space>
  );
}

/** The brand, and under it, for a brand this server is not connected to, that it cannot print. */
const BrandSelect: FieldControl = ({ value, onChange, id }) => {
  const { t } = useTranslation('printer');
  const connected = useBrandConnected(value);
  return (
    <>
      <Select
        id={id}
        style={{ maxWidth: 240 }}
        value={value}
        onChange={onChange}
        options={PRINTER_BRANDS.map((brand) => ({
          value: brand,
          label: t(`enums.brand.${brand}`),
        }))}
      />
      {!!value && !connected && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 8 }}
          message={t('errors.notConfigured', {
            brand: t(dynamicKey(`enums.brand.${String(value)}`)),
          })}
        />
      )}
    </>
  );
};

function Brand({ value }: { value: unknown }) {
  const { t } = useTranslation('printer');
  const connected = useBrandConnected(value);
  return (
    <Space size={4}>
      {t(dynamicKey(`enums.brand.${String(value)}`))}
      {!connected && (
        <Tooltip
          title={t('errors.notConfigured', {
            brand: t(dynamicKey(`enums.brand.${String(value)}`)),
          })}
        >
          <Tag color="warning">{t('notConnected')}</Tag>
        </Tooltip>
      )}
    </Space>
  );
}

function Status({ value }: { value: unknown }) {
  const { t } = useTranslation('printer');
  return (
    <Tag color={value === 'online' ? 'success' : 'default'}>
      {t(dynamicKey(`enums.status.${String(value)}`))}
    </Tag>
  );
}

/** /printer: test print and the print log on each row; a brand not connected here says so. */
export default {
  rowActions: { render: PrinterActions, width: 130 },
  cells: {
    brand: (value) => <Brand value={value} />,
    status: (value) => <Status value={value} />,
  },
  fields: { brand: BrandSelect },
  // Only the sandbox is switched by hand; a real printer reports its own state. Each is edited.
  offers: (action, row) => action === 'edit' || row.brand === 'sandbox',
  phoneColumns: ['status'],
} satisfies ResourceOverrides;
