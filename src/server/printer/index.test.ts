import { describe, expect, it } from 'vitest';
import { printerAdapters } from './index';
import { notConfiguredPrinter, sandboxPrinter } from './sandbox';

describe('printer adapters by configuration', () => {
  it('connects a real brand only when both of its credentials are set', () => {
    const none = printerAdapters({});
    expect(none.adapterFor('sandbox')).toBe(sandboxPrinter);
    expect(none.adapterFor('feie')).toBe(notConfiguredPrinter);
    expect(none.adapterFor('yilianyun')).toBe(notConfiguredPrinter);
    expect(none.connected('sandbox')).toBe(true);
    expect(printerAdapters({ FEIE_USER: 'shop@example.com' }).connected('feie')).toBe(false);
    expect(printerAdapters({ YILIANYUN_CLIENT_ID: '1000000001' }).connected('yilianyun')).toBe(
      false,
    );

    const both = printerAdapters({
      FEIE_USER: 'shop@example.com',
      FEIE_UKEY: 'UKEY',
      YILIANYUN_CLIENT_ID: '1000000001',
      YILIANYUN_CLIENT_SECRET: 'secret',
    });
    expect(both.connected('feie')).toBe(true);
    expect(both.connected('yilianyun')).toBe(true);
    expect(both.adapterFor('feie').register).toBeTypeOf('function');
    // One adapter per brand for the app's life: Yilianyun's token cache lives in it.
    expect(both.adapterFor('yilianyun')).toBe(both.adapterFor('yilianyun'));
  });
});
