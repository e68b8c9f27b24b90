import { Button } from 'antd';
import { Component, type ReactNode } from 'react';
import { i18n } from '../i18n';
import { LazyResult } from '../kit/lazy-result';
import { useErrorLog } from '../stores/error-log';

/** Keeps a failing screen (or a chunk that failed to load) from taking the shell down. */
export class ScreenBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: { componentStack?: string | null }) {
    useErrorLog.getState().add(error, (info.componentStack ?? '').trim().split('\n')[0] ?? '');
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <LazyResult
        status="error"
        title={i18n.t('error.screenFailed')}
        subTitle={this.state.error.message}
        extra={
          <Button type="primary" onClick={() => location.reload()}>
            {i18n.t('error.retry')}
          </Button>
        }
      />
    );
  }
}
