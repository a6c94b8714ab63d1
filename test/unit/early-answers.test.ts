import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropEarlyAnswers, keepEarlyAnswer, takeEarlyAnswer } from '../../renderer/api/earlyAnswers';

/**
 * A cold open's reads are sent before the stores ask for them (renderer/shell/coldOpen.ts). A store must get
 * that answer only when it asks for exactly that call, only once, and never one that may be out of date.
 */
describe('answers asked for before anyone asks', () => {
  afterEach(() => {
    dropEarlyAnswers();
    vi.useRealTimers();
  });

  it('is handed to the first call for the same operation and input, keys in any order, once', async () => {
    keepEarlyAnswer('cases.list', { filters: { search: '' }, offset: 0, limit: 200 }, Promise.resolve({ rows: ['case-1'] }));
    expect(takeEarlyAnswer('cases.list', { filters: { search: '' }, offset: 200, limit: 200 })).toBeUndefined();
    expect(takeEarlyAnswer('cases.facets', { filters: { search: '' } })).toBeUndefined();
    await expect(takeEarlyAnswer('cases.list', { limit: 200, offset: 0, filters: { search: '' } })).resolves.toEqual({ rows: ['case-1'] });
    // the next call of the same page asks the backend again
    expect(takeEarlyAnswer('cases.list', { filters: { search: '' }, offset: 0, limit: 200 })).toBeUndefined();
  });

  it('hands a failure to the caller as a failure', async () => {
    keepEarlyAnswer('testSets.current', {}, Promise.reject(new Error('server gone')));
    await expect(takeEarlyAnswer('testSets.current', {})).rejects.toThrow('server gone');
  });

  it('is not used once it may be out of date: unclaimed for seconds, or another file opened', () => {
    vi.useFakeTimers();
    keepEarlyAnswer('app.info', {}, Promise.resolve({ mode: 'browser' }));
    vi.advanceTimersByTime(6_000);
    expect(takeEarlyAnswer('app.info', {})).toBeUndefined();

    keepEarlyAnswer('testSets.current', {}, Promise.resolve(null));
    dropEarlyAnswers();
    expect(takeEarlyAnswer('testSets.current', {})).toBeUndefined();
  });
});
