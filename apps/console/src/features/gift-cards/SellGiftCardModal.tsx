import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Chip, Group, Input, Modal, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { COMPLIMENTARY } from '@lanebook/core/gift-cards';
import type { GiftCardSold } from '@lanebook/core/gift-card-schemas';
import { CARD_PAYMENT_METHOD } from '@lanebook/core/payment-schemas';
import { MoneyInput } from '../../components/fields/MoneyInput';
import { ReasonInput } from '../../components/fields/ReasonInput';
import { VenueDateInput } from '../../components/fields/VenueDateInput';
import { showFieldErrors } from '../../lib/forms';
import { useSession } from '../../lib/session';
import { useVenueFormat } from '../../lib/venue-format';
import { giftCardsKey } from './api/keys';
import { sellGiftCard } from './api/sell-gift-card';

/**
 * Sell a gift card at the desk (giftCards.sell), paid with one of the venue's own methods (cash, a
 * card terminal), or give one away (`complimentary`, giftCards.issue) with a reason. The amount
 * is a preset of the venue's settings or within its custom range (the server holds the rule).
 * `onSold` gets the sale's answer: the only one that holds the full code.
 */
export function SellGiftCardModal({
  complimentary,
  onClose,
  onSold,
}: {
  complimentary: boolean;
  onClose: () => void;
  onSold: (sold: GiftCardSold) => void;
}) {
  const session = useSession();
  const queryClient = useQueryClient();
  const format = useVenueFormat();
  const venue = session.me?.venue;
  const settings = venue?.giftCards;
  // The desk's own methods: "card" is the provider's hosted page, which a card sold at the desk does not use.
  const methods = (venue?.paymentMethods ?? []).filter((name) => name.toLowerCase() !== CARD_PAYMENT_METHOD);
  const [amount, setAmount] = useState<number | null>(null);
  const [method, setMethod] = useState<string | null>(methods[0] ?? null);
  const [reason, setReason] = useState('');
  const [recipientName, setRecipientName] = useState('');
  const [recipientEmail, setRecipientEmail] = useState('');
  const [message, setMessage] = useState('');
  const [deliverAt, setDeliverAt] = useState('');
  const [buyerName, setBuyerName] = useState('');
  const [buyerEmail, setBuyerEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const sell = useMutation({
    mutationFn: () =>
      sellGiftCard({
        amount: amount ?? 0,
        paymentMethod: complimentary ? COMPLIMENTARY : (method ?? ''),
        ...(complimentary ? { reason: reason.trim() } : {}),
        recipientName: recipientName.trim(),
        recipientEmail: recipientEmail.trim(),
        message: message.trim(),
        ...(recipientEmail.trim() && deliverAt ? { deliverAt } : {}),
        buyerName: buyerName.trim(),
        buyerEmail: buyerEmail.trim(),
      }),
    onSuccess: async (sold) => {
      await queryClient.invalidateQueries({ queryKey: giftCardsKey(session.venueId) });
      onSold(sold);
    },
    onError: (error) => showFieldErrors(error, setErrors),
  });

  const range = settings ? `${format.money(settings.customAmountMin)} to ${format.money(settings.customAmountMax)}` : '';
  const title = complimentary ? 'Give away a gift card' : 'Sell a gift card';
  return (
    <Modal opened onClose={onClose} title={title} centered size="lg">
      <form
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          setErrors({});
          if (!amount) setErrors({ amount: 'Enter the amount' });
          else if (complimentary && !reason.trim()) setErrors({ reason: 'Say why the card is given away' });
          else sell.mutate();
        }}
      >
        <Stack>
          {settings?.presetAmounts.length ? (
            <Input.Wrapper label="Preset amounts" id="gift-card-presets" labelElement="div">
              <Group gap="xs" mt={4} role="group" aria-labelledby="gift-card-presets-label">
                {settings.presetAmounts.map((preset) => (
                  <Chip key={preset} checked={amount === preset} onChange={() => setAmount(preset)} variant="outline">
                    {format.money(preset)}
                  </Chip>
                ))}
              </Group>
            </Input.Wrapper>
          ) : null}
          <MoneyInput
            label="Amount"
            description={range ? `A preset amount, or any amount from ${range}` : undefined}
            value={amount}
            onChange={setAmount}
            error={errors.amount}
            required
            data-autofocus
            w={{ base: '100%', xs: 240 }}
          />
          {complimentary ? (
            <ReasonInput
              description="Why the card is given away: kept in its ledger"
              value={reason}
              onChange={setReason}
              error={errors.reason}
              required
            />
          ) : (
            <Select
              label="Payment method"
              description="How the buyer pays for the card at the desk"
              data={methods}
              value={method}
              onChange={setMethod}
              allowDeselect={false}
              error={errors.paymentMethod}
              required
              w={{ base: '100%', xs: 240 }}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Recipient name"
              value={recipientName}
              onChange={(event) => setRecipientName(event.currentTarget.value)}
              error={errors.recipientName}
              maxLength={120}
            />
            <TextInput
              label="Recipient email"
              description="Optional: the code is mailed to it on the delivery day"
              type="email"
              value={recipientEmail}
              onChange={(event) => setRecipientEmail(event.currentTarget.value)}
              error={errors.recipientEmail}
            />
          </SimpleGrid>
          {recipientEmail.trim() ? (
            <VenueDateInput
              label="Delivery date"
              description="Left empty: the mail goes at once"
              value={deliverAt}
              onChange={setDeliverAt}
              error={errors.deliverAt}
              w={{ base: '100%', xs: 240 }}
            />
          ) : null}
          <Textarea
            label="Message"
            description="Printed on the card and written in the recipient's mail"
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            error={errors.message}
            autosize
            minRows={2}
            maxLength={1000}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Buyer name"
              value={buyerName}
              onChange={(event) => setBuyerName(event.currentTarget.value)}
              error={errors.buyerName}
              maxLength={120}
            />
            <TextInput
              label="Buyer email"
              type="email"
              value={buyerEmail}
              onChange={(event) => setBuyerEmail(event.currentTarget.value)}
              error={errors.buyerEmail}
            />
          </SimpleGrid>
          {settings && settings.expiryMonths !== null ? (
            <Text size="xs" c="dimmed">
              Cards are valid for {settings.expiryMonths} months from today.
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={sell.isPending} disabled={!complimentary && !method}>
              {complimentary ? `Give away ${format.money(amount ?? 0)}` : `Sell for ${format.money(amount ?? 0)}`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
