import { Button, type DrawerProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ViewDrawer } from './view-drawer';

export interface FormDrawerProps extends Omit<DrawerProps, 'footer' | 'extra'> {
  /** The `name` of the antd Form inside: Save submits it (its `<form id>`). */
  formName: string;
  saving?: boolean;
  onClose(): void;
}

/**
 * The one layout of a form in a drawer: the form, then Cancel and Save at the bottom right. (Save
 * at the top right sat over the avatar menu: after saving, the pointer was left on it and the
 * logout menu popped open.)
 */
export function FormDrawer({ formName, saving, onClose, children, ...props }: FormDrawerProps) {
  const { t } = useTranslation();
  return (
    <ViewDrawer
      {...props}
      onClose={onClose}
      footer={
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Button onClick={onClose}>{t('kit.cancel')}</Button>
          <Button type="primary" htmlType="submit" form={formName} loading={saving}>
            {t('kit.save')}
          </Button>
        </div>
      }
    >
      {children}
    </ViewDrawer>
  );
}
