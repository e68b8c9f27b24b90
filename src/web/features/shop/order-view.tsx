import {
  Alert,
  App as AntdApp,
  Button,
  Card,
  Input,
  List,
  QRCode,
  Rate,
  Result,
  Space,
  Spin,
  Steps,
  Typography,
} from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EVALUATION_PHOTOS_MAX } from '../../../shared/product-order';
import type { ShopOrder } from '../../../shared/shop';
import { call, customerToken } from './shop-api';

/** The steps an order shows: a delivered one goes out for delivery, any other is made ready. */
const stepsOf = (mode: ShopOrder['mode']) =>
  [
    'unpaid',
    'paid',
    'accepted',
    mode === 'delivery' ? 'delivering' : 'ready',
    'completed',
  ] as const;

/** The customer's order: its state, pay, cancel, ask for a refund, rate. */
export function OrderView({
  merchantId,
  orderNo,
  onBack,
}: {
  merchantId: string;
  orderNo: string;
  onBack(): void;
}) {
  const { t } = useTranslation(['product-order', 'coupon']);
  const { message } = AntdApp.useApp();
  const [order, setOrder] = useState<ShopOrder | null>(null);
  const [error, setError] = useState('');
  const [reason, setReason] = useState('');
  const [rating, setRating] = useState(5);
  const [words, setWords] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const base = `/open/shop/${merchantId}/order`;
  const ref = useMemo(() => ({ token: customerToken(), orderNo }), [orderNo]);
  const load = useCallback(
    () =>
      call<ShopOrder>(`${base}/detail`, ref)
        .then(setOrder)
        .catch((e: Error) => setError(e.message)),
    [base, ref],
  );
  useEffect(() => {
    void load();
    // Followed every two seconds: paid, accepted, ready arrive by themselves.
    const timer = setInterval(() => void load(), 2000);
    return () => clearInterval(timer);
  }, [load]);
  /** Uploads the chosen photos one by one (the order's number and token go first). */
  async function addPhotos(files: File[]) {
    setUploading(true);
    try {
      for (const file of files.slice(0, EVALUATION_PHOTOS_MAX - photos.length)) {
        const form = new FormData();
        form.append('token', ref.token);
        form.append('orderNo', ref.orderNo);
        form.append('file', file);
        const { url } = await call<{ url: string }>(`${base}/photo`, form);
        setPhotos((list) => [...list, url]);
      }
    } catch (e) {
      void message.error((e as Error).message);
    } finally {
      setUploading(false);
    }
  }
  const act = (path: string, body: object) =>
    call<ShopOrder>(`${base}/${path}`, { ...ref, ...body })
      .then(setOrder)
      .catch((e: Error) => void message.error(e.message));
  if (error)
    return (
      <Result
        status="warning"
        title={error}
        extra={<Button onClick={onBack}>{t('shop.back')}</Button>}
      />
    );
  if (!order) return <Spin style={{ display: 'block', margin: 48 }} />;
  const steps = stepsOf(order.mode);
  const step = steps.findIndex((s) => s === order.status);
  const paid = ['paid', 'accepted', 'ready', 'delivering', 'completed'].includes(order.status);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" className="shop-order">
      <Button type="link" onClick={onBack} style={{ padding: 0 }}>
        ← {t('shop.back')}
      </Button>
      <Card>
        <Typography.Title level={4} data-testid="order-status">
          {t(`enums.status.${order.status}`)}
        </Typography.Title>
        {order.pickupNo && (
          <div className="shop-pickup-no" data-testid="pickup-no">
            <Typography.Text type="secondary">{t('fields.pickupNo')}</Typography.Text>
            <strong>{order.pickupNo}</strong>
          </div>
        )}
        <Typography.Text type="secondary">
          {t('fields.orderNo')} {order.orderNo}
          {order.tableName && ` · ${t('fields.tableName')} ${order.tableName}`}
          {order.diners && ` · ${t('shop.dinersCount', { count: order.diners })}`}
          {order.mode !== 'dineIn' && ` · ${t(`enums.mode.${order.mode}`)}`}
        </Typography.Text>
        {order.mode === 'delivery' && (
          <div>
            <Typography.Text type="secondary">
              {t('fields.address')} {order.address}
            </Typography.Text>
          </div>
        )}
        {step >= 0 && (
          <Steps
            size="small"
            current={step}
            style={{ marginTop: 16 }}
            items={steps.map((s) => ({ title: t(`enums.status.${s}`) }))}
          />
        )}
        {order.refundStatus !== 'none' && (
          <Alert
            style={{ marginTop: 12 }}
            type={order.refundStatus === 'rejected' ? 'warning' : 'info'}
            message={`${t('fields.refundStatus')}: ${t(`enums.refundStatus.${order.refundStatus}`)}${Number(order.refundedAmount) > 0 ? ` · ¥${order.refundedAmount}` : ''}`}
          />
        )}
      </Card>
      {/* Paying comes before the items: on a phone the code is on the first screen. */}
      {order.status === 'unpaid' && (
        <Space direction="vertical" style={{ width: '100%' }}>
          {order.payUrl && order.payManner === 'alipay' ? (
            // The store's own Alipay: its code is scanned with the Alipay app (this page follows).
            <Card style={{ textAlign: 'center' }} data-testid="alipay-pay">
              <QRCode
                value={order.payUrl}
                size={200}
                style={{ margin: '0 auto 12px' }}
                aria-label={t('shop.scanAlipay', { amount: order.totalAmount })}
              />
              <Typography.Text>
                {t('shop.scanAlipay', { amount: order.totalAmount })}
              </Typography.Text>
              <div>
                {/* On the phone itself, the code's address opens the Alipay app. */}
                <Typography.Link href={order.payUrl} target="_blank" rel="noopener">
                  {t('shop.openAlipay')}
                </Typography.Link>
              </div>
            </Card>
          ) : order.payUrl && order.payManner === 'wechat' ? (
            // The store's own WeChat Pay (Native): its code is scanned with WeChat's Scan; a
            // weixin:// address opens nothing from a browser, so none is offered.
            <Card style={{ textAlign: 'center' }} data-testid="wechat-pay">
              <QRCode
                value={order.payUrl}
                size={200}
                style={{ margin: '0 auto 12px' }}
                aria-label={t('shop.scanWechat', { amount: order.totalAmount })}
              />
              <Typography.Text>
                {t('shop.scanWechat', { amount: order.totalAmount })}
              </Typography.Text>
              <div>
                <Typography.Text type="secondary">{t('shop.wechatOnPhone')}</Typography.Text>
              </div>
            </Card>
          ) : order.payUrl ? (
            <Button type="primary" size="large" block href={order.payUrl} target="_blank">
              {t('shop.pay', { amount: order.totalAmount })}
            </Button>
          ) : (
            <Alert type="info" message={t('shop.payAtCounter')} />
          )}
          <Button block onClick={() => void act('cancel', {})}>
            {t('cancel')}
          </Button>
        </Space>
      )}
      <Card title={t('items')}>
        <List
          dataSource={order.items}
          renderItem={(item) => (
            <List.Item extra={`¥${item.amount}`}>
              <List.Item.Meta
                title={`${item.name} ×${item.quantity}`}
                description={item.specsLabel}
              />
            </List.Item>
          )}
        />
        {Number(order.discountAmount) > 0 && (
          <Typography.Paragraph type="success" style={{ textAlign: 'right' }}>
            {t('shop.discount', { name: order.extensionName, amount: order.discountAmount })}
          </Typography.Paragraph>
        )}
        {Number(order.couponDiscount) > 0 && (
          <Typography.Paragraph
            type="success"
            style={{ textAlign: 'right' }}
            data-testid="order-coupon"
          >
            {t('coupon:shop.discount', { name: order.couponName, amount: order.couponDiscount })}
          </Typography.Paragraph>
        )}
        {Number(order.packagingFee) > 0 && (
          <div className="shop-fee-row" data-testid="order-packaging-fee">
            <Typography.Text>{t('shop.packagingFee')}</Typography.Text>
            <Typography.Text>¥{order.packagingFee}</Typography.Text>
          </div>
        )}
        {Number(order.deliveryFee) > 0 && (
          <div className="shop-fee-row">
            <Typography.Text>{t('shop.deliveryFeeRow')}</Typography.Text>
            <Typography.Text>¥{order.deliveryFee}</Typography.Text>
          </div>
        )}
        <Typography.Title level={5} style={{ textAlign: 'right' }}>
          {t('shop.total')} ¥{order.totalAmount}
        </Typography.Title>
      </Card>
      {paid &&
        order.refundStatus !== 'requested' &&
        Number(order.refundedAmount) < Number(order.totalAmount) && (
          <Card size="small" title={t('shop.askRefund')}>
            <Space.Compact style={{ width: '100%' }}>
              <Input
                placeholder={t('refundReasonLabel')}
                value={reason}
                maxLength={200}
                onChange={(e) => setReason(e.target.value)}
              />
              <Button disabled={!reason.trim()} onClick={() => void act('refund', { reason })}>
                {t('shop.askRefund')}
              </Button>
            </Space.Compact>
          </Card>
        )}
      {order.status === 'completed' && !order.evaluated && (
        <Card size="small" title={t('shop.rate')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Rate value={rating} onChange={setRating} />
            <Input.TextArea
              placeholder={t('shop.ratePlaceholder')}
              value={words}
              maxLength={500}
              onChange={(e) => setWords(e.target.value)}
            />
            <Space wrap>
              {photos.map((url) => (
                <span key={url} className="shop-photo">
                  <img src={url} alt="" />
                  <Button
                    size="small"
                    shape="circle"
                    aria-label={t('shop.removePhoto')}
                    onClick={() => setPhotos((list) => list.filter((u) => u !== url))}
                  >
                    ×
                  </Button>
                </span>
              ))}
              {photos.length < EVALUATION_PHOTOS_MAX && (
                <label className="shop-add-photo">
                  <input
                    type="file"
                    accept="image/png,image/jpeg,image/gif,image/webp"
                    multiple
                    hidden
                    data-testid="evaluation-photo"
                    onChange={(e) => {
                      void addPhotos([...(e.target.files ?? [])]);
                      e.target.value = '';
                    }}
                  />
                  {uploading ? <Spin size="small" /> : t('shop.addPhoto')}
                </label>
              )}
            </Space>
            <Button
              type="primary"
              disabled={uploading}
              onClick={() => void act('evaluate', { rating, content: words, images: photos })}
            >
              {t('shop.rateSubmit')}
            </Button>
          </Space>
        </Card>
      )}
      {order.evaluated && <Alert type="success" message={t('shop.rated')} />}
    </Space>
  );
}
