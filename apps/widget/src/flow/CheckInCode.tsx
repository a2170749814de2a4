import { checkInQrUrl } from '../lib/calls';

/** The booking's check-in code (issue 39): its QR code for the desk's scanner, and the code as text under it. */
export function CheckInCode({ reference, code }: { reference: string | null; code: string }) {
  if (!reference || !code) return null;
  return (
    <div className="lb-box" data-testid="check-in-code">
      <p>
        <strong>Show this code at the desk to check in</strong>
      </p>
      <img src={checkInQrUrl(reference)} alt="Check-in QR code" width={180} height={180} style={{ display: 'block' }} />
      <p className="lb-muted" style={{ wordBreak: 'break-all', fontFamily: 'monospace' }}>
        {code}
      </p>
    </div>
  );
}
