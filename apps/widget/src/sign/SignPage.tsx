import SignWaiver, { type WaiverKey } from './SignWaiver';

/**
 * The signing form alone, nothing filled in from the booking: /widget/sign/<token>, the friends'
 * sign-only link (decision 023), and /widget/booking/<reference>/sign, which mails sent before it still link.
 */
export default function SignPage({ by }: { by: WaiverKey }) {
  return (
    <main className="lb-page">
      <h1 className="lb-step-title">Sign Waiver</h1>
      <SignWaiver by={by} prefillBooker={false} />
    </main>
  );
}
