import { SoundOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';

const ORDERS = '/admin/product-order';
const SOUND_KEY = 'product-order.sound';
/** The one notification that lists the orders nobody has acknowledged yet. */
const ALERT_KEY = 'product-order.new-orders';
/** Orders named in the alert at most; the count says how many there are. */
const ALERT_LINES = 8;

/** An order told by the feed: paid, or placed to be paid at the counter (`unpaid`: 待收款). */
type NewOrder = { id: number; orderNo: string; totalAmount: string; unpaid: boolean };

/**
 * The page's one audio context. A browser keeps it suspended until someone clicks the page (after
 * opening or reloading it): the chime would then be silent, so the toolbar asks for a click.
 */
let audio: AudioContext | null | undefined;
function audioContext() {
  if (audio === undefined) {
    try {
      audio = new AudioContext();
    } catch {
      audio = null; // No audio on this device: the alert still shows.
    }
  }
  return audio;
}

/** Whether the chime can sound now (the audio context runs), followed as it changes. */
function useAudioRunning() {
  const subscribe = useCallback((changed: () => void) => {
    const context = audioContext();
    context?.addEventListener('statechange', changed);
    return () => context?.removeEventListener('statechange', changed);
  }, []);
  return useSyncExternalStore(subscribe, () => (audioContext()?.state ?? 'running') === 'running');
}

/** Resumes the audio context: allowed in a click's handler. */
function resumeAudio() {
  const context = audioContext();
  if (context?.state === 'suspended') void context.resume().catch(() => {});
}

/** A short two-note chime (no file to load). */
function chime() {
  const context = audioContext();
  if (context?.state !== 'running') return;
  for (const [i, hz] of [880, 1320].entries()) {
    const tone = context.createOscillator();
    const gain = context.createGain();
    const at = context.currentTime + i * 0.18;
    tone.frequency.value = hz;
    gain.gain.setValueAtTime(0.2, at);
    gain.gain.exponentialRampToValueAtTime(0.001, at + 0.3);
    tone.connect(gain).connect(context.destination);
    tone.start(at);
    tone.stop(at + 0.3);
  }
}

/**
 * 确认已收款 of an order in the alert: the counter takes the money of the customer it was told of.
 * Once done it says so in place of the button (the order is then told again as paid).
 */
function ConfirmPaidButton({ order }: { order: NewOrder }) {
  const { t } = useTranslation('product-order');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => request(`${ORDERS}/confirmPaid`, { ids: [order.id] }),
    onSuccess: () => {
      void message.success(t('confirmedPaid', { orderNo: order.orderNo }));
      void queryClient.invalidateQueries({ queryKey: [ORDERS] });
    },
  });
  return confirm.isSuccess ? (
    <Typography.Text type="success">
      {t('confirmedPaid', { orderNo: order.orderNo })}
    </Typography.Text>
  ) : (
    <Button size="small" loading={confirm.isPending} onClick={() => confirm.mutate()}>
      {t('transitions.confirmPaid')}
    </Button>
  );
}

/**
 * The open list's live feed: asks the server for orders paid since the last it was told of, or
 * placed to be paid at the counter (待收款: the customer is walking to the till), the call waiting
 * until there is one, up to 25 s; then reads the list again, chimes (unless the merchant turned
 * the sound off) and lists the new orders in an alert that stays until someone says 知道了 (an
 * unpaid one with its 确认已收款). When the browser keeps the page silent, a button asks for the
 * click that lets it ring.
 */
