import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Modal, Spin, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { request } from '../api/request';

/** What a QR call answers: the link, its code as a PNG data URL, and the file name to save it as. */
export interface QrLink {
  url: string;
  png: string;
  filename: string;
}

/**
 * A row's button that opens its link's QR code in a dialog (a table's storefront, a campaign's
 * share link, a partner's invite): the code, a caption, the link to copy and the PNG to
 * download; `extra` adds buttons to the footer (a poster). The code is asked for on opening.
 */
export function QrLinkButton({
  label,
  title,
  caption,
  hint,
  download,
  call,
  extra,
  disabled,
}: {
  label: ReactNode;
  title: string;
  caption?: ReactNode;
  hint: ReactNode;
  /** The download button's text. */
  download: ReactNode;
  /** The call and its body, e.g. `['/admin/table-number/qr', { id }]`. */
  call: [string, object];
  extra?: ReactNode;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const qr = useQuery({
    queryKey: ['qr-link', ...call],
    queryFn: () => request<QrLink>(call[0], call[1]),
    enabled: open,
  });
  return (
    <>
      <Button type="link" style={{ padding: 0 }} disabled={disabled} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal
        open={open}
        title={title}
        onCancel={() => setOpen(false)}
        width={420}
        destroyOnHidden
        footer={
          <Flex gap={8} justify="end">
            {extra}
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              disabled={!qr.data}
              href={qr.data?.png}
              download={qr.data?.filename}
            >
              {download}
            </Button>
          </Flex>
        }
      >
        <Flex vertical align="center" gap={8}>
          {qr.data ? (
            <img src={qr.data.png} alt={title} width={240} height={240} />
          ) : (
            <Flex style={{ width: 240, height: 240 }} align="center" justify="center">
              <Spin />
            </Flex>
          )}
          {caption && (
            <Typography.Title level={4} style={{ margin: 0 }}>
              {caption}
            </Typography.Title>
          )}
          <Typography.Text type="secondary">{hint}</Typography.Text>
          {qr.data && (
            <Typography.Text copyable code style={{ wordBreak: 'break-all', textAlign: 'center' }}>
              {qr.data.url}
            </Typography.Text>
          )}
        </Flex>
      </Modal>
    </>
  );
}
