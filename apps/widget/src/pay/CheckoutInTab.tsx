/** While the provider's checkout is open in another tab (Stripe's page cannot be framed): the page follows the payment. */
export function CheckoutInTab({ url }: { url: string | null }) {
  return (
    <div className="lb-box" aria-live="polite">
      <p>Finish the payment in the new tab. This page moves on as soon as the payment arrives.</p>
      {url ? (
        <p>
          <a href={url} target="_blank" rel="noopener noreferrer">
            Open the payment page again
          </a>
        </p>
      ) : null}
    </div>
  );
}
