import Image from 'antd/es/image';

/** antd's image viewer (zoom, rotate, Escape to close), opened at once; loaded on first use. */
export default function ImagePreview({ src, onClose }: { src: string; onClose(): void }) {
  return (
    <Image
      src={src}
      alt=""
      styles={{ root: { display: 'none' } }}
      preview={{ open: true, onOpenChange: (open) => open || onClose() }}
    />
  );
}
