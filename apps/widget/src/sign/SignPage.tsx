import SignWaiver from './SignWaiver';

/** /widget/booking/<reference>/sign: the friend's link, the signing form alone (nothing filled in from the booking). */
export default function SignPage({ reference }: { reference: string }) {
  return (
    <main className="lb-page">
      <h1 className="lb-step-title">Sign Waiver</h1>
      <SignWaiver reference={reference} prefillBooker={false} />
    </main>
  );
}
