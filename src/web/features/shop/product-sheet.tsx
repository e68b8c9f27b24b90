import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Carousel, Drawer, Result, Space, Spin, Typography } from 'antd';
import type { CarouselRef } from 'antd/es/carousel';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShopProductPage, ShopProductReviews } from '../../../shared/shop';
import { call } from './shop-api';
import type { Product } from './shop-lines';
import { ProductChoices } from './specs-picker';
import { ReviewList, ReviewScore } from './store-reviews';

/** The product's photos, swiped or stepped with the arrows, with which one of how many (1/3). */
function Gallery({ images, name }: { images: string[]; name: string }) {
  const { t } = useTranslation('shop');
  const carousel = useRef<CarouselRef>(null);
  const [shown, setShown] = useState(0);
  if (images.length === 0) return null;
  const many = images.length > 1;
  return (
    <div className="shop-gallery" data-testid="product-gallery">
      <Carousel ref={carousel} dots={false} afterChange={setShown}>
        {images.map((src, i) => (
          <img key={src} src={src} alt={t('photoOf', { name, n: i + 1 })} />
        ))}
      </Carousel>
      {many && (
        <>
          <Button
            className="shop-gallery-prev"
            shape="circle"
            icon={<LeftOutlined />}
            aria-label={t('photoPrev')}
            onClick={() => carousel.current?.prev()}
          />
          <Button
            className="shop-gallery-next"
            shape="circle"
            icon={<RightOutlined />}
            aria-label={t('photoNext')}
            onClick={() => carousel.current?.next()}
          />
        </>
      )}
      <span className="shop-gallery-count" data-testid="gallery-count">
        {shown + 1}/{images.length}
      </span>
    </div>
  );
}

/**
 * A product's page (the address's `product=<id>`, so a reload keeps it): a full-height sheet
 * with every photo, the name, price and price it was, the description as text (its lines kept),
 * its choices into the cart as on the menu, and the reviews of the orders that had it with their
 * score, older ones on "more". A product off sale says so.
 */
export function ProductSheet({
  merchantId,
  productId,
  onAdd,
  onClose,
}: {
  merchantId: string;
  productId: number | null;
  onAdd(product: Product, specs: Record<string, string>, addons: string[]): void;
  onClose(): void;
}) {
  const { t } = useTranslation('shop');
  const [page, setPage] = useState<ShopProductPage | null>(null);
  const [error, setError] = useState('');
  const [more, setMore] = useState<{ next: number; loading: boolean }>({ next: 2, loading: false });
  useEffect(() => {
    setPage(null);
    setError('');
    setMore({ next: 2, loading: false });
    if (productId === null) return;
    call<ShopProductPage>(`/open/shop/${merchantId}/product/${productId}`)
      .then(setPage)
      .catch((e: Error) => setError(e.message));
  }, [merchantId, productId]);
  const loadMore = () => {
    if (!page || productId === null) return;
    setMore({ ...more, loading: true });
    call<ShopProductReviews>(
      `/open/shop/${merchantId}/product/${productId}/reviews?page=${more.next}`,
    )
      .then((older) => {
        setPage({ ...page, reviews: [...page.reviews, ...older.reviews], more: older.more });
        setMore({ next: more.next + 1, loading: false });
      })
      .catch(() => setMore({ ...more, loading: false }));
  };
  const product = page?.product;
  return (
    <Drawer
      open={productId !== null}
      placement="right"
      width="min(100vw, 480px)"
      title={product?.name ?? ''}
      onClose={onClose}
      className="shop-product-sheet"
      styles={{ body: { padding: 0 } }}
      data-testid="product-sheet"
    >
      {error ? (
        <Result status="404" title={error} />
      ) : !product ? (
        <Spin style={{ display: 'block', margin: 48 }} />
      ) : (
        <>
          <Gallery images={product.images} name={product.name} />
          <div className="shop-panel">
            <Typography.Title level={4} style={{ margin: 0 }}>
              {product.name}
            </Typography.Title>
            <Space align="baseline">
              <Typography.Text strong className="shop-product-price">
                ¥{product.price}
              </Typography.Text>
              {Number(product.originalPrice) > Number(product.price) && (
                <Typography.Text delete type="secondary">
                  ¥{product.originalPrice}
                </Typography.Text>
              )}
            </Space>
            {product.description && (
              <Typography.Paragraph
                className="shop-product-description"
                data-testid="product-description"
              >
                {product.description}
              </Typography.Paragraph>
            )}
            <ProductChoices
              product={product}
              onAdd={(specs, addons) => onAdd(product, specs, addons)}
            />
          </div>
          <div className="shop-panel" data-testid="product-reviews">
            <Typography.Title level={5}>{t('productReviews')}</Typography.Title>
            <ReviewScore score={page.score} />
            <ReviewList reviews={page.reviews} />
            {page.more && (
              <Button block loading={more.loading} onClick={loadMore}>
                {t('moreReviews')}
              </Button>
            )}
          </div>
        </>
      )}
    </Drawer>
  );
}
