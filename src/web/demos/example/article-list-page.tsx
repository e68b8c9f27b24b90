import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Rate,
  Select,
  Space,
  Table,
  type TableProps,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MOCK_ARTICLE_STATUSES,
  MOCK_ARTICLE_TYPES,
  MOCK_PAGE_SIZE,
  type MockArticle,
  type MockArticleInput,
  type MockArticleQuery,
} from '../../../shared/demo-mock';
import { useViewSearchParams, ViewLink } from '../../kit/cached-view';
import { articleCalls, articleQueries } from '../shared/article-api';

type Sort = '+id' | '-id';

/** The list's state in its URL (a tab, a reload and the back button keep it). */
function readQuery(
  params: URLSearchParams,
): Required<Omit<MockArticleQuery, 'importance' | 'type'>> &
  Pick<MockArticleQuery, 'importance' | 'type'> {
  const importance = Number(params.get('importance'));
  const type = params.get('type') as MockArticle['type'] | null;
  return {
    page: Math.max(1, Number(params.get('page')) || 1),
    limit: Math.min(100, Math.max(1, Number(params.get('limit')) || MOCK_PAGE_SIZE)),
    sort: params.get('sort') === '-id' ? '-id' : '+id',
    title: params.get('title') ?? '',
    ...(importance >= 1 && importance <= 3 ? { importance } : {}),
    ...(type && (MOCK_ARTICLE_TYPES as readonly string[]).includes(type) ? { type } : {}),
  };
}

/**
 * Template demo /example/list (spec §2): the demo article table on the mock API, with its filters,
 * sort by id, pagination, the edit dialog and create.
 */
export default function ArticleListPage() {
  const { t } = useTranslation('demos');
  const { message } = App.useApp();
  const [params, setParams] = useViewSearchParams();
  const query = readQuery(params);
  const { data, isFetching } = useQuery(articleQueries.list(query));
  const [editing, setEditing] = useState<Partial<MockArticle> | null>(null);
  const queryClient = useQueryClient();

  const change = (next: Partial<typeof query>) => {
    const merged = { ...query, page: 1, ...next };
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(merged))
      if (value !== undefined && value !== '') search.set(key, String(value));
    setParams(search, { replace: true });
  };

  const status = useMutation({
    mutationFn: (row: MockArticle) =>
      articleCalls.update({
        id: row.id,
        title: row.title,
        status: row.status === 'published' ? 'draft' : 'published',
      }),
    onSuccess: () => {
      void message.success(t('saved'));
      return queryClient.invalidateQueries({ queryKey: ['demo-article'] });
    },
  });

  const columns: TableProps<MockArticle>['columns'] = [
    {
      title: 'ID',
      dataIndex: 'id',
      width: 90,
      sorter: true,
      sortOrder: query.sort === '-id' ? 'descend' : 'ascend',
      sortDirections: ['ascend', 'descend', 'ascend'],
    },
    { title: t('article.date'), dataIndex: 'display_time', width: 170 },
    {
      title: t('article.title'),
      dataIndex: 'title',
      render: (title: string, row) => (
        <Space>
          <ViewLink to={`/example/edit/${row.id}`}>{title}</ViewLink>
          <Tag>{row.type}</Tag>
        </Space>
      ),
    },
    { title: t('article.author'), dataIndex: 'author', width: 110 },
    {
      title: t('article.importance'),
      dataIndex: 'importance',
      width: 130,
      render: (value: number) => <Rate disabled count={3} value={value} />,
    },
    { title: t('article.pageviews'), dataIndex: 'pageviews', width: 100 },
    {
      title: t('article.status'),
      dataIndex: 'status',
      width: 100,
      render: (value: MockArticle['status']) => (
        <Tag color={value === 'published' ? 'success' : 'default'}>{t(`article.${value}`)}</Tag>
      ),
    },
    {
      title: t('actions'),
      key: 'actions',
      width: 180,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" onClick={() => setEditing(row)}>
            {t('edit')}
          </Button>
          <Button type="link" loading={status.isPending} onClick={() => status.mutate(row)}>
            {row.status === 'published' ? t('article.toDraft') : t('article.publish')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={t('article.title')}
          placeholder={t('article.title')}
          defaultValue={query.title}
          allowClear
          enterButton={<SearchOutlined />}
          onSearch={(title) => change({ title })}
          style={{ width: 240 }}
        />
        <Select
          aria-label={t('article.importance')}
          placeholder={t('article.importance')}
          allowClear
          value={query.importance}
          onChange={(importance) => change({ importance })}
          options={[1, 2, 3].map((value) => ({ value, label: '★'.repeat(value) }))}
          style={{ width: 120 }}
        />
        <Select
          aria-label={t('article.type')}
          placeholder={t('article.type')}
          allowClear
          value={query.type}
          onChange={(type) => change({ type })}
          options={MOCK_ARTICLE_TYPES.map((value) => ({
            value,
            label: t(`article.types.${value}`),
          }))}
          style={{ width: 140 }}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
          {t('add')}
        </Button>
      </Space>
      <Table
        rowKey="id"
        size="middle"
        loading={isFetching}
        columns={columns}
        dataSource={data?.items}
        scroll={{ x: 1000 }}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 30, 50],
          showTotal: (total) => t('total', { total }),
        }}
        onChange={(pagination, _filters, sorter, { action }) => {
          if (action === 'sort') {
            const order = Array.isArray(sorter) ? undefined : sorter.order;
            change({ sort: (order === 'descend' ? '-id' : '+id') satisfies Sort });
          } else if (action === 'paginate') {
            change({ page: pagination.current, limit: pagination.pageSize });
          }
        }}
      />
      {editing && <ArticleDialog article={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

/** The template's edit dialog: type, date, title, status and importance; creates without an id. */
function ArticleDialog({
  article,
  onClose,
}: {
  article: Partial<MockArticle>;
  onClose: () => void;
}) {
  const { t } = useTranslation('demos');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<MockArticleInput>();
  const save = useMutation({
    mutationFn: (values: MockArticleInput) =>
      article.id
        ? articleCalls.update({ ...values, id: article.id })
        : articleCalls.create({ ...values, author: 'admin' }),
    onSuccess: async () => {
      void message.success(t(article.id ? 'saved' : 'created'));
      await queryClient.invalidateQueries({ queryKey: ['demo-article'] });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t(article.id ? 'edit' : 'add')}
      okText={t('confirm')}
      cancelText={t('cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ span: 6 }}
        initialValues={{ type: 'CN', status: 'draft', importance: 1, ...article }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item name="type" label={t('article.type')}>
          <Select
            options={MOCK_ARTICLE_TYPES.map((value) => ({
              value,
              label: t(`article.types.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="display_time" label={t('article.date')}>
          <Input placeholder="2024-01-01 08:00:00" />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('article.title')}
          rules={[{ required: true, whitespace: true, message: t('article.titleRequired') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="status" label={t('article.status')}>
          <Select
            options={MOCK_ARTICLE_STATUSES.map((value) => ({
              value,
              label: t(`article.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="importance" label={t('article.importance')}>
          <Rate count={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
