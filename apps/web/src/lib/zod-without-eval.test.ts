import { describe, expect, it } from 'vitest';

describe('zod without eval', () => {
  it('puts zod in jitless mode without importing it first', async () => {
    await import('./zod-without-eval.ts');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
