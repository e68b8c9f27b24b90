import type { ResultProps } from 'antd';
import { Component, lazy, type ReactNode, Suspense } from 'react';

// antd's Result carries its 403/404/500 illustrations (~10 KiB gzip) and shows only when
// something failed, so it is its own chunk, fetched the first time a failure is shown.
const Result = lazy(() => import('antd/es/result'));

/** Shows its fallback when its child cannot render (here: when Result's chunk cannot load). */
class Fallback extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * antd's Result, loaded on first use. Until it is in, or when it cannot load (offline, which is
 * often why a screen failed), the same title, text and actions show plainly.
 */
export function LazyResult(props: ResultProps) {
  const plain = (
    <div role="alert" style={{ padding: '48px 32px', textAlign: 'center' }}>
      <div style={{ fontSize: 24, marginBottom: 8 }}>{props.title}</div>
      {props.subTitle && <div style={{ opacity: 0.65, marginBottom: 24 }}>{props.subTitle}</div>}
      {props.extra}
    </div>
  );
  return (
    <Fallback fallback={plain}>
      <Suspense fallback={plain}>
        <Result {...props} />
      </Suspense>
    </Fallback>
  );
}
