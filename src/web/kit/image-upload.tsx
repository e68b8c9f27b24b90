import {
  DeleteOutlined,
  FileImageOutlined,
  LoadingOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Button, Image, Space, theme } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MaterialPicker } from './material-picker';
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
  const [library, setLibrary] = useState(false);

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
          // The name starts with what the button says (axe: label-content-name-mismatch).
          aria-label={`${value ? t('upload.replace') : t('upload.choose')} ${label}`}
        >
          {value ? t('upload.replace') : t('upload.choose')}
        </Button>
        <Button icon={<FileImageOutlined />} onClick={() => setLibrary(true)}>
          {t('upload.library')}
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
      <MaterialPicker
        open={library}
        onClose={() => setLibrary(false)}
        onPick={([url]) => url && onChange?.(url)}
      />
    </Space>
  );
}

/**
 * A form field holding several image URLs in order (the first is the main one): add files (one or
 * many at once), remove any, up to `max`.
 */
export function ImagesUpload({
  value = [],
  onChange,
  label,
  max = 9,
}: {
  value?: string[];
  onChange?(urls: string[]): void;
  label: string;
  max?: number;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [library, setLibrary] = useState(false);

  async function pick(files: File[]) {
    if (files.length === 0) return;
    setBusy(true);
    const added: string[] = [];
    try {
      for (const file of files.slice(0, max - value.length))
        added.push((await uploadImage(file)).url);
    } catch {
      // The toast says why; the ones uploaded before stay.
    } finally {
      setBusy(false);
      if (added.length > 0) onChange?.([...value, ...added]);
    }
  }

  return (
    <Space wrap align="start">
      {value.map((src, i) => (
        <Space key={src} direction="vertical" size={4} align="center">
          <Image
            src={src}
            width={96}
            height={96}
            style={{ objectFit: 'cover', borderRadius: token.borderRadius }}
            alt=""
          />
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            aria-label={`${t('upload.remove')} ${i + 1}`}
            onClick={() => onChange?.(value.filter((v) => v !== src))}
          />
        </Space>
      ))}
      {value.length < max && (
        <Button
          style={{ width: 96, height: 96 }}
          icon={busy ? <LoadingOutlined /> : <PlusOutlined />}
          disabled={busy}
          onClick={() => input.current?.click()}
          aria-label={`${t('upload.choose')} ${label}`}
        >
          {t('upload.choose')}
        </Button>
      )}
      {value.length < max && (
        <Button
          style={{ width: 96, height: 96, whiteSpace: 'normal' }}
          icon={<FileImageOutlined />}
          onClick={() => setLibrary(true)}
        >
          {t('upload.library')}
        </Button>
      )}
      <MaterialPicker
        open={library}
        multiple
        max={max - value.length}
        onClose={() => setLibrary(false)}
        onPick={(urls) =>
          onChange?.([...value, ...urls.filter((u) => !value.includes(u))].slice(0, max))
        }
      />
      <input
        ref={input}
        type="file"
        multiple
        accept="image/png,image/jpeg,image/gif,image/webp"
        style={{ display: 'none' }}
        data-testid={`upload-${label}`}
        onChange={(event) => {
          void pick([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
    </Space>
  );
}
