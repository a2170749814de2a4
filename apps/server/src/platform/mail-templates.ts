import type { OutgoingMail } from './mail.js';

/**
 * Text that someone other than Lanebook wrote (a venue name, a person's name) as it may appear
 * in platform mail (decision 008): on one line, at most `max` characters with an ellipsis, in
 * quotes, and defanged so that no mail client turns it into a link: "://" becomes "[:]//" and
 * a dot between letters or digits becomes "[.]". It never goes into a subject line.
 */
export function quotedUserText(text: string, max = 60): string {
  // eslint-disable-next-line no-control-regex
  let value = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\s]+/g, ' ').trim();
  value = value.replace(/["“”]/g, "'");
  if (value.length > max) value = `${value.slice(0, max - 1).trimEnd()}…`;
  value = value.replace(/:\/\//g, '[:]//').replace(/(?<=[\p{L}\p{N}])\.(?=[\p{L}\p{N}])/gu, '[.]');
  return `“${value}”`;
}

/** Every value of an HTML mail goes through this (no platform mail is HTML today). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/**
 * Mails the platform itself sends (venue mailing templates come with the mailing issue).
 * The person's name is not used: a greeting is no reason to carry text someone else may have set.
 */
export function passwordResetMail(input: { email: string; name: string; url: string; isInvitation: boolean }): OutgoingMail {
  if (input.isInvitation) {
    return {
      to: [input.email],
      kind: 'invitation',
      subject: 'You have been invited to Lanebook',
      text: `Hello,\n\nYou have been invited to manage a venue on Lanebook. Set your password to sign in:\n\n${input.url}\n\nThe link is valid for 24 hours.\n`,
    };
  }
  return {
    to: [input.email],
    kind: 'password-reset',
    subject: 'Reset your Lanebook password',
    text: `Hello,\n\nSomeone asked to reset the password of your Lanebook account. To choose a new password, open:\n\n${input.url}\n\nThe link is valid for 24 hours. If you did not ask for this, you can ignore this mail.\n`,
  };
}

/**
 * The one invitation to a venue, for an existing account and for a new email alike (decision
 * 008). `setPasswordUrl` is there when the account has no password yet: following it sets one
 * and accepts the invitation; otherwise the person signs in and accepts at `invitationsUrl`.
 * The venue's name is in the text only, quoted and defanged; the subject is Lanebook's own.
 */
export function venueInvitationMail(input: {
  email: string;
  venueId: string;
  venueName: string;
  role: string;
  invitationsUrl: string;
  setPasswordUrl?: string;
  validDays: number;
}): OutgoingMail {
  const how = input.setPasswordUrl
    ? `To accept, set your password (the link is valid for 24 hours):\n\n${input.setPasswordUrl}\n\n` +
      `If the link has expired, ask for a new password on the sign-in page, then accept the invitation at:\n\n${input.invitationsUrl}\n`
    : `To accept or decline, sign in to Lanebook:\n\n${input.invitationsUrl}\n`;
  return {
    to: [input.email],
    kind: 'venue-invitation',
    venueId: input.venueId,
    subject: 'You are invited to a venue on Lanebook',
    text:
      `Hello,\n\nYou have been invited to join the venue ${quotedUserText(input.venueName)} on Lanebook as ${input.role}.\n\n${how}\n` +
      `The invitation is valid for ${input.validDays} days. Nothing changes for you until you accept it; ` +
      `if you do not know this venue, ignore this mail.\n`,
  };
}

export function emailChangedMail(input: { oldEmail: string; newEmail: string }): OutgoingMail {
  return {
    to: [input.oldEmail],
    kind: 'email-changed',
    subject: 'Your Lanebook sign-in email was changed',
    text: `The sign-in email of your Lanebook account was changed from ${input.oldEmail} to ${input.newEmail}.\nIf you did not do this, contact your venue owner at once.\n`,
  };
}

/** Self-service sign-up: the account signs in once the address is confirmed through this link. */
export function verifyEmailMail(input: { email: string; url: string }): OutgoingMail {
  return {
    to: [input.email],
    kind: 'verify-email',
    subject: 'Confirm your email address for Lanebook',
    text: `Hello,\n\nTo finish creating your Lanebook account, confirm this email address by opening:\n\n${input.url}\n\nThe link is valid for 24 hours. If you did not sign up, you can ignore this mail: no account is usable without it.\n`,
  };
}

/**
 * Sign-up with an address that already has an account answers like any sign-up (so nobody
 * learns which addresses have accounts) and tells the owner of the address instead.
 */
export function signUpAttemptMail(input: { email: string; signInUrl: string; resetUrl: string }): OutgoingMail {
  return {
    to: [input.email],
    kind: 'sign-up-attempt',
    subject: 'Someone tried to sign up to Lanebook with your email',
    text: `Hello,\n\nSomeone tried to create a new Lanebook account with this email address, which already has an account.\n\nIf it was you, sign in at ${input.signInUrl}, or choose a new password at ${input.resetUrl} if you forgot it.\nIf it was not you, you can ignore this mail: nothing was changed.\n`,
  };
}