export function LiveOrders() {
  const { t } = useTranslation('product-order');
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const [sound, setSound] = useState(() => localStorage.getItem(SOUND_KEY) !== 'off');
  const soundRef = useRef(sound);
  soundRef.current = sound;
  const [live, setLive] = useState(false);
  const audible = useAudioRunning();
  // Any click or key on the page lets the chime sound (the browser allows a resume in either).
  // On the click itself, not the pointer going down: the prompt then leaves the toolbar after
  // the click has reached its button, which would otherwise move from under the pointer.
  useEffect(() => {
    if (audible) return;
    document.addEventListener('click', resumeAudio, true);
    document.addEventListener('keydown', resumeAudio, true);
    return () => {
      document.removeEventListener('click', resumeAudio, true);
      document.removeEventListener('keydown', resumeAudio, true);
    };
  }, [audible]);

  // The orders not yet acknowledged, oldest first.
  const unread = useRef<NewOrder[]>([]);
  const acknowledge = useCallback(() => {
    unread.current = [];
    notification.destroy(ALERT_KEY);
  }, [notification]);
  const alertOf = useCallback(
    (orders: NewOrder[]) => {
      // An order told unpaid, then paid, is listed once, as it is now.
      const now = new Map(orders.map((o) => [o.id, o]));
      const kept = unread.current.map((o) => now.get(o.id) ?? o);
      const known = new Set(kept.map((o) => o.id));
      unread.current = [...kept, ...orders.filter((o) => !known.has(o.id))];
      const shown = unread.current.slice(-ALERT_LINES);
      notification.warning({
        key: ALERT_KEY,
        duration: 0,
        placement: 'bottomRight',
        title: t('newOrders', { count: unread.current.length }),
        description: (
          <div data-testid="new-orders">
            {unread.current.length > shown.length && <div>…</div>}
            {shown.map((o) =>
              o.unpaid ? (
                <div key={o.id} data-testid="unpaid-order">
                  <Tag color="orange">{t('counterUnpaid')}</Tag>
                  {t('unpaidOrder', { orderNo: o.orderNo, amount: o.totalAmount })}{' '}
                  <ConfirmPaidButton order={o} />
                </div>
              ) : (
                <div key={o.id}>{t('newOrder', { orderNo: o.orderNo, amount: o.totalAmount })}</div>
              ),
            )}
          </div>
        ),
        actions: (
          <Button type="primary" size="small" onClick={acknowledge}>
            {t('acknowledge')}
          </Button>
        ),
        onClose: () => {
          unread.current = [];
        },
      });
    },
    [notification, t, acknowledge],
  );

  useEffect(() => {
    let stopped = false;
    // Where the feed is: the server's time of the last payment told, and the orders told lately.
    let cursor: { since?: string; seen: number[]; waiting: number[] } = { seen: [], waiting: [] };
    (async () => {
      while (!stopped) {
        try {
          const answer = await request<{
            now: string;
            seen: number[];
            waiting: number[];
            orders: NewOrder[];
          }>(`${ORDERS}/wait`, cursor, { silent: true });
          if (stopped) break;
          setLive(true);
          cursor = { since: answer.now, seen: answer.seen, waiting: answer.waiting };
          if (answer.orders.length > 0) {
            void queryClient.invalidateQueries({ queryKey: [ORDERS] });
            alertOf(answer.orders);
            if (soundRef.current) chime();
          }
        } catch {
          setLive(false);
          await new Promise((resolve) => setTimeout(resolve, 5000));
        }
      }
    })();
    return () => {
      stopped = true;
    };
  }, [queryClient, alertOf]);
  return (
    <Space wrap>
      <Tooltip title={t('liveOn')}>
        <Badge status={live ? 'processing' : 'default'} text={t('live')} />
      </Tooltip>
      <Switch
        checked={sound}
        onChange={(on) => {
          setSound(on);
          localStorage.setItem(SOUND_KEY, on ? 'on' : 'off');
          if (on) resumeAudio();
        }}
        checkedChildren={<SoundOutlined />}
        unCheckedChildren={<SoundOutlined />}
        aria-label={t('sound')}
      />
      {sound && !audible && (
        <Tooltip title={t('soundPromptHelp')}>
          <Button type="primary" danger icon={<SoundOutlined />} onClick={resumeAudio}>
            {t('soundPrompt')}
          </Button>
        </Tooltip>
      )}
    </Space>
  );
}
