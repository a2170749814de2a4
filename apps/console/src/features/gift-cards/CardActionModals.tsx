import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SegmentedControl, Text, TextInput } from '@mantine/core';
import type { GiftCard } from '@lanebook/core/gift-card-schemas';
import { ActionForm } from '../../components/ActionForm';
import { MoneyInput } from '../../components/fields/MoneyInput';
import { ReasonInput } from '../../components/fields/ReasonInput';
import { ApiError } from '../../lib/api';
import { showFile } from '../../lib/download';
import { showFieldErrors } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { useVenueFormat } from '../../lib/venue-format';
import { adjustGiftCard } from './api/adjust-gift-card';
import { disableGiftCard } from './api/disable-gift-card';
import { giftCardsKey } from './api/keys';
import { printableGiftCard } from './api/print-gift-card';
import { resendGiftCard } from './api/resend-gift-card';
import { cardName } from './format';

interface ActionModalProps {
  card: GiftCard;
  onClose: () => void;
}

/** A card's action as a mutation that refreshes the venue's cards and closes its dialog with a word of what it did. */
function useCardAction<T>(
  run: () => Promise<T>,
  done: (answer: T) => string,
  onClose: () => void,
  setErrors: (f: Record<string, string>) => void,
) {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (answer) => {
      notifySuccess(done(answer));
      await queryClient.invalidateQueries({ queryKey: giftCardsKey(session.venueId) });
      onClose();
    },
    onError: (error) => showFieldErrors(error, setErrors),
  });
}

/** Adjust (giftCards.issue): adds to or takes off the balance, with why, as an adjusted ledger entry. */
export function AdjustModal({ card, onClose }: ActionModalProps) {
  const format = useVenueFormat();
  const [direction, setDirection] = useState<'add' | 'take'>('add');
  const [amount, setAmount] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const signed = (amount ?? 0) * (direction === 'take' ? -1 : 1);
  const adjust = useCardAction(
    () => adjustGiftCard(card.id, { amount: signed, reason: reason.trim() }),
    (answer) => `Balance now ${format.money(answer.balance)}`,
    onClose,
    setErrors,
  );
  return (
    <ActionForm
      title={`Adjust ${cardName(card.last4)}`}
      onClose={onClose}
      submitLabel={direction === 'add' ? `Add ${format.money(amount ?? 0)}` : `Take off ${format.money(amount ?? 0)}`}
      busy={adjust.isPending}
      onSubmit={() => {
        setErrors({});
        if (!amount) setErrors({ amount: 'Enter the amount' });
        else if (direction === 'take' && amount > card.balance) setErrors({ amount: `The card holds ${format.money(card.balance)}` });
        else if (!reason.trim()) setErrors({ reason: 'Say why the balance changes' });
        else adjust.mutate();
      }}
    >
      <Text size="sm">Balance now {format.money(card.balance)}.</Text>
      <SegmentedControl
        aria-label="Adjustment"
        data={[
          { value: 'add', label: 'Add to the balance' },
          { value: 'take', label: 'Take off the balance' },
        ]}
        value={direction}
        onChange={(value) => setDirection(value as 'add' | 'take')}
      />
      <MoneyInput label="Amount" value={amount} onChange={setAmount} error={errors.amount} required data-autofocus />
      <ReasonInput description="Kept in the card's ledger" value={reason} onChange={setReason} error={errors.reason} required />
    </ActionForm>
  );
}

/** Disable (giftCards.issue): the code pays nothing from now on; the balance stays in the ledger. */
export function DisableModal({ card, onClose }: ActionModalProps) {
  const format = useVenueFormat();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const disable = useCardAction(
    () => disableGiftCard(card.id, reason.trim()),
    () => 'Gift card disabled',
    onClose,
    setErrors,
  );
  return (
    <ActionForm
      title={`Disable ${cardName(card.last4)}`}
      onClose={onClose}
      submitLabel="Disable card"
      danger
      busy={disable.isPending}
      onSubmit={() => {
        setErrors({});
        disable.mutate();
      }}
    >
      <Text size="sm">
        Its code pays nothing from now on, online or at the desk. The {format.money(card.balance)} it holds stays in its ledger. A disabled
        card cannot be enabled again.
      </Text>
      <ReasonInput
        description="Optional: lost, stolen, sold by mistake…"
        value={reason}
        onChange={setReason}
        error={errors.reason}
        data-autofocus
      />
    </ActionForm>
  );
}

/** Resend (giftCards.sell): the recipient's mail with the code, again, to the address on the card or a corrected one. */
export function ResendModal({ card, onClose }: ActionModalProps) {
  const [email, setEmail] = useState(card.recipientEmail);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const typed = email.trim();
  const resend = useCardAction(
    () => resendGiftCard(card.id, typed && typed !== card.recipientEmail ? typed : undefined),
    (answer) => `Gift card mail sent to ${answer.recipientEmail}`,
    onClose,
    setErrors,
  );
  return (
    <ActionForm
      title={`Resend ${cardName(card.last4)}`}
      onClose={onClose}
      submitLabel="Send"
      busy={resend.isPending}
      onSubmit={() => {
        setErrors({});
        if (!typed) setErrors({ recipientEmail: 'Enter the recipient’s email' });
        else resend.mutate();
      }}
    >
      <Text size="sm">The recipient gets the gift card mail with the full code and the printable card again, now.</Text>
      <TextInput
        label="Recipient email"
        description="A corrected address is kept as the recipient's"
        type="email"
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
        error={errors.recipientEmail}
        required
        data-autofocus
      />
    </ActionForm>
  );
}

/**
 * Print (giftCards.sell): the printable card again. Lanebook never keeps a code it could show, so
 * the desk types the code from the card (or the buyer's mail) and the server checks it is this card's.
 */
export function PrintModal({ card, onClose }: ActionModalProps) {
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const print = useMutation({
    mutationFn: async (tab: Window | null) => showFile(await printableGiftCard(card.id, code), tab),
    onSuccess: onClose,
    onError: (error, tab) => {
      tab?.close();
      // The server answers another card's code (or none of the venue's) as not found: said at the code.
      if (error instanceof ApiError && error.status === 404)
        setErrors({ code: 'This is not the code of this card. Check it and try again.' });
      else showFieldErrors(error, setErrors);
    },
  });
  return (
    <ActionForm
      title={`Print ${cardName(card.last4)}`}
      onClose={onClose}
      submitLabel="Print card (PDF)"
      busy={print.isPending}
      onSubmit={() => {
        setErrors({});
        if (!code.trim()) setErrors({ code: 'Enter the card’s code' });
        // The tab opens on the submit itself; the PDF fills it once it is made.
        else print.mutate(window.open('', '_blank'));
      }}
    >
      <Text size="sm">
        The full code is shown only once, when the card is sold, and never stored where it can be read. Type it from the card to print it
        again.
      </Text>
      <TextInput
        label="Gift card code"
        placeholder="XXXX-XXXX-XXXX-XXXX-XXXX"
        value={code}
        onChange={(event) => setCode(event.currentTarget.value)}
        error={errors.code}
        autoComplete="off"
        ff="monospace"
        required
        data-autofocus
      />
    </ActionForm>
  );
}
