import { Button, Result } from 'antd';
import { Component, type ReactNode } from 'react';
import { i18n } from '../i18n';

/** Keeps a failing screen (or a chunk that failed to load) from taking the shell down. */
export class ScreenBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <Result
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
