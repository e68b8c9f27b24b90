import { create } from 'zustand';

/** An error caught in production (spec §3: err, vm, info, url; `vm` has no React meaning). */
export interface ErrorLogEntry {
  message: string;
  stack: string;
  info: string;
  url: string;
  at: number;
}

interface ErrorLogState {
  logs: ErrorLogEntry[];
  add(error: unknown, info: string): void;
  clear(): void;
}

const MAX_ENTRIES = 100;

export const useErrorLog = create<ErrorLogState>((set) => ({
  logs: [],
  add(error, info) {
    const err = error instanceof Error ? error : new Error(String(error));
    const entry = {
      message: err.message,
      stack: err.stack ?? '',
      info,
      url: location.href,
      at: Date.now(),
    };
    set((state) => ({ logs: [entry, ...state.logs].slice(0, MAX_ENTRIES) }));
  },
  clear: () => set({ logs: [] }),
}));

/** In production, uncaught errors and rejections go to the error log (spec §8). */
export function captureGlobalErrors() {
  window.addEventListener('error', (event) => {
    useErrorLog
      .getState()
      .add(event.error ?? event.message, `${event.filename}:${event.lineno}:${event.colno}`);
  });
  window.addEventListener('unhandledrejection', (event) => {
    useErrorLog.getState().add(event.reason, 'unhandledrejection');
  });
}
