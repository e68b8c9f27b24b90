import { beforeEach, describe, expect, it } from 'vitest';
import { useErrorLog } from './error-log';

describe('error log store', () => {
  beforeEach(() => useErrorLog.getState().clear());
  it('keeps the newest error first with its message, info and url', () => {
    useErrorLog.getState().add(new Error('first'), 'a');
    useErrorLog.getState().add('second', 'b');
    const [newest, older] = useErrorLog.getState().logs;
    expect(newest).toMatchObject({ message: 'second', info: 'b', url: location.href });
    expect(older?.message).toBe('first');
    useErrorLog.getState().clear();
    expect(useErrorLog.getState().logs).toEqual([]);
  });
});
