import { SimpleGrid, TextInput, Textarea } from '@mantine/core';
import type { ReservationInfo } from '@lanebook/core/booking-schemas';

export type ReservationDraft = Omit<ReservationInfo, 'note'> & { note: string };
export const EMPTY_RESERVATION: ReservationDraft = { firstName: '', lastName: '', email: '', phone: '', note: '' };

/** The customer's name, email, phone and note: the booking form's and the personal info page's. */
export function ReservationFields({
  value,
  onChange,
  errors,
  phoneFormat,
}: {
  value: ReservationDraft;
  onChange: (next: ReservationDraft) => void;
  /** Server field errors by path, `reservationInfo.firstName`... */
  errors: Record<string, string>;
  phoneFormat?: string;
}) {
  const field = (key: keyof ReservationDraft) => ({
    value: value[key],
    onChange: (event: { currentTarget: { value: string } }) => onChange({ ...value, [key]: event.currentTarget.value }),
    error: errors[`reservationInfo.${key}`],
  });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label="First name" required autoComplete="off" {...field('firstName')} />
      <TextInput label="Last name" required autoComplete="off" {...field('lastName')} />
      <TextInput label="Email" type="email" required autoComplete="off" {...field('email')} />
      <TextInput label="Phone" type="tel" placeholder={phoneFormat?.replace(/#/g, '0')} autoComplete="off" {...field('phone')} />
      <Textarea label="Note" autosize minRows={2} style={{ gridColumn: '1 / -1' }} {...field('note')} />
    </SimpleGrid>
  );
}
