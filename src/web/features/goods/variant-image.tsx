import { PictureOutlined } from '@ant-design/icons';
import { Button, Popover, Space, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../kit/image-upload';

/**
 * A variant's own picture in the grid (a colour's photo): a small button showing it, opening the
 * goods' images to pick one from, or the kit's upload and material library for another.
 */
export function VariantImage({
  value,
  onChange,
  goodsImages,
  label,
}: {
  value: string;
  onChange(url: string): void;
  goodsImages: string[];
  /** Names the row: 图片 3. */
  label: string;
}) {
  const { t } = useTranslation('goods');
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const choose = (url: string) => {
    onChange(url);
    setOpen(false);
  };
  const content = (
    <Space direction="vertical" style={{ maxWidth: 320 }}>
      {goodsImages.length > 0 ? (
        <>
          <Typography.Text type="secondary">{t('variants.imageFromGoods')}</Typography.Text>
          <Space wrap size={6}>
            {goodsImages.map((url, i) => (
              <button
                key={url}
                type="button"
                aria-label={`${t('variants.imagePick', { n: i + 1 })} ${label}`}
                aria-pressed={url === value}
                style={{
                  width: 56,
                  height: 56,
                  padding: 0,
                  lineHeight: 0,
                  cursor: 'pointer',
                  background: 'none',
                  border: 0,
                  borderRadius: token.borderRadiusSM,
                  outline: url === value ? `2px solid ${token.colorPrimary}` : undefined,
                  outlineOffset: 2,
                }}
                onClick={() => choose(url)}
              >
                <img
                  src={url}
                  width={56}
                  height={56}
                  alt=""
                  style={{ objectFit: 'cover', borderRadius: token.borderRadiusSM }}
                />
              </button>
            ))}
          </Space>
        </>
      ) : (
        <Typography.Text type="secondary">{t('variants.imageNoGoods')}</Typography.Text>
      )}
      <ImageUpload value={value} onChange={choose} label={label} />
    </Space>
  );
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      content={content}
      title={label}
      destroyOnHidden
    >
      <Button
        aria-label={label}
        style={{ width: 40, height: 40, padding: 0, overflow: 'hidden' }}
        icon={
          value ? (
            <img src={value} width={38} height={38} alt="" style={{ objectFit: 'cover' }} />
          ) : (
            <PictureOutlined />
          )
        }
      />
    </Popover>
  );
}
