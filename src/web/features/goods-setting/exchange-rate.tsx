import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, InputNumber, Space, Typography } from 'antd';
import Big from 'big.js';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseTime } from '../../../shared/format';
import { currencyOfSite } from '../../../shared/marketplace';
import { queryClient } from '../../api/query-client';
import { request } from '../../api/request';
import type { ResourceRow } from '../../kit/resource-overrides';

const SETTING = '/admin/goods-setting';

interface Fetched {
  day: string;
  items: { id: number; currency: string; exchangeRate: string }[];
}

/**
 * The rate the form last filled from the source: a setting saved with it is made a fetched one
 * (onRateSaved), so that the daily job keeps it fresh; one typed over it stays the merchant's.
 */
let filled: { currency: string; rate: string } | null = null;

/** The exchange rate's control: the number, and 获取汇率 filling in today's rate of the site. */
export function RateInput({
  value,
  onChange,
  id,
}: {
  value?: unknown;
  onChange?(value: unknown): void;
  id?: string;
}) {
  const { t } = useTranslation('goods-setting');
  const form = Form.useFormInstance();
  const site = Form.useWatch('site', form) as string | undefined;
  const currency = currencyOfSite(String(site ?? 'US'));
  const [shown, setShown] = useState<{ currency: string; rate: string; day: string } | null>(null);
  const fetch = useMutation({
    mutationFn: () =>
      request<{ currency: string; rate: string; day: string }>(`${SETTING}/rate`, { currency }),
    onSuccess: (today) => {
      filled = { currency: today.currency, rate: today.rate };
      setShown(today);
      onChange?.(today.rate);
    },
  });
  const still =
    shown && shown.currency === currency && value != null && new Big(String(value)).eq(shown.rate);
  return (
    <Space direction="vertical" size={4}>
      <Space wrap>
        <InputNumber
          id={id}
          stringMode
          precision={4}
          min="0"
          style={{ width: 180 }}
          value={value as string | undefined}
          onChange={(next) => onChange?.(next)}
        />
        <Button loading={fetch.isPending} onClick={() => fetch.mutate()}>
          {t('rate.fetch')}
        </Button>
      </Space>
      {still && (
        <Typography.Text type="secondary" data-testid="rate-filled">
          {t('rate.filled', shown)}
        </Typography.Text>
      )}
    </Space>
  );
}

/** After a save: a setting saved with the rate the form fetched becomes a fetched one. */
export function onRateSaved(row: ResourceRow) {
  const rate = filled;
  filled = null;
  if (!rate || row.rateFetchedAt || row.currency !== rate.currency) return;
  if (!new Big(String(row.exchangeRate)).eq(rate.rate)) return;
  void request<Fetched>(`${SETTING}/fetch-rate`, { ids: [row.id] }).then(
    () => void queryClient.invalidateQueries({ queryKey: [SETTING] }),
  );
}

/** When the rate was fetched, or that it was typed by hand. */
export function FetchedAt({ value }: { value: unknown }) {
  const { t } = useTranslation('goods-setting');
  if (!value) return <Typography.Text type="secondary">{t('rate.typed')}</Typography.Text>;
  return <span title={t('rate.auto')}>{parseTime(value as string, '{y}-{m}-{d} {h}:{i}')}</span>;
}

/** 获取汇率: asks, naming how many, then writes today's rate into the settings. */
function useFetchRate() {
  const { t } = useTranslation(['goods-setting', 'translation']);
  const { modal, message } = App.useApp();
  const client = useQueryClient();
  return (ids: Key[], onDone?: () => void) =>
    modal.confirm({
      title: t('rate.title', { count: ids.length }),
      content: t('rate.content'),
      okText: t('rate.fetch'),
      cancelText: t('translation:kit.cancel'),
      onOk: async () => {
        const done = await request<Fetched>(`${SETTING}/fetch-rate`, { ids: ids.map(Number) });
        const rates = [...new Map(done.items.map((i) => [i.currency, i.exchangeRate]))]
          .map(([currency, rate]) => `${currency} ${rate}`)
          .join('、');
        void message.success(t('rate.done', { rates }));
        void client.invalidateQueries({ queryKey: [SETTING] });
        onDone?.();
      },
    });
}

/** A row's own 获取汇率. */
export function RowFetchRate({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('goods-setting');
  const fetchRate = useFetchRate();
  return (
    <Button type="link" style={{ padding: 0 }} onClick={() => fetchRate([row.id])}>
      {t('rate.fetch')}
    </Button>
  );
}

/** The chosen settings' 获取汇率. */
export function FetchRateBulk({ ids, onDone }: { ids: Key[]; onDone(): void }) {
  const { t } = useTranslation('goods-setting');
  const fetchRate = useFetchRate();
  return (
    <Button disabled={ids.length === 0} onClick={() => fetchRate(ids, onDone)}>
      {ids.length > 0 ? t('rate.fetchMany', { count: ids.length }) : t('rate.fetch')}
    </Button>
  );
}
