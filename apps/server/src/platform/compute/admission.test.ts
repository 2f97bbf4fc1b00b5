import { AppError } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import { HeavyAdmission, RETRY_AFTER_SECONDS } from './admission.ts';

const limits = { perUser: 2, queue: 1, running: { compute: 1, export: 2 } };

/** Whether a promise has settled by now (after the microtasks queued so far). */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((r) => setImmediate(r));
  return settled;
}

describe('HeavyAdmission', () => {
  it('runs a call at once while its lane has room, and the next one when a place is given back', async () => {
    const admission = new HeavyAdmission(limits);
    const first = await admission.admit(1, 'compute');
    const second = admission.admit(2, 'compute');
    expect(await isSettled(second)).toBe(false);
    expect(admission.load.compute).toEqual({ running: 1, waiting: 1 });
    first();
    const release = await second;
    expect(admission.load.compute).toEqual({ running: 1, waiting: 0 });
    release();
    // Giving a place back twice gives it back once.
    release();
    expect(admission.load.compute).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a user’s call past their limit with HEAVY_LIMIT_PER_USER (429), across lanes', async () => {
    const admission = new HeavyAdmission(limits);
    const a = await admission.admit(7, 'export');
    const b = admission.admit(7, 'compute');
    const refused = await admission.admit(7, 'export').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'HEAVY_LIMIT_PER_USER',
      details: { limit: 2, retryAfterSeconds: RETRY_AFTER_SECONDS.perUser },
    });
    // Another user is not held back by it.
    const other = await admission.admit(8, 'export');
    a();
    const c = await admission.admit(7, 'export');
    for (const release of [await b, c, other]) release();
  });

  it('refuses a call with SERVER_BUSY (503) when its lane’s line is full, and keeps the other lane open', async () => {
    const admission = new HeavyAdmission(limits);
    const running = await admission.admit(1, 'compute');
    const waiting = admission.admit(2, 'compute');
    await expect(admission.admit(3, 'compute')).rejects.toMatchObject({
      code: 'SERVER_BUSY',
      details: { retryAfterSeconds: RETRY_AFTER_SECONDS.busy },
    });
    // The refused call took nothing: user 3 may still run two exports.
    const e1 = await admission.admit(3, 'export');
    const e2 = await admission.admit(3, 'export');
    running();
    for (const release of [await waiting, e1, e2]) release();
    expect(admission.load).toEqual({
      compute: { running: 0, waiting: 0 },
      export: { running: 0, waiting: 0 },
    });
  });

  it('lets a waiting call leave the line when its client goes away', async () => {
    const admission = new HeavyAdmission(limits);
    const running = await admission.admit(1, 'compute');
    const gone = new AbortController();
    const waiting = admission.admit(2, 'compute', gone.signal);
    gone.abort(new Error('client gone'));
    await expect(waiting).rejects.toThrow('client gone');
    expect(admission.load.compute).toEqual({ running: 1, waiting: 0 });
    // Its place in the user's count is given back too.
    const r1 = admission.admit(2, 'compute');
    const r2 = admission.admit(2, 'export');
    running();
    for (const release of [await r1, await r2]) release();
  });
});
