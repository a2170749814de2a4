import { useState } from 'react';
import { Controller, get, useForm, type FieldErrors, type FieldPath } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Chip,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { venueToday } from '@lanebook/core/calendar';
import {
  bookingChange,
  repricingOf,
  slotRun,
  slotsFrom,
  staffBookingRequest,
  upsellChoices,
  type CustomFieldValue,
} from '@lanebook/core/booking-form';
import type { BookingDetail } from '@lanebook/core/booking-schemas';
import { venueKey } from '../../lib/query-keys';
import { useSession } from '../../lib/session';
import { ApiError, errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { showFieldErrors } from '../../lib/forms';
import { FullPageLoader } from '../../components/FullPageLoader';
import { LoadError } from '../../components/LoadError';
import { MoneyField, SelectField, TextField } from '../../components/fields/form-fields';
import { VenueDateInput } from '../../components/fields/VenueDateInput';
import { bookingAffiliatesQuery, bookingProductsQuery, bookingUpsellItemsQuery, type BookingProduct } from './api/catalog-lists';
import { createBooking } from './api/create-booking';
import { daySlotsQuery } from './api/day-slots';
import { bookingQuery } from './api/get-booking';
import { slotQuery } from './api/get-slot';
import { changeQuoteQuery } from './api/quote-change';
import { bookingsKey } from './api/keys';
import { staffPriceQuery } from './api/staff-price';
import { updateBooking } from './api/update-booking';
import { ChangeSummary } from '../../components/booking-price/ChangeSummary';
import { PriceLines } from '../../components/booking-price/PriceLines';
import { EMPTY_RESERVATION, ReservationFields, type ReservationDraft } from './ReservationFields';
import { GuestMatch } from './GuestMatch';
import { durationLabel } from './format';
import { useVenueFormat } from '../../lib/venue-format';

/** What a link to the new-booking page fills in (the lane view's free cells), and what of it was ignored. */
interface Prefill {
  productId: string | null;
  date: string | null;
  slots: string[];
  lanes: string[];
  notices: string[];
}

/** The form's fields, named as the request names them, so the server's field errors land on them. */
interface BookingFormValues {
  productId: string | null;
  date: string;
  slots: string[];
  /** How many slots in a row the booking takes: choosing another time keeps it (a move keeps the length). */
  length: number;
  playersCount: number;
  resourceIds: string[];
  reservationInfo: ReservationDraft;
  customFields: Record<string, CustomFieldValue>;
  /** Extras by item id; the request lists those above 0 as upsellItems. */
  upsellQuantities: Record<string, number>;
  selectedGroupId: string | null;
  promocode: string;
  affiliateId: string | null;
  isWalkIn: boolean;
  isFullFirstPayment: boolean;
  isConfirmationEmail: boolean;
  customPrice: number | null;
}

const valuesOf = (booking: BookingDetail | undefined, prefill: Prefill | undefined, today: string): BookingFormValues => ({
  productId: booking?.productId ?? prefill?.productId ?? null,
  date: booking?.date ?? prefill?.date ?? today,
  slots: booking?.slotIds ?? prefill?.slots ?? [],
  length: Math.max(1, booking?.slotIds.length ?? prefill?.slots.length ?? 1),
  playersCount: booking?.playersCount ?? 2,
  resourceIds: booking?.resourceIds ?? prefill?.lanes ?? [],
  reservationInfo: booking?.reservationInfo ?? EMPTY_RESERVATION,
  customFields: (booking?.customFields as Record<string, CustomFieldValue> | undefined) ?? {},
  upsellQuantities: Object.fromEntries((booking?.upsellItems ?? []).map((u) => [u.id, u.quantity])),
  selectedGroupId: booking?.selectedGroupId ?? null,
  promocode: '',
  affiliateId: null,
  isWalkIn: false,
  isFullFirstPayment: true,
  isConfirmationEmail: true,
  customPrice: booking?.customPrice ?? null,
});

/** The booking form: a new booking (/bookings/create) or a change to one (/bookings/{id}/edit). */
function BookingForm({ booking, prefill }: { booking?: BookingDetail; prefill?: Prefill }) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const format = useVenueFormat();
  const venue = session.me?.venue;
  const products = useQuery(bookingProductsQuery(session.venueId));
  const affiliates = useQuery(bookingAffiliatesQuery(session.venueId));
  const upsells = useQuery(bookingUpsellItemsQuery(session.venueId));

  // No client rules: the server checks, and its field errors stay under their fields until the next save.
  const form = useForm<BookingFormValues>({
    defaultValues: valuesOf(booking, prefill, venueToday(format.timezone)),
    reValidateMode: 'onSubmit',
  });
  const values = form.watch();
  const { productId, date, slots, length, playersCount, resourceIds: lanes, reservationInfo: info, customFields, customPrice } = values;
  // A booking's lanes follow a move (kept when free, else chosen again) until staff choose lanes themselves.
  const [lanesChosen, setLanesChosen] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  // By the request's path: reservationInfo.firstName, and upsellItems, which no field of the form is named.
  const errorOf = (path: string) => get<FieldErrors, { message?: string } | undefined>(form.formState.errors, path)?.message;

  const product: BookingProduct | undefined = products.data?.find((p) => p.id === productId);
  const daySlots = useQuery(daySlotsQuery(session.venueId, productId, date));
  const upsellItems = upsellChoices(values.upsellQuantities);
  const mayCustomPrice = session.can('bookings.setCustomPrice');
  const editing = Boolean(booking);

  const change = booking
    ? bookingChange(booking, {
        slots,
        playersCount,
        resourceIds: lanes,
        lanesChosen,
        upsellItems,
        customPrice,
        mayCustomPrice,
        reservationInfo: info,
        customFields,
      })
    : {};
  const repricingChange = booking && slots.length ? repricingOf(change) : null;
  const price = useQuery(
    staffPriceQuery(
      session.venueId,
      !booking && productId && slots.length
        ? {
            productId,
            slots,
            playersCount,
            promocode: values.promocode.trim() || undefined,
            affiliateId: values.affiliateId ?? undefined,
            upsellItems,
          }
        : null,
    ),
  );
  const changeQuote = useQuery(changeQuoteQuery(session.venueId, booking?.id ?? '', repricingChange));

  const dayRun = (startId: string) => slotRun(daySlots.data ?? [], startId);
  /** Choosing a time moves the whole booking there: its slots are replaced by as many in a row from the new start. */
  const chooseStart = (id: string) => form.setValue('slots', slotsFrom(daySlots.data ?? [], id, length));
  const chooseLength = (next: number) => {
    form.setValue('length', next);
    if (slots[0]) form.setValue('slots', slotsFrom(daySlots.data ?? [], slots[0], next));
  };
  const startRun = slots[0] ? dayRun(slots[0]) : [];
  const lengthOptions = Array.from({ length: Math.max(length, startRun.length, 1) }, (_, i) => ({
    value: String(i + 1),
    label: startRun[i] ? durationLabel(startRun[0]!.startsAt, startRun[i]!.endsAt) : `${i + 1} slot${i ? 's' : ''}`,
  }));
  const slotSpan = (slot: { startsAt: string; endsAt: string }) => `${format.time(slot.startsAt)}–${format.time(slot.endsAt)}`;

  const showError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) {
      setConflict(error.message);
      void queryClient.invalidateQueries({ queryKey: venueKey(session.venueId, 'calendar') });
      return;
    }
    showFieldErrors(error, (fields) => {
      for (const [path, message] of Object.entries(fields))
        form.setError(path as FieldPath<BookingFormValues>, { type: 'server', message });
    });
  };

  const save = useMutation({
    mutationFn: (submitted: BookingFormValues) => {
      if (booking) return updateBooking(booking.id, change);
      return createBooking(
        staffBookingRequest(
          {
            productId: submitted.productId ?? '',
            date: submitted.date,
            slots: submitted.slots,
            playersCount: submitted.playersCount,
            reservationInfo: submitted.reservationInfo,
            upsellQuantities: submitted.upsellQuantities,
            customFields: submitted.customFields,
            selectedGroupId: submitted.selectedGroupId,
            promocode: submitted.promocode,
            affiliateId: submitted.affiliateId,
          },
          {
            resourceIds: submitted.resourceIds,
            ...(mayCustomPrice ? { customPrice: submitted.customPrice } : {}),
            isWalkIn: submitted.isWalkIn,
            isFullFirstPayment: submitted.isFullFirstPayment,
            isConfirmationEmail: submitted.isConfirmationEmail,
          },
        ),
      );
    },
    onSuccess: async (saved, submitted) => {
      if (booking) {
        const difference =
          saved.due > 0 ? `collect ${format.money(saved.due)}` : saved.overpaid > 0 ? `refund ${format.money(saved.overpaid)}` : '';
        notifySuccess(difference ? `Booking changed: ${difference}` : 'Booking changed');
      } else
        notifySuccess(
          `Booking ${saved.registrationCode} created` +
            (submitted.isConfirmationEmail && !saved.reservationInfo.email ? ': no confirmation mailed, no email given' : ''),
        );
      await queryClient.invalidateQueries({ queryKey: bookingsKey(session.venueId) });
      await queryClient.invalidateQueries({ queryKey: venueKey(session.venueId, 'calendar') });
      // A walk-in pays now: the desk goes straight to collecting.
      const collectNow = !booking && saved.isWalkIn && saved.due > 0 && session.can('bookings.collect');
      await navigate(`/bookings/${saved.id}/${collectNow ? 'checkout' : 'view'}`);
    },
    onError: showError,
  });

  const quote = price.data;
  const total = customPrice ?? quote?.total ?? null;
  // The booking after the change as the server would make it; unchanged time and price: the booking as it is.
  const after = booking ? (repricingChange ? changeQuote.data : { ...booking, previousTotal: booking.total }) : undefined;
  const unchanged = editing && Object.keys(change).length === 0;
  const fields = Object.entries(product?.customFields ?? {}).sort(([, a], [, b]) => a.sortWeight - b.sortWeight);
  const reservationErrors: Record<string, string> = {};
  for (const key of Object.keys(info)) {
    const message = errorOf(`reservationInfo.${key}`);
    if (message) reservationErrors[`reservationInfo.${key}`] = message;
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        form.clearErrors();
        setConflict(null);
        void form.handleSubmit((submitted) => save.mutate(submitted))(event);
      }}
    >
      <Stack gap="md" maw={960}>
        <Group gap="sm">
          <Button
            component={Link}
            to={booking ? `/bookings/${booking.id}/view` : '/bookings'}
            variant="subtle"
            leftSection={<IconArrowLeft size={16} />}
          >
            {booking ? 'Booking details' : 'Bookings'}
          </Button>
          <Title order={2}>{booking ? 'Edit booking' : 'New booking'}</Title>
        </Group>
        {prefill?.notices.map((notice) => (
          <Alert key={notice} color="yellow" data-testid="prefill-notice">
            {notice}
          </Alert>
        ))}
        {conflict ? (
          <Alert color="red" title="Not booked" data-testid="booking-conflict">
            {conflict}
          </Alert>
        ) : null}

        <Card withBorder radius="md">
          <Title order={4} mb="sm">
            When and who
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Controller
              control={form.control}
              name="productId"
              render={({ field, fieldState }) => (
                <Select
                  label="Product"
                  data={(products.data ?? []).map((p) => ({ value: p.id, label: p.isPaused ? `${p.name} (paused)` : p.name }))}
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value);
                    form.setValue('slots', []);
                    form.setValue('resourceIds', []);
                    setLanesChosen(false);
                    form.setValue('customFields', {});
                  }}
                  disabled={editing}
                  error={fieldState.error?.message}
                  required
                  searchable
                />
              )}
            />
            <Controller
              control={form.control}
              name="date"
              render={({ field, fieldState }) => (
                <VenueDateInput
                  label="Date"
                  value={field.value}
                  onChange={(iso) => {
                    if (!iso) return;
                    field.onChange(iso);
                    form.setValue('slots', []);
                  }}
                  error={fieldState.error?.message}
                  required
                />
              )}
            />
            <Controller
              control={form.control}
              name="playersCount"
              render={({ field, fieldState }) => (
                <NumberInput
                  label="Players"
                  value={field.value}
                  onChange={(value) => field.onChange(Number(value) || 1)}
                  min={product?.minPlayers ?? 1}
                  max={product?.maxPlayers ?? 500}
                  allowDecimal={false}
                  error={fieldState.error?.message}
                  description={product ? `${product.minPlayers}–${product.maxPlayers} players` : undefined}
                  required
                />
              )}
            />
          </SimpleGrid>
          {product?.typeOfPricing === 'group-range' && !editing ? (
            <SelectField
              control={form.control}
              name="selectedGroupId"
              mt="sm"
              label="Price group"
              placeholder="By the players count"
              data={product.groups.map((g) => ({ value: g.id, label: `${g.from}–${g.to} players · ${format.money(g.price)}` }))}
              allowDeselect
              clearable
              w={280}
            />
          ) : null}

          <Group mt="md" mb={4} gap="md" align="flex-end">
            <Text size="sm" fw={500}>
              Start time{' '}
              <Text span size="xs" c="dimmed">
                {editing ? '(choosing another time moves the booking)' : '(the booking takes its length from there)'}
              </Text>
            </Text>
            <Select
              label="Length"
              size="xs"
              w={140}
              data={lengthOptions}
              value={String(length)}
              onChange={(value) => value && chooseLength(Number(value))}
              allowDeselect={false}
            />
          </Group>
          {!productId ? (
            <Text size="sm" c="dimmed">
              Choose a product to see its slots.
            </Text>
          ) : daySlots.isPending ? (
            <Text size="sm" c="dimmed">
              Loading slots…
            </Text>
          ) : daySlots.data?.length ? (
            <>
              <Group gap="xs" data-testid="slot-choices">
                {daySlots.data.map((slot) => (
                  <Chip
                    key={slot.id}
                    checked={slots.includes(slot.id)}
                    onChange={() => chooseStart(slot.id)}
                    // The server's booking rule: a closed day is refused; a booking keeps the slots it holds.
                    disabled={slot.lanesTotal === 0 || (!!slot.unavailableReason && !booking?.slotIds.includes(slot.id))}
                    title={slot.unavailableReason ?? undefined}
                  >
                    {slotSpan(slot)} · {slot.lanesFree} free
                  </Chip>
                ))}
              </Group>
              {slots.length > 0 && slots.length < length ? (
                <Text size="sm" c="orange" data-testid="slot-length-warning">
                  Only {slots.length} slot{slots.length === 1 ? '' : 's'} follow in a row from {format.time(startRun[0]?.startsAt ?? '')}:
                  the booking would be {durationLabel(startRun[0]!.startsAt, startRun[slots.length - 1]!.endsAt)}.
                </Text>
              ) : null}
              {[...new Set(daySlots.data.map((slot) => slot.unavailableReason).filter(Boolean))].map((reason) => (
                <Text key={reason} size="sm" c="dimmed" data-testid="slot-unavailable-reason">
                  {reason}
                </Text>
              ))}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              No slots on this date.
            </Text>
          )}
          {errorOf('slots') ? (
            <Text size="sm" c="red" mt={4}>
              {errorOf('slots')}
            </Text>
          ) : null}
          <Controller
            control={form.control}
            name="resourceIds"
            render={({ field, fieldState }) => (
              <MultiSelect
                mt="sm"
                label="Lanes"
                placeholder={field.value.length ? undefined : 'Chosen automatically: the fewest free lanes that fit'}
                description={booking && !lanesChosen ? 'Kept when free at the new time, else chosen again' : undefined}
                data={product?.resources ?? []}
                value={booking && !lanesChosen ? (after?.resourceIds ?? booking.resourceIds) : field.value}
                onChange={(value) => {
                  field.onChange(value);
                  setLanesChosen(value.length > 0);
                }}
                error={fieldState.error?.message}
                clearable
              />
            )}
          />
        </Card>

        <Card withBorder radius="md">
          <Title order={4} mb="sm">
            Customer
          </Title>
          <ReservationFields
            value={info}
            onChange={(next) => form.setValue('reservationInfo', next)}
            errors={reservationErrors}
            phoneFormat={venue?.phoneFormat}
            isWalkIn={values.isWalkIn}
          />
          <GuestMatch
            info={info}
            onUse={(guest) =>
              form.setValue('reservationInfo', {
                ...info,
                firstName: guest.firstName,
                lastName: guest.lastName,
                email: guest.email,
                phone: guest.phone ? format.phone(guest.phone) : '',
              })
            }
          />
          {fields.length ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
              {fields.map(([key, field]) => {
                const value = customFields[field.label];
                // The whole record at once: a label is free text (it may hold dots), never a path of the form.
                const set = (next: CustomFieldValue) => form.setValue('customFields', { ...customFields, [field.label]: next });
                const common = { key, label: field.label, description: field.hint || undefined, required: field.isRequired };
                if (field.type === 'select')
                  return <Select {...common} data={field.options} value={(value as string) ?? null} onChange={(v) => set(v ?? '')} />;
                if (field.type === 'multiple')
                  return <MultiSelect {...common} data={field.options} value={(value as string[]) ?? []} onChange={set} />;
                if (field.type === 'flag')
                  return <Checkbox key={key} label={field.label} checked={Boolean(value)} onChange={(e) => set(e.currentTarget.checked)} />;
                return (
                  <TextInput
                    {...common}
                    type={field.type === 'date' ? 'date' : field.type === 'numeric' ? 'number' : field.type === 'email' ? 'email' : 'text'}
                    value={value === undefined ? '' : String(value)}
                    onChange={(e) => set(field.type === 'numeric' ? Number(e.currentTarget.value) : e.currentTarget.value)}
                  />
                );
              })}
            </SimpleGrid>
          ) : null}
        </Card>

        <Card withBorder radius="md">
          <Title order={4} mb="sm">
            Extras and payment
          </Title>
          {(upsells.data ?? []).filter((u) => !u.isPaused).length ? (
            <SimpleGrid cols={{ base: 1, sm: 3 }} mb="sm">
              {(upsells.data ?? [])
                .filter((u) => !u.isPaused)
                .map((item) => (
                  <NumberInput
                    key={item.id}
                    label={`${item.name} (${format.money(item.price)})`}
                    value={values.upsellQuantities[item.id] ?? 0}
                    onChange={(value) => form.setValue('upsellQuantities', { ...values.upsellQuantities, [item.id]: Number(value) || 0 })}
                    min={0}
                    max={1000}
                    allowDecimal={false}
                  />
                ))}
            </SimpleGrid>
          ) : null}
          {errorOf('upsellItems') ? (
            <Text size="sm" c="red">
              {errorOf('upsellItems')}
            </Text>
          ) : null}
          {!editing ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextField control={form.control} name="promocode" label="Promocode" />
              <SelectField
                control={form.control}
                name="affiliateId"
                label="Affiliate"
                data={(affiliates.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
                allowDeselect
                clearable
              />
            </SimpleGrid>
          ) : null}
          {mayCustomPrice ? (
            <MoneyField
              control={form.control}
              name="customPrice"
              mt="sm"
              label="Custom price"
              description="Replaces the computed total"
              w={240}
            />
          ) : null}
          {!editing ? (
            <Group mt="md" gap="lg">
              <Controller
                control={form.control}
                name="isWalkIn"
                render={({ field }) => (
                  <Checkbox label="Walk-in" checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />
                )}
              />
              <Controller
                control={form.control}
                name="isFullFirstPayment"
                render={({ field }) => (
                  <Checkbox
                    label="Full first payment (else the deposit)"
                    checked={field.value}
                    onChange={(e) => field.onChange(e.currentTarget.checked)}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="isConfirmationEmail"
                render={({ field }) => (
                  <Checkbox
                    label="Send confirmation email"
                    description={info.email.trim() ? undefined : 'No email given: nothing is mailed'}
                    checked={field.value && info.email.trim() !== ''}
                    disabled={info.email.trim() === ''}
                    onChange={(e) => field.onChange(e.currentTarget.checked)}
                  />
                )}
              />
            </Group>
          ) : null}
        </Card>

        <Card withBorder radius="md" data-testid="booking-price">
          <Title order={4} mb="sm">
            Price
          </Title>
          {booking && slots.length === 0 ? (
            <Text size="sm" c="dimmed">
              Choose a start time to see the price.
            </Text>
          ) : booking ? (
            changeQuote.isError ? (
              <Text size="sm" c="red" data-testid="change-refused">
                {errorMessage(changeQuote.error)}
              </Text>
            ) : after ? (
              <ChangeSummary before={booking} after={after} />
            ) : (
              <Text size="sm" c="dimmed">
                Pricing the change…
              </Text>
            )
          ) : price.isError ? (
            <Text size="sm" c="red">
              {errorMessage(price.error)}
            </Text>
          ) : quote ? (
            <PriceLines quote={quote} total={total ?? quote.total} note={customPrice != null ? ' (custom price)' : ''} />
          ) : (
            <Text size="sm" c="dimmed">
              Choose a product and a start time to see the price.
            </Text>
          )}
        </Card>

        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!productId || slots.length === 0 || unchanged}>
            {booking ? 'Save changes' : 'Create booking'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The new-booking page. A link may fill in the product, the slot and the lane
 * (?productId=&slotId=&laneId=, the lane view's free cells): what the venue does not know is
 * left out with a notice, never an error page.
 */
export function BookingCreatePage() {
  const session = useSession();
  const [params] = useSearchParams();
  const wanted = { productId: params.get('productId'), slotId: params.get('slotId'), laneId: params.get('laneId') };
  const products = useQuery(bookingProductsQuery(session.venueId));
  const product = products.data?.find((p) => p.id === wanted.productId);
  const slot = useQuery(slotQuery(session.venueId, product ? product.id : null, wanted.slotId));
  const asked = Boolean(wanted.productId || wanted.slotId || wanted.laneId);
  if (asked && (products.isPending || slot.isLoading)) return <FullPageLoader />;
  if (!asked) return <BookingForm />;
  const notices: string[] = [];
  if (wanted.productId && !product) notices.push('The product in the link is not one of this venue: choose a product.');
  else if (!wanted.productId && (wanted.slotId || wanted.laneId)) notices.push('The link names no product: choose a product.');
  if (product && wanted.slotId && !slot.data) notices.push('The time in the link is not one of this product: choose a start time.');
  const lane = product && wanted.laneId && product.resources.includes(wanted.laneId) ? wanted.laneId : null;
  if (product && wanted.laneId && !lane)
    notices.push('The lane in the link is not a lane of this product: lanes are chosen automatically.');
  const prefill: Prefill = {
    productId: product?.id ?? null,
    date: slot.data?.date ?? null,
    slots: slot.data ? [slot.data.id] : [],
    lanes: lane ? [lane] : [],
    notices,
  };
  return <BookingForm key={params.toString()} prefill={prefill} />;
}

export function BookingEditPage() {
  const { id = '' } = useParams();
  const session = useSession();
  const booking = useQuery(bookingQuery(session.venueId, id));
  if (booking.isPending) return <FullPageLoader />;
  if (booking.isError) return <LoadError error={booking.error} onRetry={() => booking.refetch()} />;
  return <BookingForm booking={booking.data} />;
}
