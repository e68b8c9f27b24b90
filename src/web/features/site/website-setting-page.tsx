import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SiteDetails, siteDetails } from '../../../shared/site';
import { request } from '../../api/request';
import { showSaveError, zodRules } from '../../kit/form-rules';
import { ImageUpload } from '../../kit/image-upload';
import { useUnsavedWarning } from '../../kit/use-unsaved-warning';
import { useApp } from '../../stores/app';

const rules = zodRules(siteDetails);
const KEY = ['/admin/site', 'detail'];

/** /website-setting: the site's name and details; the page title follows a new name at once. */
export default function WebsiteSettingPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SiteDetails>();
  const [dirty, setDirty] = useState(false);
  useUnsavedWarning(dirty, true);
  const detail = useQuery({
    queryKey: KEY,
    queryFn: () => request<SiteDetails>('/admin/site/detail', {}),
  });
  useEffect(() => {
    if (detail.data) form.setFieldsValue(detail.data);
  }, [form, detail.data]);

  const save = useMutation({
    mutationFn: (values: SiteDetails) =>
      request<SiteDetails>('/admin/site/update', values, { silent: true }),
    onSuccess: (saved) => {
      setDirty(false);
      queryClient.setQueryData(KEY, saved);
      useApp.getState().setWebsiteName(saved.websiteName);
      void message.success(t('kit.saved'));
    },
    onError: (error) => showSaveError(form, error),
  });

  if (detail.isPending)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  return (
    <Card title={t('route.website-setting')} style={{ maxWidth: 760 }}>
      <Form<SiteDetails>
        form={form}
        name="website-setting"
        layout="vertical"
        initialValues={detail.data}
        onFinish={(values) => save.mutate(values)}
        onValuesChange={() => setDirty(true)}
      >
        <Form.Item
          name="websiteName"
          label={t('site.websiteName')}
          rules={[
            { required: true, message: t('site.websiteNameRequired') },
            ...(rules.websiteName ?? []),
          ]}
          extra={t('site.websiteNameHelp')}
        >
          <Input maxLength={60} showCount />
        </Form.Item>
        <Form.Item name="logoUrl" label={t('site.logo')} rules={rules.logoUrl}>
          <ImageUpload label={t('site.logo')} />
        </Form.Item>
        <Form.Item name="contactPhone" label={t('site.contactPhone')} rules={rules.contactPhone}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item name="contactEmail" label={t('site.contactEmail')} rules={rules.contactEmail}>
          <Input maxLength={100} type="email" />
        </Form.Item>
        <Form.Item name="address" label={t('site.address')} rules={rules.address}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name="icpRecord"
          label={t('site.icpRecord')}
          rules={rules.icpRecord}
          extra={t('site.icpRecordHelp')}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="description" label={t('site.description')} rules={rules.description}>
          <Input.TextArea rows={4} maxLength={500} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('kit.save')}
        </Button>
      </Form>
    </Card>
  );
}
