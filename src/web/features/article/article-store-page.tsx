import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Result,
  Skeleton,
  Space,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { type Article, type ArticleFields, articleFields } from '../../../shared/article';
import { articleRouteName } from '../../../shared/routes';
import { showSaveError, zodRules } from '../../kit/form-rules';
import { ImageUpload } from '../../kit/image-upload';
import { useTabLabel } from '../../kit/use-tab-label';
import { useUnsavedWarning } from '../../kit/use-unsaved-warning';
import { useTagsView } from '../../stores/tags-view';
import { ARTICLE_ENDPOINT, articleApi, articleKeys } from './article-api';

const RichTextEditor = lazy(() => import('../../kit/rich-text-editor'));
const rules = zodRules(articleFields);

type FormValues = Omit<ArticleFields, 'publishedAt' | 'articleType'> & {
  publishedAt?: Dayjs | null;
};

function toForm(article: Article | undefined): FormValues {
  if (!article)
    return {
      title: '',
      coverUrl: '',
      summary: '',
      body: '',
      author: '',
      sortOrder: 0,
      status: 'draft',
      publishedAt: null,
    };
  return { ...article, publishedAt: article.publishedAt ? dayjs(article.publishedAt) : null };
}

/** /article-store/:article_type (?id= to edit): the add/edit form of an article. */
export default function ArticleStorePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const params = useParams();
  const [search] = useSearchParams();
  const articleType = Number(params.article_type);
  const id = Number(search.get('id')) || undefined;
  const listName = articleRouteName(articleType);
  const [form] = Form.useForm<FormValues>();
  const [dirty, setDirty] = useState(false);
  useUnsavedWarning(dirty);
  // The tab says what the card says.
  useTabLabel(id ? { key: 'article.editTitle', values: { id } } : { key: 'article.newTitle' });

  const detail = useQuery({
    queryKey: articleKeys.detail(articleType, id ?? 0),
    queryFn: () => articleApi.detail(articleType, id as number),
    enabled: !!id && !!listName,
  });
  const initial = useMemo(() => toForm(detail.data), [detail.data]);
  useEffect(() => {
    form.setFieldsValue(initial);
    setDirty(false);
  }, [form, initial]);

  const save = useMutation({
    mutationFn: (values: FormValues) => {
      const fields: ArticleFields = {
        ...values,
        articleType,
        publishedAt: values.publishedAt ? values.publishedAt.toISOString() : null,
      };
      return id ? articleApi.update(id, fields) : articleApi.create(fields);
    },
    onSuccess: async () => {
      setDirty(false);
      void message.success(t('kit.saved'));
      await queryClient.invalidateQueries({ queryKey: [ARTICLE_ENDPOINT] });
      leave();
    },
    onError: (error) => showSaveError(form, error),
  });

  function leave() {
    const here = location.pathname;
    useTagsView.getState().closeView(here);
    // Let the blocker see a clean form before navigating.
    setTimeout(() => navigate(`/${listName}`), 0);
  }

  if (!listName) return <Result status="404" title="404" subTitle={t('error.notFound')} />;
  if (id && detail.isPending)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (id && detail.isError) {
    return <Result status="warning" title={t('kit.loadFailed')} subTitle={detail.error.message} />;
  }

  return (
    <Card title={id ? t('article.editTitle', { id }) : t('article.newTitle')}>
      <Form<FormValues>
        form={form}
        name={`article-${articleType}-${id ?? 'new'}`}
        layout="vertical"
        initialValues={initial}
        onFinish={(values) => save.mutate(values)}
        onValuesChange={() => setDirty(true)}
        style={{ maxWidth: 960 }}
        scrollToFirstError
      >
        <Form.Item
          name="title"
          label={t('article.title')}
          rules={[{ required: true, message: t('article.titleRequired') }, ...(rules.title ?? [])]}
        >
          <Input maxLength={200} showCount />
        </Form.Item>
        <Form.Item name="coverUrl" label={t('article.cover')} rules={rules.coverUrl}>
          <ImageUpload label={t('article.cover')} />
        </Form.Item>
        <Form.Item name="summary" label={t('article.summary')} rules={rules.summary}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <Space wrap size="large" align="start">
          <Form.Item name="author" label={t('article.author')} rules={rules.author}>
            <Input maxLength={64} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="sortOrder"
            label={t('article.sortOrder')}
            rules={rules.sortOrder}
            tooltip={t('article.sortOrderHelp')}
          >
            <InputNumber min={0} max={999999} precision={0} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="status" label={t('article.status')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'draft', label: t('article.statuses.draft') },
                { value: 'published', label: t('article.statuses.published') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="publishedAt"
            label={t('article.publishedAt')}
            tooltip={t('article.publishedAtHelp')}
          >
            <DatePicker showTime format="YYYY-MM-DD HH:mm" />
          </Form.Item>
        </Space>
        <Form.Item name="body" label={t('article.body')} rules={rules.body}>
          <RichTextEditorField label={t('article.body')} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('kit.save')}
          </Button>
          <Button onClick={() => navigate(`/${listName}`)}>{t('kit.back')}</Button>
        </Space>
      </Form>
    </Card>
  );
}

/** Form.Item passes value/onChange to its direct child; Suspense sits between. */
function RichTextEditorField(props: {
  value?: string;
  onChange?(html: string): void;
  label: string;
}) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
