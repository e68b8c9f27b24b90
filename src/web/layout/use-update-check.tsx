import { App, Button, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  REMINDER_KEY,
  UPDATE_POLL_MS,
  UPDATE_REMINDER_MS,
  VERSION_HASH_KEY,
} from '../../shared/constants';

/**
 * Decides whether to prompt (spec §4): the served hash differs from the stored one and the
 * reminder interval has passed. The first hash seen is only stored.
 */
export function shouldPrompt(
  served: string,
  stored: string | null,
  lastReminder: number,
  now: number,
) {
  if (!stored || served === stored) return false;
  return now - lastReminder >= UPDATE_REMINDER_MS;
}

/** Every 120 s (and once on start) compares /platform-info.json with the running version. */
export function useUpdateCheck() {
  const { t } = useTranslation();
  const { notification } = App.useApp();

  useEffect(() => {
    let stopped = false;
    async function check() {
      try {
        const response = await fetch('/platform-info.json', { cache: 'no-store' });
        const { versionHash } = (await response.json()) as { versionHash?: string };
        if (stopped || !versionHash) return;
        const stored = localStorage.getItem(VERSION_HASH_KEY);
        const lastReminder = Number(localStorage.getItem(REMINDER_KEY) ?? 0);
        if (!stored) localStorage.setItem(VERSION_HASH_KEY, versionHash);
        if (!shouldPrompt(versionHash, stored, lastReminder, Date.now())) return;
        localStorage.setItem(VERSION_HASH_KEY, versionHash);
        localStorage.setItem(REMINDER_KEY, String(Date.now()));
        const key = 'update-check';
        notification.info({
          key,
          title: t('shell.updateTitle'),
          description: t('shell.updateText'),
          duration: 0,
          actions: (
            <Space>
              <Button size="small" onClick={() => notification.destroy(key)}>
                {t('shell.later')}
              </Button>
              <Button size="small" type="primary" onClick={() => location.reload()}>
                {t('shell.refreshNow')}
              </Button>
            </Space>
          ),
        });
      } catch (err) {
        console.error('update check failed', err);
      }
    }
    void check();
    const timer = setInterval(check, UPDATE_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [notification, t]);
}
