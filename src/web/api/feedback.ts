/**
 * Toasts for code inside and outside React (the request client). antd's message code loads on
 * the first toast, so the login page does not carry it; it takes the app's theme and language
 * through ConfigProvider.config({ holderRender }), set by app/antd-provider.
 */
async function show(kind: 'error' | 'success' | 'warning' | 'info', text: string, ms: number) {
  const [{ default: message }] = await Promise.all([
    import('antd/es/message'),
    import('../app/antd-provider'),
  ]);
  void message[kind]({ content: text, duration: ms / 1000 });
}

export function toastError(text: string, ms: number) {
  void show('error', text, ms);
}

export function toastSuccess(text: string, ms = 3000) {
  void show('success', text, ms);
}

export function toastWarning(text: string, ms = 3000) {
  void show('warning', text, ms);
}
