import { UploadOutlined } from '@ant-design/icons';
import { App, Avatar, Button, Card, Modal, Slider, Space, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadImage } from '../../kit/upload';

const SIZE = 240;

/** The square part of an image the crop shows, drawn at 240×240, as a PNG file. */
function cropToFile(image: HTMLImageElement, zoom: number, x: number, y: number): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = SIZE;
  canvas.height = SIZE;
  drawCrop(canvas, image, zoom, x, y);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => {
      if (blob) resolve(new File([blob], 'avatar.png', { type: 'image/png' }));
      else reject(new Error('crop failed'));
    }, 'image/png'),
  );
}

function drawCrop(
  canvas: HTMLCanvasElement,
  image: HTMLImageElement,
  zoom: number,
  x: number,
  y: number,
) {
  const context = canvas.getContext('2d');
  if (!context) return;
  const side = Math.min(image.naturalWidth, image.naturalHeight) / zoom;
  const left = ((image.naturalWidth - side) * x) / 100;
  const top = ((image.naturalHeight - side) * y) / 100;
  context.clearRect(0, 0, SIZE, SIZE);
  context.drawImage(image, left, top, side, side, 0, 0, SIZE, SIZE);
}

/** Template demo /components/avatar-upload: an image cropped to a square, then uploaded. */
export default function AvatarUploadPage() {
  const { t } = useTranslation('demos');
  const { message } = App.useApp();
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [zoom, setZoom] = useState(1);
  const [x, setX] = useState(50);
  const [y, setY] = useState(50);
  const [avatar, setAvatar] = useState<string>();
  const [busy, setBusy] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (image && canvas.current) drawCrop(canvas.current, image, zoom, x, y);
  }, [image, zoom, x, y]);
  const choose = (file: File) => {
    const img = new window.Image();
    img.onload = () => {
      setZoom(1);
      setX(50);
      setY(50);
      setImage(img);
    };
    img.src = URL.createObjectURL(file);
    return false;
  };
  const save = async () => {
    if (!image) return;
    setBusy(true);
    try {
      const { url } = await uploadImage(await cropToFile(image, zoom, x, y));
      setAvatar(url);
      setImage(null);
      void message.success(t('saved'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <Space direction="vertical" align="center" style={{ width: '100%' }}>
        <Avatar size={120} src={avatar}>
          ?
        </Avatar>
        <Upload accept="image/*" showUploadList={false} beforeUpload={choose}>
          <Button icon={<UploadOutlined />}>{t('components.chooseAvatar')}</Button>
        </Upload>
      </Space>
      <Modal
        open={!!image}
        title={t('components.crop')}
        okText={t('components.upload')}
        cancelText={t('cancel')}
        confirmLoading={busy}
        onOk={save}
        onCancel={() => setImage(null)}
      >
        <Space direction="vertical" align="center" style={{ width: '100%' }}>
          <canvas ref={canvas} width={SIZE} height={SIZE} style={{ borderRadius: '50%' }} />
          <div style={{ width: SIZE }}>
            {t('components.zoom')}
            <Slider min={1} max={4} step={0.05} value={zoom} onChange={setZoom} />
            X
            <Slider min={0} max={100} value={x} onChange={setX} />
            Y
            <Slider min={0} max={100} value={y} onChange={setY} />
          </div>
        </Space>
      </Modal>
    </Card>
  );
}
