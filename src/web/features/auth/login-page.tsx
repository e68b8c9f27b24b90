import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, theme } from 'antd';
// Input and Password from their own modules: antd's `Input` attaches TextArea, Search and OTP to
// itself, so using it here would put all of them into the first download of every user.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { redirectTarget } from '../../app/guard';
import { usePageTitle } from '../../app/page-title';
import { LANGUAGES, setLanguage } from '../../i18n';
import { useApp } from '../../stores/app';
import { useSession } from '../../stores/session';

type Field = 'name' | 'password';
let prefetched = false;

/**
 * /login: account and password; keeps the `redirect` query and returns there on success.
 * A plain form (no antd Form): the login page is the first thing every user downloads.
 */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { search } = useLocation();
  const websiteName = useApp((state) => state.websiteName);
  const signIn = useSession((state) => state.signIn);
  const [values, setValues] = useState({ name: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  usePageTitle(t('login.title'));

  function validate(next: typeof values, only?: Field) {
    const found: Partial<Record<Field, string>> = {};
    if (!next.name.trim()) found.name = t('login.accountRequired');
    if (!next.password) found.password = t('login.passwordRequired');
    setErrors((old) => (only ? { ...old, [only]: found[only] } : found));
    return !found.name && !found.password;
  }

  // Once the user starts typing, fetch the shell and the dashboard: they are ready by the time
  // the password is in, while a visitor who only looks never downloads them.
  function prefetchShell() {
    if (prefetched) return;
    prefetched = true;
    void import('../../layout/layout');
    void import('../dashboard/dashboard-page');
  }

  function change(field: Field, value: string) {
    prefetchShell();
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field]) validate(next, field);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting || !validate(values)) return;
    setSubmitting(true);
    try {
      await signIn({ name: values.name.trim(), password: values.password });
      navigate(redirectTarget(search), { replace: true });
    } catch {
      // The request client has shown the server's message.
      setSubmitting(false);
    }
  }

  const watchCaps = (event: KeyboardEvent) => setCapsLock(event.getModifierState('CapsLock'));
  const hint = (id: string, text: string | undefined, color: string) => (
    <div
      id={id}
      role={text ? 'alert' : undefined}
      style={{ minHeight: 22, fontSize: 13, color, padding: '2px 0' }}
    >
      {text}
    </div>
  );

  return (
    <main
      style={{
        minHeight: '100%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: token.colorBgLayout,
        padding: 16,
        boxSizing: 'border-box',
      }}
    >
      <div
        style={{
          width: '100%',
          maxWidth: 380,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
          padding: '36px 32px 20px',
        }}
      >
        <div style={{ textAlign: 'center', marginBottom: 24 }}>
          <img src="/logo.svg" alt="" width={44} height={44} />
          <h1
            style={{
              margin: '12px 0 4px',
              fontSize: 24,
              fontWeight: 600,
              color: token.colorTextHeading,
            }}
          >
            {websiteName || t('app.name')}
          </h1>
          <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('login.subtitle')}</p>
        </div>
        <form onSubmit={submit} noValidate aria-label={t('login.title')}>
          <Input
            size="large"
            name="name"
            value={values.name}
            onChange={(event) => change('name', event.target.value)}
            status={errors.name ? 'error' : undefined}
            prefix={<UserOutlined />}
            placeholder={t('login.accountPlaceholder')}
            aria-label={t('login.account')}
            aria-invalid={!!errors.name}
            aria-describedby="login-name-error"
            autoComplete="username"
            autoFocus
            maxLength={64}
          />
          {hint('login-name-error', errors.name, token.colorError)}
          <Password
            size="large"
            name="password"
            value={values.password}
            onChange={(event) => change('password', event.target.value)}
            status={errors.password ? 'error' : capsLock ? 'warning' : undefined}
            prefix={<LockOutlined />}
            placeholder={t('login.passwordPlaceholder')}
            aria-label={t('login.password')}
            aria-invalid={!!errors.password}
            aria-describedby="login-password-error"
            autoComplete="current-password"
            maxLength={128}
            onKeyUp={watchCaps}
            onKeyDown={watchCaps}
          />
          {hint(
            'login-password-error',
            errors.password ?? (capsLock ? t('login.capsLock') : undefined),
            errors.password ? token.colorError : token.colorWarning,
          )}
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={submitting}
            style={{ marginTop: 8 }}
          >
            {t('login.submit')}
          </Button>
        </form>
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          {LANGUAGES.map((language) => (
            <Button
              key={language.key}
              type="link"
              size="small"
              disabled={i18n.language === language.key}
              onClick={() => setLanguage(language.key)}
            >
              {language.label}
            </Button>
          ))}
        </div>
      </div>
    </main>
  );
}
