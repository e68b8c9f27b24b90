import { DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Image, Space, theme } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage } from './upload';

/** A form field holding an image URL: pick a file, it uploads, the field takes the URL. */
export function ImageUpload({
  value,
  onChange,
  label,
}: {
  value?: string;
  onChange?(url: string): void;
  label: string;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function pick(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    try {
      onChange?.((await uploadImage(file)).url);
    } catch {
      // The toast says why.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Space align="start">
      {value ? (
        <Image
          src={value}
          width={120}
          height={90}
          style={{ objectFit: 'cover', borderRadius: token.borderRadius }}
          alt=""
        />
      ) : null}
      <Space direction="vertical">
        <Button
          icon={busy ? <LoadingOutlined /> : <PlusOutlined />}
          disabled={busy}
          onClick={() => input.current?.click()}
          aria-label={label}
        >
          {value ? t('upload.replace') : t('upload.choose')}
        </Button>
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.('')}>
            {t('upload.remove')}
          </Button>
        )}
      </Space>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        style={{ display: 'none' }}
        data-testid={`upload-${label}`}
        onChange={(event) => {
          void pick(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </Space>
  );
}
