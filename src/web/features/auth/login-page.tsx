import {
  type CSSProperties,
  type FormEvent,
  type KeyboardEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { shadeFor } from '../../app/contrast';
import { redirectTarget } from '../../app/guard';
import { usePageTitle } from '../../app/page-title';
import { finishPrerender } from '../../app/prerender';
import { Layout } from '../../app/shell';
import { LANGUAGES, setLanguage } from '../../i18n';
import { useApp } from '../../stores/app';
import { useSession } from '../../stores/session';
import { useSettings } from '../../stores/settings';
import { EyeIcon, EyeOffIcon, LockIcon, UserIcon } from './login-icons';
import './login.css';

type Field = 'name' | 'password';
type Tone = 'error' | 'warning';

const fieldClass = (tone: Tone | undefined) =>
  tone ? `login__field login__field--${tone}` : 'login__field';
let prefetched = false;

/**
 * Runs `task` once the page has loaded and the main thread is idle (at most 2 s later);
 * not at all when the user asks to save data. Answers the cancel.
 */
function whenIdleAfterLoad(task: () => void): () => void {
  const connection = (navigator as { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return () => {};
  let idle: number | undefined;
  const schedule = () => {
    idle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(task, { timeout: 2000 })
        : window.setTimeout(task, 200);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle === undefined) return;
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
    else clearTimeout(idle);
  };
}

/**
 * /login: account and password; keeps the `redirect` query and returns there on success.
 * Plain React and CSS, no antd: the login page is the first thing every user downloads, and
 * antd (with its style engine) is most of the app's first bytes and start-up time. It follows the
 * theme colour and dark mode of the settings, and looks like antd's large inputs and button.
 */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const primary = useSettings((state) => state.theme);
  const dark = useSettings((state) => state.dark);
  const navigate = useNavigate();
  const { search } = useLocation();
  const websiteName = useApp((state) => state.websiteName);
  const signIn = useSession((state) => state.signIn);
  const [values, setValues] = useState({ name: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const [reveal, setReveal] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  usePageTitle(t('login.title'));

  // The page may arrive prerendered (app/prerender.ts): what was typed or autofilled before React
  // took over is in the inputs but not in state. Take it over, then let submits through.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first render.
  useEffect(() => {
    const name = nameInput.current?.value ?? '';
    const password = passwordInput.current?.value ?? '';
    if (name || password) {
      setValues({ name, password });
      prefetchShell();
    }
    finishPrerender();
    return whenIdleAfterLoad(prefetchShell);
  }, []);

  function validate(next: typeof values, only?: Field) {
    const found: Partial<Record<Field, string>> = {};
    if (!next.name.trim()) found.name = t('login.accountRequired');
    if (!next.password) found.password = t('login.passwordRequired');
    setErrors((old) => (only ? { ...old, [only]: found[only] } : found));
    return !found.name && !found.password;
  }

  // Fetch the shell and the dashboard ahead of the click: once the page has loaded and the browser
  // is idle, or at the first keystroke if that comes sooner (a password manager's fill and an
  // immediate click). Nearly everyone at this page signs in; Save-Data turns the idle fetch off.
  function prefetchShell() {
    if (prefetched) return;
    prefetched = true;
    void Layout.preload()
      .then(() => import('../../layout/layout'))
      .then((layout) => layout.warmUp())
      .catch(() => {}); // a failed fetch shows itself when the shell opens
    void import('../../app/screens').then(({ screens }) => screens.dashboard?.preload());
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
  const passwordTone: Tone | undefined = errors.password
    ? 'error'
    : capsLock
      ? 'warning'
      : undefined;
  const hint = (id: string, text: string | undefined, tone: Tone) => (
    <div id={id} role={text ? 'alert' : undefined} className={`login__hint login__hint--${tone}`}>
      {text}
    </div>
  );

  return (
    <main
      className={dark ? 'login login--dark' : 'login'}
      // The button's white text and the links read at 4.5:1 (WCAG AA): the nearest shades of the
      // theme colour that do, with white and on the card (#1890ff with white is 3.24:1).
      style={
        {
          '--login-primary': shadeFor(primary, '#ffffff'),
          '--login-link': shadeFor(primary, dark ? '#141414' : '#ffffff'),
        } as CSSProperties
      }
    >
      <div className="login__card">
        <div className="login__head">
          <img src="/logo.svg" alt="" width={44} height={44} />
          <h1>{websiteName || t('app.name')}</h1>
          <p>{t('login.subtitle')}</p>
        </div>
        <form onSubmit={submit} noValidate aria-label={t('login.title')}>
          <label className={fieldClass(errors.name ? 'error' : undefined)}>
            <UserIcon />
            <input
              ref={nameInput}
              name="name"
              value={values.name}
              onChange={(event) => change('name', event.target.value)}
              placeholder={t('login.accountPlaceholder')}
              aria-label={t('login.account')}
              aria-invalid={!!errors.name}
              aria-describedby="login-name-error"
              autoComplete="username"
              // biome-ignore lint/a11y/noAutofocus: the page has one job; the account comes first.
              autoFocus
              maxLength={64}
            />
          </label>
          {hint('login-name-error', errors.name, 'error')}
          <label className={fieldClass(passwordTone)}>
            <LockIcon />
            <input
              ref={passwordInput}
              name="password"
              type={reveal ? 'text' : 'password'}
              value={values.password}
              onChange={(event) => change('password', event.target.value)}
              placeholder={t('login.passwordPlaceholder')}
              aria-label={t('login.password')}
              aria-invalid={!!errors.password}
              aria-describedby="login-password-error"
              autoComplete="current-password"
              maxLength={128}
              onKeyUp={watchCaps}
              onKeyDown={watchCaps}
            />
            <button
              type="button"
              className="login__reveal"
              aria-label={reveal ? t('login.hidePassword') : t('login.showPassword')}
              aria-pressed={reveal}
              onClick={() => setReveal(!reveal)}
            >
              {reveal ? <EyeIcon /> : <EyeOffIcon />}
            </button>
          </label>
          {hint(
            'login-password-error',
            errors.password ?? (capsLock ? t('login.capsLock') : undefined),
            passwordTone ?? 'warning',
          )}
          <button
            type="submit"
            className="login__submit"
            disabled={submitting}
            aria-busy={submitting}
          >
            {submitting && <span className="login__spinner" aria-hidden />}
            {t('login.submit')}
          </button>
        </form>
        <div className="login__languages">
          {LANGUAGES.map((language) => (
            <button
              key={language.key}
              type="button"
              disabled={i18n.language === language.key}
              onClick={() => setLanguage(language.key)}
            >
              {language.label}
            </button>
          ))}
        </div>
      </div>
    </main>
  );
}
