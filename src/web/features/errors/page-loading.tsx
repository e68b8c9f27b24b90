import { Spin } from 'antd';

/** Shown while a session or a lazy screen loads. */
export function PageLoading({ fullscreen = false }: { fullscreen?: boolean }) {
  return (
    <div
      role="status"
      aria-busy="true"
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        height: fullscreen ? '100vh' : 320,
      }}
    >
      <Spin size="large" />
    </div>
  );
}
