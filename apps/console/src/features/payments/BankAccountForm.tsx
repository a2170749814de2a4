import { useEffect } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Group, Stack } from '@mantine/core';
import type { z } from '@lanebook/core/zod';
import { bankAccountCreateSchema, type BankAccount } from '@lanebook/core/payment-schemas';
import { COUNTRIES } from '@lanebook/core/venue';
import { useSession } from '../../lib/session';
import { showFieldErrors } from '../../lib/forms';
import { notifyItemError } from '../../lib/notify';
import { SelectField, TextField } from '../../components/fields/form-fields';
import { createBankAccount } from './api/create-bank-account';
import { paymentsKey } from './api/keys';

type BankAccountInput = z.input<typeof bankAccountCreateSchema>;
type BankAccountValues = z.output<typeof bankAccountCreateSchema>;
type Country = BankAccountInput['country'];

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));

/** What each country calls its numbers, and how they are written. */
const NUMBERS: Record<Country, { currency: string; account: string; routing: string; routingHint: string; routingPlaceholder: string }> = {
  US: {
    currency: 'USD',
    account: '4 to 17 digits.',
    routing: 'Routing number',
    routingHint: 'The 9-digit ABA routing number printed on a cheque.',
    routingPlaceholder: '110000000',
  },
  CA: {
    currency: 'CAD',
    account: '7 to 12 digits.',
    routing: 'Transit and institution numbers',
    routingHint: 'The 5-digit transit and 3-digit institution numbers, e.g. 11000-000.',
    routingPlaceholder: '11000-000',
  },
};

/**
 * Adds a bank account where the venue's payouts go (its currency follows the country). Used by
 * the bank accounts settings and the onboarding step; `onSaved` decides where to go next.
 */
export function BankAccountForm({ onSaved }: { onSaved: (account: BankAccount) => void | Promise<void> }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const venueCountry = session.me?.venue?.country;
  const form = useForm<BankAccountInput, unknown, BankAccountValues>({
    resolver: zodResolver(bankAccountCreateSchema),
    defaultValues: {
      accountHolderName: '',
      country: venueCountry === 'CA' ? 'CA' : 'US',
      accountNumber: '',
      routingNumber: '',
      isDefaultForCurrency: false,
    },
  });
  const country = form.watch('country');
  const numbers = NUMBERS[country] ?? NUMBERS.US;
  const { isSubmitted } = form.formState;
  // The numbers' rules depend on the country: after a first submit, check them again against the new one.
  useEffect(() => {
    if (isSubmitted) void form.trigger(['accountNumber', 'routingNumber']);
  }, [country, isSubmitted, form]);

  const save = useMutation({
    mutationFn: createBankAccount,
    onSuccess: async (account) => {
      // The list, and the venue's status (a first account can make it active).
      await queryClient.invalidateQueries({ queryKey: paymentsKey(session.venueId) });
      await onSaved(account);
    },
    onError: (error) =>
      // The server checks with the same schema: its field paths are the form's names.
      showFieldErrors(error, (fields) => {
        const known = new Set(Object.keys(form.getValues()));
        const other: string[] = [];
        for (const [path, message] of Object.entries(fields)) {
          if (known.has(path)) form.setError(path as Path<BankAccountInput>, { type: 'server', message });
          else other.push(message);
        }
        if (other.length) notifyItemError('creating', new Error(other.join(' ')));
      }),
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} data-testid="bank-account-form">
      <Stack gap="md">
        <TextField control={form.control} name="accountHolderName" label="Account holder name" withAsterisk autoComplete="off" />
        <SelectField
          control={form.control}
          name="country"
          label="Country"
          data={COUNTRY_OPTIONS}
          description={`Payouts to this account are in ${numbers.currency}.`}
          withAsterisk
        />
        <TextField
          control={form.control}
          name="accountNumber"
          label="Account number"
          description={numbers.account}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          withAsterisk
        />
        <TextField
          control={form.control}
          name="routingNumber"
          label={numbers.routing}
          description={numbers.routingHint}
          placeholder={numbers.routingPlaceholder}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          withAsterisk
        />
        <Controller
          control={form.control}
          name="isDefaultForCurrency"
          render={({ field }) => (
            <Checkbox
              ref={field.ref}
              name={field.name}
              label="Default for its currency"
              description={`Payouts in ${numbers.currency} go to this account.`}
              checked={Boolean(field.value)}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
            />
          )}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Add bank account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
