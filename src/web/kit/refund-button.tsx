import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal } from 'antd';
import Big from 'big.js';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_NAMESPACE } from '../../shared/messages';
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
    /** The amount's error when it is above what is left. */
    tooMuch: string;
    reason: string;
    /** The second question, naming the amount (two decimals): 确认退款 ¥12.50 给顾客？ */
    confirm(amount: string): string;
    done(amount: string): string;
  };
  onDone(): void;
}

type RefundValues = { amount: string; reason: string };

/** Whether a typed amount is a number at all (the field's own rule says what is wrong with it). */
function bigOf(value: unknown) {
  try {
    return new Big(String(value));
  } catch {
    return null;
  }
}

/**
 * Gives an order's money back, in part or all that is left: a form that says how much and why
 * (an amount above what is left is refused, never lowered to it), then a second question naming
 * the amount before anything is sent.
 */
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
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<RefundValues>();
  // The second question is open: OK pressed again does not ask twice.
  const asking = useRef(false);
  const refund = useMutation({
    mutationFn: (values: RefundValues) =>
      request(url, { id, amount: values.amount, reason: values.reason.trim() }),
    onSuccess: (_, values) => {
      void message.success(text.done(values.amount));
      setOpen(false);
      onDone();
    },
  });
  function confirm(values: RefundValues) {
    if (asking.current) return;
    asking.current = true;
    const amount = new Big(String(values.amount)).toFixed(2);
    modal.confirm({
      title: text.confirm(amount),
      okButtonProps: { danger: true },
      // A refusal is toasted by the client; the form stays open to change the amount.
      onOk: () => refund.mutateAsync({ amount, reason: values.reason }).catch(() => {}),
      afterClose: () => {
        asking.current = false;
      },
    });
  }
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
          onFinish={confirm}
        >
          <Form.Item
            name="amount"
            label={text.amount}
            extra={text.left}
            rules={[
              { required: true, message: t('kit.required', { label: text.amount }) },
              {
                validator: async (_rule, value) => {
                  const amount = bigOf(value);
                  if (value === undefined || value === null || value === '' || !amount) return;
                  if (amount.lte(0))
                    throw new Error(t('money.positive', { ns: MESSAGE_NAMESPACE }));
                  if (amount.gt(left)) throw new Error(text.tooMuch);
                },
              },
            ]}
          >
            {/* No min or max: antd would quietly change a wrong amount into one it allows. */}
            <InputNumber stringMode precision={2} prefix={prefix} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item
            name="reason"
            label={text.reason}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('kit.required', { label: text.reason }),
              },
            ]}
          >
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
