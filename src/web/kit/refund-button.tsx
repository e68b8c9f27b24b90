import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal } from 'antd';
import Big from 'big.js';
import { useState } from 'react';
import { request } from '../api/request';

export interface RefundButtonProps {
  /** The call that refunds, sent `{ id, amount, reason }`. */
  url: string;
  id: unknown;
  orderNo: string;
  /** The most that can go back, two decimals. */
  left: string;
  /** What the form starts with (what the customer asked); all that is left when absent. */
  asked?: string;
  /** Before the amount, e.g. "¥". */
  prefix?: string;
  /** The words, from the area's dictionary. */
  text: {
    refund: string;
    amount: string;
    /** Under the amount: how much is left. */
    left: string;
    reason: string;
    done(amount: string): string;
  };
  onDone(): void;
}

/** Gives an order's money back, in part or all that is left, after a form that says how much. */
export function RefundButton({
  url,
  id,
  orderNo,
  left,
  asked,
  prefix,
  text,
  onDone,
}: RefundButtonProps) {
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ amount: string; reason: string }>();
  const refund = useMutation({
    mutationFn: (values: { amount: string; reason: string }) =>
      request(url, { id, amount: String(values.amount), reason: values.reason ?? '' }),
    onSuccess: (_, values) => {
      void message.success(text.done(new Big(values.amount).toFixed(2)));
      setOpen(false);
      onDone();
    },
  });
  return (
    <>
      <Button danger onClick={() => setOpen(true)}>
        {text.refund}
      </Button>
      <Modal
        open={open}
        title={`${text.refund} · ${orderNo}`}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        confirmLoading={refund.isPending}
        okButtonProps={{ danger: true }}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ amount: asked ?? left, reason: '' }}
          onFinish={(values) => refund.mutate(values)}
        >
          <Form.Item
            name="amount"
            label={text.amount}
            extra={text.left}
            rules={[{ required: true }]}
          >
            <InputNumber stringMode precision={2} min="0.01" max={left} prefix={prefix} />
          </Form.Item>
          <Form.Item name="reason" label={text.reason}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
