import { InboxOutlined } from '@ant-design/icons';
import { Card, Image, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '../../kit/upload';

/** Template demo /components/dropzone: images dropped, uploaded to the server, shown. */
export default function DropzonePage() {
  const { t } = useTranslation('demos');
  const [urls, setUrls] = useState<string[]>([]);
  return (
    <Card>
      <Upload.Dragger
        multiple
        accept="image/*"
        showUploadList={false}
        customRequest={({ file, onSuccess, onError }) => {
          uploadImage(file as File)
            .then(({ url }) => {
              setUrls((list) => [...list, url]);
              onSuccess?.(url);
            })
            .catch((err: Error) => onError?.(err));
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('components.dropImages')}</p>
      </Upload.Dragger>
      <Space wrap style={{ marginTop: 16 }}>
        {urls.map((url) => (
          <Image key={url} src={url} width={120} height={120} style={{ objectFit: 'cover' }} />
        ))}
      </Space>
    </Card>
  );
}
