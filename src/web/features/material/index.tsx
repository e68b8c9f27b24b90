import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceOverrides } from '../../kit/resource-overrides';
import { uploadImage } from '../../kit/upload';

/** 2.4 MB, 310 KB, 800 B. */
function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** Uploads images straight into the library (several at once). */
function UploadImages() {
  const { t } = useTranslation('material');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  async function upload(files: File[]) {
    setBusy(true);
    let count = 0;
    try {
      for (const file of files) {
        await uploadImage(file);
        count++;
      }
    } catch {
      // The toast says why; the ones uploaded before stay.
    } finally {
      setBusy(false);
      if (count > 0) void message.success(t('uploaded', { count }));
      await queryClient.invalidateQueries({ queryKey: ['/admin/material'] });
    }
  }
  return (
    <>
      <Button
        type="primary"
        icon={<UploadOutlined />}
        loading={busy}
        onClick={() => input.current?.click()}
      >
        {t('upload')}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept="image/png,image/jpeg,image/gif,image/webp"
        style={{ display: 'none' }}
        data-testid="material-upload"
        onChange={(event) => {
          void upload([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
    </>
  );
}

function UsedBy({ value }: { value: unknown }) {
  const { t } = useTranslation('material');
  return <>{value ? String(value) : t('unused')}</>;
}

/** /material: sizes read as KB and MB, where each is used, uploads from the toolbar. */
export default {
  toolbar: UploadImages,
  cells: {
    size: (value) => fileSize(Number(value)),
    usedBy: (value) => <UsedBy value={value} />,
  },
  phoneColumns: ['size'],
} satisfies ResourceOverrides;
