import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChangePasswordBody, passwordMessage } from '../../../shared/account';
import { PASSWORD_MIN_LENGTH, passwordPolicy } from '../../../shared/validate';
import { request } from '../../api/request';
import { messageText } from '../../i18n';
import { showSaveError } from '../../kit/form-rules';
import { useSubmitOnce } from '../../kit/submit-once';
import { useUnsavedWarning } from '../../kit/use-unsaved-warning';
import { useSession } from '../../stores/session';

/** /change-password: the signed-in account's own password; other sessions end on change. */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ChangePasswordBody>();
  const name = useSession((state) => state.profile?.name ?? '');
  const [dirty, setDirty] = useState(false);
  useUnsavedWarning(dirty);

  const save = useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      request<{ revokedSessions: boolean }>('/admin/user/changePassword', body, { silent: true }),
    onSuccess: () => {
      form.resetFields();
      setDirty(false);
      void message.success(t('password.changed'));
    },
    onError: (error) => showSaveError(form, error),
  });
  const submit = useSubmitOnce(save);

  return (
    <Card title={t('route.change-password')} style={{ maxWidth: 640 }}>
      <Alert
        type="info"
        showIcon
        title={t('password.policy', { min: PASSWORD_MIN_LENGTH })}
        style={{ marginBottom: 24 }}
      />
      <Form<ChangePasswordBody>
        form={form}
        name="change-password"
        layout="vertical"
        onFinish={submit}
        onValuesChange={() => setDirty(true)}
      >
        <Form.Item
          name="oldPassword"
          label={t('password.old')}
          rules={[{ required: true, message: t('password.oldRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('password.new')}
          dependencies={['oldPassword']}
          rules={[
            { required: true, message: t('password.newRequired') },
            ({ getFieldValue }) => ({
              validator: async (_, value: string) => {
                if (!value) return;
                const [broken] = passwordPolicy(value, {
                  accountName: name,
                  oldPassword: getFieldValue('oldPassword'),
                });
                if (broken) throw new Error(messageText(passwordMessage(broken, value)));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('password.confirm')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('password.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: async (_, value: string) => {
                if (value && value !== getFieldValue('newPassword'))
                  throw new Error(t('password.mismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
