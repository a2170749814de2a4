import { describe, expect, it } from 'vitest';
import {
  changeRoleSchema,
  emailSchema,
  inviteUserSchema,
  onboardingProgressSchema,
  PASSWORD_MIN,
  passwordSchema,
  profileUpdateSchema,
  roleSchema,
  userListQuerySchema,
} from './users.js';
import { PASSWORD_CHANGE_FAILED } from './messages.js';

const firstIssue = (schema: { safeParse(v: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } } }, v: unknown) => {
  const issue = schema.safeParse(v).error?.issues[0];
  return issue ? { path: issue.path.join('.'), message: issue.message } : null;
};

describe('emailSchema', () => {
  it('trims and lowercases', () => {
    expect(emailSchema.parse('  Owner@Demo.TEST ')).toBe('owner@demo.test');
  });
  it.each(['', 'owner', 'owner@', '@demo.test', 'a b@demo.test', `${'x'.repeat(250)}@d.test`])('rejects %j', (value) => {
    expect(emailSchema.safeParse(value).success).toBe(false);
  });
});

describe('roles', () => {
  it('accepts owner, manager and staff only', () => {
    for (const role of ['owner', 'manager', 'staff']) expect(roleSchema.parse(role)).toBe(role);
    for (const role of ['customer', 'admin', 'Owner', '']) {
      expect(firstIssue(roleSchema, role)?.message, role).toBe('Role must be owner, manager or staff');
    }
  });

  it('inviteUserSchema needs email and role and nothing else', () => {
    expect(inviteUserSchema.parse({ email: 'A@B.test', role: 'staff' })).toEqual({ email: 'a@b.test', role: 'staff' });
    expect(firstIssue(inviteUserSchema, { email: 'a@b.test' })?.path).toBe('role');
    expect(firstIssue(inviteUserSchema, { role: 'staff' })?.path).toBe('email');
    expect(firstIssue(inviteUserSchema, { email: 'nope', role: 'staff' })).toEqual({
      path: 'email',
      message: 'Email must be a valid email address',
    });
    expect(inviteUserSchema.safeParse({ email: 'a@b.test', role: 'staff', venueId: 'demo-bowl' }).success).toBe(false);
  });

  it('changeRoleSchema', () => {
    expect(changeRoleSchema.parse({ role: 'manager' })).toEqual({ role: 'manager' });
    expect(firstIssue(changeRoleSchema, { role: 'customer' })?.path).toBe('role');
    expect(changeRoleSchema.safeParse({ role: 'staff', userId: 'x' }).success).toBe(false);
  });
});

describe('userListQuerySchema', () => {
  it('defaults the sort to az and accepts the four sorts', () => {
    expect(userListQuerySchema.parse({})).toEqual({ sort: 'az' });
    for (const sort of ['az', 'za', 'new', 'old']) expect(userListQuerySchema.parse({ sort }).sort).toBe(sort);
    expect(firstIssue(userListQuerySchema, { sort: 'random' })).toEqual({ path: 'sort', message: 'Sort must be az, za, new or old' });
    expect(firstIssue(userListQuerySchema, { role: 'customer' })?.path).toBe('role');
  });
});

describe('profileUpdateSchema', () => {
  it('accepts a partial patch with trimmed text and the three image forms', () => {
    expect(profileUpdateSchema.parse({})).toEqual({});
    expect(profileUpdateSchema.parse({ name: '  Olivia ', phone: ' +1 212 ' })).toEqual({ name: 'Olivia', phone: '+1 212' });
    for (const image of ['', null, 'https://cdn.test/a.png', '/uploads/a.png', 'data:image/png;base64,AAAA']) {
      expect(profileUpdateSchema.safeParse({ image }).success, String(image)).toBe(true);
    }
  });

  it.each([
    [{ name: '' }, 'name', /Name is required/],
    [{ name: 'x'.repeat(121) }, 'name', /at most 120/],
    [{ phone: '1'.repeat(41) }, 'phone', /at most 40/],
    [{ image: 'javascript:alert(1)' }, 'image', /image URL or an uploaded image/],
    [{ image: 'data:text/html;base64,AAAA' }, 'image', /image URL or an uploaded image/],
    [{ image: `data:image/png;base64,${'A'.repeat(300_000)}` }, 'image', /too large/],
  ])('rejects %j naming %s', (value, path, message) => {
    const issue = firstIssue(profileUpdateSchema, value);
    expect(issue?.path).toBe(path);
    expect(issue?.message).toMatch(message);
  });

  it('does not let a profile patch change the email, role or flags', () => {
    for (const field of ['email', 'role', 'isSuperadmin', 'isDisabled', 'id']) {
      expect(profileUpdateSchema.safeParse({ [field]: 'x' }).success, field).toBe(false);
    }
  });
});

describe('passwordSchema', () => {
  it(`needs ${PASSWORD_MIN} to 128 characters`, () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(passwordSchema.safeParse('x'.repeat(8)).success).toBe(true);
    expect(passwordSchema.safeParse('x'.repeat(128)).success).toBe(true);
    expect(firstIssue(passwordSchema, 'x'.repeat(7))?.message).toBe('Password must be at least 8 characters');
    expect(firstIssue(passwordSchema, 'x'.repeat(129))?.message).toBe('Password must be at most 128 characters');
  });

  it('keeps the spec message for a failed change', () => {
    expect(PASSWORD_CHANGE_FAILED).toBe('Password change failed. Double check old password and try again.');
  });
});

describe('onboardingProgressSchema', () => {
  it('accepts steps -1 to 30 and the finished flag', () => {
    for (const currentStep of [-1, 0, 30]) expect(onboardingProgressSchema.safeParse({ currentStep }).success).toBe(true);
    expect(onboardingProgressSchema.parse({ isFinished: true })).toEqual({ isFinished: true });
  });

  it.each([
    [{ currentStep: -2 }, 'currentStep'],
    [{ currentStep: 31 }, 'currentStep'],
    [{ currentStep: 1.5 }, 'currentStep'],
    [{ currentStep: '3' }, 'currentStep'],
    [{ isFinished: 'yes' }, 'isFinished'],
  ])('rejects %j', (value, path) => {
    expect(firstIssue(onboardingProgressSchema, value)?.path).toBe(path);
  });

  it('rejects unknown fields', () => {
    expect(onboardingProgressSchema.safeParse({ step: 1 }).success).toBe(false);
  });
});
