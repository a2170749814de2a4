import { SimpleGrid, TextInput, Textarea } from '@mantine/core';
import type { ReservationDraft } from '@lanebook/core/booking-form';

export type { ReservationDraft };
export const EMPTY_RESERVATION: ReservationDraft = { firstName: '', lastName: '', email: '', phone: '', note: '' };

/**
 * The customer's name, email, phone and note: the booking form's and the personal info page's.
 * At the desk email and phone are optional, and a walk-in may give no name at all (the server
 * names them "Walk-in"); a caller gives a first or a last name.
 */
export function ReservationFields({
  value,
  onChange,
  errors,
  phoneFormat,
  isWalkIn = false,
}: {
  value: ReservationDraft;
  onChange: (next: ReservationDraft) => void;
  /** Server field errors by path, `reservationInfo.firstName`... */
  errors: Record<string, string>;
  phoneFormat?: string;
  isWalkIn?: boolean;
}) {
  const field = (key: keyof ReservationDraft) => ({
    value: value[key],
    onChange: (event: { currentTarget: { value: string } }) => onChange({ ...value, [key]: event.currentTarget.value }),
    error: errors[`reservationInfo.${key}`],
  });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label="First name" placeholder={isWalkIn ? 'Walk-in' : undefined} autoComplete="off" {...field('firstName')} />
      <TextInput label="Last name" autoComplete="off" {...field('lastName')} />
      <TextInput label="Email" type="email" placeholder="Optional" autoComplete="off" {...field('email')} />
      <TextInput label="Phone" type="tel" placeholder={phoneFormat?.replace(/#/g, '0')} autoComplete="off" {...field('phone')} />
      <Textarea label="Note" autosize minRows={2} style={{ gridColumn: '1 / -1' }} {...field('note')} />
    </SimpleGrid>
  );
}
