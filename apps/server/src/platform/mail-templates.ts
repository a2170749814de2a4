import type { OutgoingMail } from './mail.js';

/** Mails the platform itself sends (venue mailing templates come with the mailing issue). */
export function passwordResetMail(input: { email: string; name: string; url: string; isInvitation: boolean }): OutgoingMail {
  const greeting = input.name ? `Hello ${input.name},` : 'Hello,';
  if (input.isInvitation) {
    return {
      to: [input.email],
      kind: 'invitation',
      subject: 'You have been invited to Lanebook',
      text: `${greeting}\n\nYou have been invited to manage a venue on Lanebook. Set your password to sign in:\n\n${input.url}\n\nThe link is valid for 24 hours.\n`,
    };
  }
  return {
    to: [input.email],
    kind: 'password-reset',
    subject: 'Reset your Lanebook password',
    text: `${greeting}\n\nSomeone asked to reset the password of your Lanebook account. To choose a new password, open:\n\n${input.url}\n\nThe link is valid for 24 hours. If you did not ask for this, you can ignore this mail.\n`,
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
