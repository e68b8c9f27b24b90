import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Modal, Select, Space, Spin, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../api/request';

type Picked = { id: number; url: string; name: string; folder: string; size: number };
type Page = { items: Picked[]; folders: string[]; more: boolean };

/**
 * The material library as an image field opens it: newest first, searched by name or folder, one
 * folder at a time; a click picks (or, with `multiple`, toggles) an image.
 */
export function MaterialPicker({
  open,
  multiple = false,
  max = 1,
  onPick,
  onClose,
}: {
  open: boolean;
  multiple?: boolean;
  max?: number;
  onPick(urls: string[]): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [keyword, setKeyword] = useState('');
  const [folder, setFolder] = useState<string | undefined>();
  const [chosen, setChosen] = useState<string[]>([]);
  const pages = useInfiniteQuery({
    queryKey: ['/admin/material', 'pick', keyword, folder],
    queryFn: ({ pageParam }) =>
      request<Page>('/admin/material/pick', { keyword, folder, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.more ? all.length + 1 : undefined),
    enabled: open,
  });
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const folders = pages.data?.pages[0]?.folders ?? [];
  const close = () => {
    setChosen([]);
    onClose();
  };
  const click = (url: string) => {
    if (!multiple) {
      onPick([url]);
      close();
      return;
    }
    setChosen((now) =>
      now.includes(url) ? now.filter((u) => u !== url) : now.length < max ? [...now, url] : now,
    );
  };
  return (
    <Modal
      open={open}
      title={t('upload.libraryTitle')}
      width={760}
      onCancel={close}
      destroyOnHidden
      footer={
        multiple
          ? [
              <Button key="cancel" onClick={close}>
                {t('kit.cancel')}
              </Button>,
              <Button
                key="ok"
                type="primary"
                disabled={chosen.length === 0}
                onClick={() => {
                  onPick(chosen);
                  close();
                }}
              >
                {`${t('upload.library')} (${chosen.length})`}
              </Button>,
            ]
          : null
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('upload.librarySearch')}
          onSearch={setKeyword}
          style={{ width: 240 }}
        />
        <Select
          allowClear
          placeholder={t('upload.allFolders')}
          style={{ width: 180 }}
          value={folder}
          onChange={setFolder}
          options={folders.map((f) => ({ value: f, label: f }))}
        />
      </Space>
      <Spin spinning={pages.isFetching}>
        {items.length === 0 && !pages.isFetching ? (
          <Empty description={t('upload.libraryEmpty')} />
        ) : (
          <div
            style={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
              gap: 12,
            }}
          >
            {items.map((m) => (
              <button
                key={m.id}
                type="button"
                title={m.name}
                aria-label={m.name}
                aria-pressed={chosen.includes(m.url)}
                onClick={() => click(m.url)}
                style={{
                  padding: 4,
                  cursor: 'pointer',
                  background: 'none',
                  border: `2px solid ${chosen.includes(m.url) ? token.colorPrimary : token.colorBorderSecondary}`,
                  borderRadius: token.borderRadius,
                }}
              >
                <img
                  src={m.url}
                  alt=""
                  loading="lazy"
                  style={{ width: '100%', aspectRatio: '1', objectFit: 'cover', display: 'block' }}
                />
                <div
                  style={{
                    fontSize: 12,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {m.name}
                </div>
              </button>
            ))}
          </div>
        )}
      </Spin>
      {pages.hasNextPage && (
        <Button block style={{ marginTop: 12 }} onClick={() => void pages.fetchNextPage()}>
          {t('upload.more')}
        </Button>
      )}
    </Modal>
  );
}
