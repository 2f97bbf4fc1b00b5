import { AppError } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import { TokenRateLimiter } from './bearer.ts';

function refusal(run: () => void): AppError | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

describe('TokenRateLimiter', () => {
  it('lets a token make its calls per minute, refuses the next until the minute is over, per token', () => {
    const limiter = new TokenRateLimiter(3);
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) expect(refusal(() => limiter.take(1, t0 + i))).toBeUndefined();
    const refused = refusal(() => limiter.take(1, t0 + 20_000));
    expect(refused?.code).toBe('ACCESS_TOKEN_RATE_LIMITED');
    expect(refused?.details).toEqual({ limit: 3, retryAfterSeconds: 40 });
    expect(refusal(() => limiter.take(2, t0 + 20_000))).toBeUndefined();
    expect(refusal(() => limiter.take(1, t0 + 59_999))?.details['retryAfterSeconds']).toBe(1);
    expect(refusal(() => limiter.take(1, t0 + 60_000))).toBeUndefined();
  });
});
