import { Empty, Image, List, Rate, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { clockText } from '../../../shared/merchant-clock';
import type { ShopReview, ShopStore } from '../../../shared/shop';

/** A score: the average in large, its stars and how many ratings (a store's, or a product's). */
export function ReviewScore({ score }: { score: ShopStore['score'] }) {
  const { t } = useTranslation('shop');
  return (
    <Space align="center" size="middle" className="shop-score">
      <Typography.Title level={2} style={{ margin: 0 }} data-testid="shop-score">
        {score.count > 0 ? score.average : '—'}
      </Typography.Title>
      <Space direction="vertical" size={0}>
        <Rate disabled allowHalf value={Number(score.average)} />
        <Typography.Text type="secondary">{t('ratings', { count: score.count })}</Typography.Text>
      </Space>
    </Space>
  );
}

/** Reviews, each with its stars, date (the store's clock), words, photos and the store's reply. */
export function ReviewList({ reviews }: { reviews: readonly ShopReview[] }) {
  const { t } = useTranslation('shop');
  return (
    <List
      dataSource={reviews as ShopReview[]}
      locale={{ emptyText: <Empty description={t('noReviews')} /> }}
      renderItem={(review) => (
        <List.Item>
          <Space direction="vertical" size={4} style={{ width: '100%' }}>
            <Space>
              <Rate disabled value={review.rating} style={{ fontSize: 12 }} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {clockText(new Date(review.createdAt)).slice(0, 10)}
              </Typography.Text>
            </Space>
            <Typography.Text style={{ whiteSpace: 'pre-line' }}>{review.content}</Typography.Text>
            {review.images.length > 0 && (
              <Image.PreviewGroup>
                <Space wrap size={4}>
                  {review.images.map((src) => (
                    <Image
                      key={src}
                      src={src}
                      width={64}
                      height={64}
                      style={{ objectFit: 'cover', borderRadius: 6 }}
                      alt=""
                    />
                  ))}
                </Space>
              </Image.PreviewGroup>
            )}
            {review.reply && (
              <Typography.Text type="secondary" className="shop-reply">
                {t('storeReply', { reply: review.reply })}
              </Typography.Text>
            )}
          </Space>
        </List.Item>
      )}
    />
  );
}

/**
 * The store's score and the reviews it shows (店铺展示): each with its stars, words, photos and
 * the store's reply.
 */
export function StoreReviews({ store }: { store: ShopStore }) {
  return (
    <div className="shop-panel" data-testid="shop-reviews">
      <ReviewScore score={store.score} />
      <ReviewList reviews={store.reviews} />
    </div>
  );
}

/** The store's details: introduction, today's hours, address and phone (a call on a phone). */
export function StoreDetails({ store }: { store: ShopStore }) {
  const { t } = useTranslation('shop');
  const { intro, address, phone, todayHours } = store.merchant;
  return (
    <div className="shop-panel" data-testid="shop-details">
      <List size="small">
        <List.Item>
          <Typography.Text type="secondary">{t('hours')}</Typography.Text>
          <Typography.Text data-testid="shop-hours">
            {todayHours.length > 0
              ? todayHours
                  .map((r) =>
                    r.from === '00:00' && r.to === '24:00' ? t('allDay') : `${r.from}–${r.to}`,
                  )
                  .join('  ')
              : t('closedToday')}
          </Typography.Text>
        </List.Item>
        {address && (
          <List.Item>
            <Typography.Text type="secondary">{t('storeAddress')}</Typography.Text>
            <Typography.Text>{address}</Typography.Text>
          </List.Item>
        )}
        {phone && (
          <List.Item>
            <Typography.Text type="secondary">{t('storePhone')}</Typography.Text>
            <Typography.Link href={`tel:${phone}`}>{phone}</Typography.Link>
          </List.Item>
        )}
      </List>
      {intro && (
        <Typography.Paragraph style={{ marginTop: 12, whiteSpace: 'pre-line' }}>
          {intro}
        </Typography.Paragraph>
      )}
    </div>
  );
}
