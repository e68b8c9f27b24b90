import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { ReferenceSelect } from '../../kit/reference-select';
import type { ResourceOverrides, ResourceRow } from '../../kit/resource-overrides';
import { useSubmitOnce } from '../../kit/submit-once';

/**
 * Hands every listing of a broker over to another (a broker leaving): then the broker can be
 * deleted.
 */
function HandOver({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('broker');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ toId: number }>();
  const handOver = useMutation({
    mutationFn: ({ toId }: { toId: number }) =>
      request<{ moved: number }>('/admin/broker/hand-over', { id: row.id, toId }),
    onSuccess: ({ moved }) => {
      if (moved > 0) void message.success(t('handOverDone', { count: moved }));
      else void message.info(t('handOverNone'));
      setOpen(false);
      for (const list of ['/admin/broker', '/admin/second-hand-house', '/admin/house-list'])
        void queryClient.invalidateQueries({ queryKey: [list] });
    },
  });
  const submit = useSubmitOnce(handOver);
  return (
    <>
      <Button type="link" style={{ padding: 0 }} onClick={() => setOpen(true)}>
        {t('handOver')}
      </Button>
      <Modal
        open={open}
        title={t('handOverTitle', { name: row.name })}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        confirmLoading={handOver.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item
            name="toId"
            label={t('handOverTo')}
            extra={t('handOverHelp')}
            rules={[
              { required: true },
              {
                validator: (_, value) =>
                  value === row.id
                    ? Promise.reject(new Error(t('handOverSelf')))
                    : Promise.resolve(),
              },
            ]}
          >
            <ReferenceSelect to="broker" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** /broker: the hand-over on each row. */
export default {
  rowActions: { render: HandOver, width: 64 },
} satisfies ResourceOverrides;
