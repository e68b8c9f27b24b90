import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { App, Button, Modal, notification } from 'antd';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AntdProvider } from './antd-provider';

// The dialogs and notices opened outside React close in roots of their own, after their motion. In
// happy-dom no transition ends: a closed one was still in the page 3 s later, its last rendering
// left to run after the test environment was gone ("window is not defined", twice in CI). This file
// asks for reduced motion, as the browser tests do, so the app's provider turns antd's motion off
// and a closed dialog leaves the page at once. Set before the imports: reduced-motion.ts reads it
// when loaded.
vi.hoisted(() => {
  const answer = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      ...answer(query),
      media: query,
      matches: query === '(prefers-reduced-motion: reduce)',
    }) as MediaQueryList;
});

/** The texts of the page's buttons, as a person reads them. */
const buttonTexts = () =>
  [...document.querySelectorAll('button')].map((button) => button.textContent ?? '');

/** Opens a confirm and a notification through App.useApp, as the screens do. */
function Opens() {
  const { modal, notification: notify } = App.useApp();
  useEffect(() => {
    modal.confirm({ title: '删除？', okText: '删除', cancelText: '取消' });
    notify.info({ title: '新版本', actions: <Button size="small">稍后</Button>, duration: 0 });
  }, [modal, notify]);
  return null;
}

// Every dialog and notice is closed, and the test waits until they have left the page.
afterEach(async () => {
  await act(async () => {
    Modal.destroyAll();
    notification.destroy();
  });
  cleanup();
  await waitFor(() =>
    expect(document.querySelector('.ant-modal-root, .ant-notification-notice')).toBeNull(),
  );
});

describe('two-character buttons read as one word (全部, not 全 部)', () => {
  it('antd spaces them by itself: the check below can fail', () => {
    render(<Button>全部</Button>);
    expect(screen.getByRole('button').textContent).toBe('全 部');
  });

  it('under the app’s provider (the shell, the storefront, the error pages)', () => {
    render(
      <AntdProvider>
        <Button>全部</Button>
      </AntdProvider>,
    );
    expect(screen.getByRole('button').textContent).toBe('全部');
  });

  it('in a confirm and a notification opened with App.useApp, as the screens open them', async () => {
    render(
      <AntdProvider>
        <App>
          <Opens />
        </App>
      </AntdProvider>,
    );
    await waitFor(() =>
      expect(buttonTexts()).toEqual(expect.arrayContaining(['删除', '取消', '稍后'])),
    );
    expect(buttonTexts().filter((text) => /^\S \S$/.test(text))).toEqual([]);
  });

  it('in a dialog opened outside React (the request client’s “log in again”)', async () => {
    await act(async () => {
      Modal.confirm({ title: '请重新登录', okText: '确定', cancelText: '取消' });
    });
    await waitFor(() => expect(buttonTexts()).toEqual(expect.arrayContaining(['确定', '取消'])));
    expect(buttonTexts().filter((text) => /^\S \S$/.test(text))).toEqual([]);
  });
});
