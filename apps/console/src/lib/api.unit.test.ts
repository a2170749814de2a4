import { describe, expect, test } from 'vitest';
import { INTERNAL_ERROR } from '@lanebook/core/messages';
import { ApiError, errorMessage, itemOperationOf } from './api';

describe('errorMessage (the order of decision 036)', () => {
  test("an API failure's chosen message, else the error's, else a nested cause's, else the generic text", () => {
    expect(errorMessage(new ApiError(502, 'error', 'Upstream timed out'))).toBe('Upstream timed out');
    expect(errorMessage(new Error('Quota exceeded'))).toBe('Quota exceeded');
    expect(errorMessage(new Error('', { cause: new Error('Disk full') }))).toBe('Disk full');
    expect(errorMessage({ cause: new Error('Socket closed') })).toBe('Socket closed');
    expect(errorMessage(new Error(''))).toBe(INTERNAL_ERROR);
    expect(errorMessage('a string')).toBe(INTERNAL_ERROR);
  });
});

describe('itemOperationOf', () => {
  test("the failed request's method names the operation", () => {
    const failed = (method: string) => new ApiError(500, 'error', 'x', [], method);
    expect(itemOperationOf(failed('GET'))).toBe('receiving');
    expect(itemOperationOf(failed('POST'))).toBe('creating');
    expect(itemOperationOf(failed('PUT'))).toBe('updating');
    expect(itemOperationOf(failed('PATCH'))).toBe('updating');
    expect(itemOperationOf(failed('DELETE'))).toBe('deleting');
    expect(itemOperationOf(new Error('not a call'))).toBe('receiving');
  });
});
