import { AccountBookOutlined, DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Space, Table, Typography } from 'antd';
import DatePicker from 'antd/es/date-picker';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatementResult } from '../../../shared/product-order';
import { request } from '../../api/request';
import { setDayjsLocale } from '../../kit/dayjs-locale';
import { downloadFile } from '../../kit/export-file';
import { ViewDrawer } from '../../kit/view-drawer';
import {
  chinaDay,
  type DayRange,
  daysBetween,
  MAX_STATEMENT_DAYS,
  STATEMENT_PRESETS,
  statementPresets,
} from './statement-range';

const ORDERS = '/admin/product-order';
const DAY = 'YYYY-MM-DD';
type Row = StatementResult['rows'][number];

/** A sum of money as the statement shows it: yuan, two decimals, as the server gave it. */
const money = (value: string) => (
  <span style={{ fontVariantNumeric: 'tabular-nums' }}>{value}</span>
);

/**
 * 对账单: the store's takings by China day and pay manner, over the days chosen (today at first):
 * the orders paid, what they came to, the refunds given those days, what the store keeps; the
 * same as an Excel file.
 */
function StatementDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t, i18n } = useTranslation('product-order');
  const { message } = App.useApp();
  setDayjsLocale(i18n.language);
  const [range, setRange] = useState<DayRange>(() => statementPresets().today);
  const [exporting, setExporting] = useState(false);
  const statement = useQuery({
    queryKey: [ORDERS, 'statement', range.from, range.to],
    queryFn: () => request<StatementResult>(`${ORDERS}/statement`, range),
    enabled: open,
    // Money taken a moment ago counts: asked again each time the drawer opens.
    staleTime: 0,
    // The days before stay on screen, under the spinner, until the new ones come.
    placeholderData: keepPreviousData,
  });
  const presets = statementPresets();
  const today = dayjs(chinaDay());

  async function exportFile() {
    setExporting(true);
    try {
      await downloadFile(`${ORDERS}/statement-export`, range, () => {});
    } catch (err) {
      void message.error(err instanceof Error ? err.message : String(err));
    } finally {
      setExporting(false);
    }
  }

  const rows = statement.data?.rows ?? [];
  const total = statement.data?.total;
  return (
    <ViewDrawer
      open={open}
      onClose={onClose}
      size="min(820px, 100vw)"
      title={t('statement.title')}
      extra={
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          disabled={statement.isLoading}
          onClick={() => void exportFile()}
        >
          {t('statement.export')}
        </Button>
      }
    >
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap size={[8, 8]}>
          <DatePicker.RangePicker
            aria-label={t('statement.range')}
            id={{ start: 'statement-from', end: 'statement-to' }}
            value={[dayjs(range.from), dayjs(range.to)]}
            format={DAY}
            allowClear={false}
            disabledDate={(day, info) =>
              day.isAfter(today, 'day') ||
              (!!info.from && Math.abs(day.diff(info.from, 'day')) > MAX_STATEMENT_DAYS)
            }
            onChange={(dates) => {
              const [start, end] = dates ?? [];
              if (start && end) setRange({ from: start.format(DAY), to: end.format(DAY) });
            }}
          />
          {STATEMENT_PRESETS.map((preset) => {
            const chosen = presets[preset].from === range.from && presets[preset].to === range.to;
            return (
              <Button
                key={preset}
                type={chosen ? 'primary' : 'default'}
                aria-pressed={chosen}
                onClick={() => setRange(presets[preset])}
              >
                {t(`statement.presets.${preset}`)}
              </Button>
            );
          })}
        </Space>
        <Typography.Text type="secondary">
          {t('statement.note', { days: daysBetween(range.from, range.to) + 1 })}
        </Typography.Text>
        <Table<Row>
          size="small"
          bordered
          rowKey={(row) => `${row.day} ${row.payManner}`}
          pagination={false}
          loading={statement.isFetching}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: statement.isLoading ? (
              <div style={{ height: 80 }} />
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={statement.error ? statement.error.message : t('statement.empty')}
              />
            ),
          }}
          columns={[
            { title: t('statement.day'), dataIndex: 'day', width: 120 },
            {
              title: t('statement.payManner'),
              dataIndex: 'payManner',
              render: (value: string) => t(`enums.payManner.${value}`, { defaultValue: value }),
            },
            { title: t('statement.orders'), dataIndex: 'orders', align: 'right', width: 100 },
            {
              title: t('statement.takings'),
              dataIndex: 'takings',
              align: 'right',
              width: 120,
              render: money,
            },
            {
              title: t('statement.refunds'),
              dataIndex: 'refunds',
              align: 'right',
              width: 120,
              render: money,
            },
            {
              title: t('statement.net'),
              dataIndex: 'net',
              align: 'right',
              width: 130,
              render: (value: string) => <Typography.Text strong>{money(value)}</Typography.Text>,
            },
          ]}
          summary={() =>
            total && rows.length > 0 ? (
              <Table.Summary>
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={2}>
                    <Typography.Text strong>{t('statement.total')}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    <Typography.Text strong>{total.orders}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    <Typography.Text strong>{money(total.takings)}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} align="right">
                    <Typography.Text strong>{money(total.refunds)}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={5} align="right">
                    <Typography.Text strong>{money(total.net)}</Typography.Text>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              </Table.Summary>
            ) : null
          }
        />
      </Space>
    </ViewDrawer>
  );
}

/** The orders list's 对账单 button, and its drawer (today's again each time it opens). */
export function StatementButton() {
  const { t } = useTranslation('product-order');
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(0);
  return (
    <>
      <Button
        icon={<AccountBookOutlined />}
        onClick={() => {
          setOpened((n) => n + 1);
          setOpen(true);
        }}
      >
        {t('statement.open')}
      </Button>
      <StatementDrawer key={opened} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
