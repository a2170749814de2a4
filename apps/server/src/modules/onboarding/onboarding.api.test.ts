import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/each-database.js';

describeEachDatabase('onboarding progress', (t) => {
  it('starts not started: currentStep -1, not finished', async () => {
    const caller = await t.newCaller();
    const response = await caller.get('/api/private/onboarding');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ currentStep: -1, isFinished: false });
  });

  it('saves the step, keeps what is not sent, and reports it in /me too', async () => {
    const caller = await t.newCaller();
    const saved = await caller.put('/api/private/onboarding', { currentStep: 5 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ currentStep: 5, isFinished: false });
    expect((await caller.put('/api/private/onboarding', { currentStep: 6 })).json()).toEqual({ currentStep: 6, isFinished: false });
    expect((await caller.put('/api/private/onboarding', {})).json()).toEqual({ currentStep: 6, isFinished: false });
    expect((await caller.get('/api/private/onboarding')).json()).toEqual({ currentStep: 6, isFinished: false });
    expect((await caller.get('/api/private/me')).json().onboarding).toEqual({ currentStep: 6, isFinished: false });
  });

  it('finishing sets isFinished and currentStep -1, whatever step was sent', async () => {
    const caller = await t.newCaller();
    await caller.put('/api/private/onboarding', { currentStep: 12 });
    const finished = await caller.put('/api/private/onboarding', { isFinished: true, currentStep: 30 });
    expect(finished.statusCode).toBe(200);
    expect(finished.json()).toEqual({ currentStep: -1, isFinished: true });
    expect((await caller.get('/api/private/onboarding')).json()).toEqual({ currentStep: -1, isFinished: true });
  });

  it('is kept per user', async () => {
    const first = await t.newCaller();
    const second = await t.newCaller();
    await first.put('/api/private/onboarding', { currentStep: 9 });
    expect((await second.get('/api/private/onboarding')).json()).toEqual({ currentStep: -1, isFinished: false });
  });

  it('refuses steps outside -1 to 30, non-booleans and unknown fields, writing nothing', async () => {
    const caller = await t.newCaller();
    await caller.put('/api/private/onboarding', { currentStep: 2 });
    const cases: [unknown, string][] = [
      [{ currentStep: 31 }, 'currentStep'],
      [{ currentStep: -2 }, 'currentStep'],
      [{ currentStep: 2.5 }, 'currentStep'],
      [{ currentStep: '3' }, 'currentStep'],
      [{ isFinished: 'yes' }, 'isFinished'],
      [{ userId: 'someone-else' }, 'userId'],
    ];
    await t.expectNoWrites(async () => {
      for (const [body, path] of cases) {
        const response = await caller.put('/api/private/onboarding', body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().code).toBe('validation_failed');
        expect(response.json().details.fields.map((f: { path: string }) => f.path)).toEqual([path]);
      }
    });
    expect((await caller.get('/api/private/onboarding')).json()).toEqual({ currentStep: 2, isFinished: false });
  });

  it('needs sign-in', async () => {
    expect((await t.request('GET', '/api/private/onboarding')).statusCode).toBe(401);
    expect((await t.request('PUT', '/api/private/onboarding', { body: { currentStep: 1 } })).statusCode).toBe(401);
  });
});
