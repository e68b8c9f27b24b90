import { Button, Card, Tour, type TourProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The shell's parts the tour points at, found when it opens. */
const part = (selector: string) => () =>
  document.querySelector<HTMLElement>(selector) ?? document.body;

/** Template demo /guide/index: a step-by-step tour of the shell (antd's Tour). */
export default function GuidePage() {
  const { t } = useTranslation('demos');
  const [open, setOpen] = useState(false);
  const steps: TourProps['steps'] = [
    {
      title: t('guide.menu'),
      description: t('guide.menuText'),
      target: part('[aria-label="menu"]'),
    },
    {
      title: t('guide.hamburger'),
      description: t('guide.hamburgerText'),
      target: part('header button'),
    },
    {
      title: t('guide.tags'),
      description: t('guide.tagsText'),
      target: part('[aria-label="tags"]'),
    },
    {
      title: t('guide.account'),
      description: t('guide.accountText'),
      target: part('[data-testid="account-menu"]'),
    },
  ].map((step) => ({
    ...step,
    nextButtonProps: { children: t('guide.next') },
    prevButtonProps: { children: t('guide.previous') },
  }));
  return (
    <Card>
      <Typography.Paragraph>{t('guide.note')}</Typography.Paragraph>
      <Button type="primary" onClick={() => setOpen(true)}>
        {t('guide.start')}
      </Button>
      <Tour open={open} onClose={() => setOpen(false)} steps={steps} />
    </Card>
  );
}
