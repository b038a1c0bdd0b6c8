import { describe, expect, it } from 'vitest';
import { retryTransient, transientCause } from './retry';

const failure = (code: string) => Object.assign(new Error(code), { code });

describe('retryTransient', () => {
  it('runs a transaction again after a deadlock or serialization failure', async () => {
    const codes = ['40P01', '40001'];
    let runs = 0;
    const result = await retryTransient(async () => {
      const code = codes[runs++];
      if (code) throw failure(code);
      return 'stored';
    });
    expect(result).toBe('stored');
    expect(runs).toBe(3);
  });

  it('gives up after four runs, and never runs again for any other error', async () => {
    let runs = 0;
    await expect(retryTransient(() => Promise.reject(failure(`40P01${++runs}`.slice(0, 5))))).rejects.toThrow('40P01');
    expect(runs).toBe(4);
    runs = 0;
    await expect(retryTransient(() => Promise.reject(failure(`23505${++runs}`.slice(0, 5))))).rejects.toThrow('23505');
    expect(runs).toBe(1);
  });

  it('names the cause', () => {
    expect(transientCause(failure('40P01'))).toBe('deadlock');
    expect(transientCause(failure('40001'))).toBe('serialization');
    expect(transientCause(new Error('x'))).toBeNull();
  });
});
