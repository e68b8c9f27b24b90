import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, AutoComplete, Button, Card, Form, Input, Rate, Select, Skeleton, Space } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import {
  MOCK_ARTICLE_TYPES,
  type MockArticle,
  type MockArticleInput,
} from '../../../shared/demo-mock';
import { useAppNavigate } from '../../kit/cached-view';
import { articleCalls, articleQueries } from '../shared/article-api';

// The product's rich-text editor (the template's "tinymce"), loaded with this form only.
const RichTextEditor = lazy(() => import('../../kit/rich-text-editor'));

/**
 * Template demos /example/create and /example/edit/:id (spec §2): the demo article's form on the
 * mock API. The edit route takes digits only; anything else is no page (404).
 */
export default function ArticleFormPage() {
  const { id } = useParams();
  if (id === undefined) return <ArticleForm />;
  if (!/^\d+$/.test(id)) return <Navigate to="/404" replace />;
  return <EditArticle id={Number(id)} />;
}

/** The editor as a form control (Form.Item gives its value and onChange to its direct child). */
function ContentEditor(props: { value?: string; onChange?(html: string): void; label: string }) {
  return (
    <Suspense fallback={<Skeleton active />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}

function EditArticle({ id }: { id: number }) {
  const { data, isPending, isError } = useQuery(articleQueries.detail(id));
  if (isError) return <Navigate to="/404" replace />;
  if (isPending) return <Skeleton active />;
  return <ArticleForm article={data} />;
}

function ArticleForm({ article }: { article?: MockArticle }) {
  const { t } = useTranslation('demos');
  const { message } = App.useApp();
  const navigate = useAppNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<MockArticleInput>();
  const [authors, setAuthors] = useState<{ value: string }[]>([]);
  const save = useMutation({
    mutationFn: (values: MockArticleInput) =>
      article ? articleCalls.update({ ...values, id: article.id }) : articleCalls.create(values),
    onSuccess: async (_, values) => {
      void message.success(t(values.status === 'published' ? 'article.published' : 'saved'));
      await queryClient.invalidateQueries({ queryKey: ['demo-article'] });
      navigate('/example/list');
    },
  });
  // A refused validation is said on its fields; it is not an error of the page.
  const submit = (status: MockArticle['status']) =>
    form.validateFields().then(
      (values) => save.mutate({ ...values, status }),
      () => {},
    );

  return (
    <Card
      title={article ? `${t('edit')} #${article.id}` : t('add')}
      extra={
        <Space>
          <Button loading={save.isPending} onClick={() => submit('draft')}>
            {t('article.saveDraft')}
          </Button>
          <Button type="primary" loading={save.isPending} onClick={() => submit('published')}>
            {t('article.publish')}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ importance: 1, type: 'CN', content: '', ...article }}
        style={{ maxWidth: 900 }}
      >
        <Form.Item
          name="title"
          label={t('article.title')}
          rules={[{ required: true, whitespace: true, message: t('article.titleRequired') }]}
        >
          <Input maxLength={100} showCount />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="author" label={t('article.author')}>
            <AutoComplete
              style={{ width: 200 }}
              options={authors}
              onSearch={(text) =>
                articleCalls
                  .searchUsers(text)
                  .then(({ items }) => setAuthors(items.map((user) => ({ value: user.name }))))
                  .catch(() => setAuthors([]))
              }
            />
          </Form.Item>
          <Form.Item name="display_time" label={t('article.date')}>
            <Input placeholder="2024-01-01 08:00:00" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="type" label={t('article.type')}>
            <Select
              style={{ width: 140 }}
              options={MOCK_ARTICLE_TYPES.map((value) => ({
                value,
                label: t(`article.types.${value}`),
              }))}
            />
          </Form.Item>
          <Form.Item name="importance" label={t('article.importance')}>
            <Rate count={3} />
          </Form.Item>
        </Space>
        <Form.Item name="content_short" label={t('article.summary')}>
          <Input.TextArea autoSize={{ minRows: 2 }} maxLength={200} showCount />
        </Form.Item>
        <Form.Item name="content" label={t('article.content')}>
          <ContentEditor label={t('article.content')} />
        </Form.Item>
        <Form.Item name="image_uri" label={t('article.image')}>
          <Input placeholder="https://" />
        </Form.Item>
      </Form>
    </Card>
  );
}
