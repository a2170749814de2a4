import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
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
import type { BookingCreate, BookingDetail, BookingUpdate } from '@lanebook/core/booking-schemas';
import { venueKey } from '../../lib/query-keys';
import { useSession } from '../../lib/session';
import { ApiError, errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { showFieldErrors } from '../../lib/forms';
import { FullPageLoader } from '../../components/FullPageLoader';
import { LoadError } from '../../components/LoadError';
import { MoneyInput } from '../../components/fields/MoneyInput';
import { bookingAffiliatesQuery, bookingProductsQuery, bookingUpsellItemsQuery, type BookingProduct } from './api/catalog-lists';
import { createBooking } from './api/create-booking';
import { daySlotsQuery } from './api/day-slots';
import { bookingQuery } from './api/get-booking';
import { bookingsKey } from './api/keys';
import { staffPriceQuery } from './api/staff-price';
import { updateBooking } from './api/update-booking';
import { EMPTY_RESERVATION, ReservationFields, type ReservationDraft } from './ReservationFields';
import { useVenueFormat } from './format';

type CustomValue = string | number | boolean | string[];

/** The booking form: a new booking (/bookings/create) or a change to one (/bookings/{id}/edit). */
function BookingForm({ booking }: { booking?: BookingDetail }) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const format = useVenueFormat();
  const venue = session.me?.venue;
  const products = useQuery(bookingProductsQuery(session.venueId));
  const affiliates = useQuery(bookingAffiliatesQuery(session.venueId));
  const upsells = useQuery(bookingUpsellItemsQuery(session.venueId));

  const [productId, setProductId] = useState<string | null>(booking?.productId ?? null);
  const [date, setDate] = useState<string>(booking?.date ?? venueToday(format.timezone));
  const [slots, setSlots] = useState<string[]>(booking?.slotIds ?? []);
  const [playersCount, setPlayersCount] = useState<number>(booking?.playersCount ?? 2);
  const [lanes, setLanes] = useState<string[]>(booking?.resourceIds ?? []);
  const [info, setInfo] = useState<ReservationDraft>(booking?.reservationInfo ?? EMPTY_RESERVATION);
  const [customFields, setCustomFields] = useState<Record<string, CustomValue>>(
    (booking?.customFields as Record<string, CustomValue> | undefined) ?? {},
  );
  const [upsellQuantities, setUpsellQuantities] = useState<Record<string, number>>(
    Object.fromEntries((booking?.upsellItems ?? []).map((u) => [u.id, u.quantity])),
  );
  const [selectedGroupId, setSelectedGroupId] = useState<string | null>(booking?.selectedGroupId ?? null);
  const [promocode, setPromocode] = useState('');
  const [affiliateId, setAffiliateId] = useState<string | null>(null);
  const [isWalkIn, setIsWalkIn] = useState(false);
  const [isFullFirstPayment, setIsFullFirstPayment] = useState(true);
  const [isConfirmationEmail, setIsConfirmationEmail] = useState(true);
  const [customPrice, setCustomPrice] = useState<number | null>(booking?.customPrice ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [conflict, setConflict] = useState<string | null>(null);

  const product: BookingProduct | undefined = products.data?.find((p) => p.id === productId);
  const daySlots = useQuery(daySlotsQuery(session.venueId, productId, date));
  const upsellItems = Object.entries(upsellQuantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([id, quantity]) => ({ id, quantity }));
  const price = useQuery(
    staffPriceQuery(
      session.venueId,
      productId && slots.length
        ? { productId, slots, playersCount, promocode: promocode.trim() || undefined, affiliateId: affiliateId ?? undefined, upsellItems }
        : null,
    ),
  );
  const mayCustomPrice = session.can('bookings.setCustomPrice');
  const editing = Boolean(booking);

  const toggleSlot = (id: string) => {
    const ordered = (daySlots.data ?? []).map((s) => s.id);
    const next = slots.includes(id) ? slots.filter((s) => s !== id) : [...slots, id];
    setSlots(next.sort((a, b) => ordered.indexOf(a) - ordered.indexOf(b)));
  };

  const showError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) {
      setConflict(error.message);
      void queryClient.invalidateQueries({ queryKey: venueKey(session.venueId, 'calendar') });
      return;
    }
    showFieldErrors(error, setErrors);
  };

  const save = useMutation({
    mutationFn: () => {
      const shared = {
        slots,
        playersCount,
        reservationInfo: info,
        upsellItems,
        customFields,
        ...(lanes.length ? { resourceIds: lanes } : {}),
        ...(mayCustomPrice ? { customPrice } : {}),
      };
      if (booking) return updateBooking(booking.id, shared satisfies BookingUpdate);
      const body: BookingCreate = {
        ...shared,
        productId: productId ?? '',
        date,
        isWalkIn,
        isFullFirstPayment,
        isConfirmationEmail,
        isSpecifyGroupSize: false,
        selectedGroupId,
        promocode: promocode.trim() || null,
        affiliateId,
      };
      return createBooking(body);
    },
    onSuccess: async (saved) => {
      if (booking) {
        const difference =
          saved.due > 0 ? `collect ${format.money(saved.due)}` : saved.overpaid > 0 ? `refund ${format.money(saved.overpaid)}` : '';
        notifySuccess(difference ? `Booking changed: ${difference}` : 'Booking changed');
      } else notifySuccess(`Booking ${saved.registrationCode} created`);
      await queryClient.invalidateQueries({ queryKey: bookingsKey(session.venueId) });
      await queryClient.invalidateQueries({ queryKey: venueKey(session.venueId, 'calendar') });
      await navigate(`/bookings/${saved.id}/view`);
    },
    onError: showError,
  });

  const quote = price.data;
  const total = customPrice ?? quote?.total ?? null;
  const alreadyPaid = booking ? booking.paid - booking.refunded : 0;
  const fields = Object.entries(product?.customFields ?? {}).sort(([, a], [, b]) => a.sortWeight - b.sortWeight);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setErrors({});
        setConflict(null);
        save.mutate();
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
            <Select
              label="Product"
              data={(products.data ?? []).map((p) => ({ value: p.id, label: p.isPaused ? `${p.name} (paused)` : p.name }))}
              value={productId}
              onChange={(value) => {
                setProductId(value);
                setSlots([]);
                setLanes([]);
                setCustomFields({});
              }}
              disabled={editing}
              error={errors.productId}
              required
              searchable
            />
            <TextInput
              label="Date"
              type="date"
              value={date}
              onChange={(event) => {
                setDate(event.currentTarget.value);
                setSlots([]);
              }}
              error={errors.date}
              required
            />
            <NumberInput
              label="Players"
              value={playersCount}
              onChange={(value) => setPlayersCount(Number(value) || 1)}
              min={product?.minPlayers ?? 1}
              max={product?.maxPlayers ?? 500}
              allowDecimal={false}
              error={errors.playersCount}
              description={product ? `${product.minPlayers}–${product.maxPlayers} players` : undefined}
              required
            />
          </SimpleGrid>
          {product?.typeOfPricing === 'group-range' && !editing ? (
            <Select
              mt="sm"
              label="Price group"
              placeholder="By the players count"
              data={product.groups.map((g) => ({ value: g.id, label: `${g.from}–${g.to} players · ${format.money(g.price)}` }))}
              value={selectedGroupId}
              onChange={setSelectedGroupId}
              clearable
              w={280}
            />
          ) : null}

          <Text size="sm" fw={500} mt="md" mb={4}>
            Slots{' '}
            <Text span size="xs" c="dimmed">
              (one or more in a row)
            </Text>
          </Text>
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
                    onChange={() => toggleSlot(slot.id)}
                    // The server's booking rule: a closed day is refused; a booking keeps the slots it holds.
                    disabled={slot.lanesTotal === 0 || (!!slot.unavailableReason && !booking?.slotIds.includes(slot.id))}
                    title={slot.unavailableReason ?? undefined}
                  >
                    {slot.from}–{slot.to} · {slot.lanesFree} free
                  </Chip>
                ))}
              </Group>
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
          {errors.slots ? (
            <Text size="sm" c="red" mt={4}>
              {errors.slots}
            </Text>
          ) : null}
          <MultiSelect
            mt="sm"
            label="Lanes"
            placeholder={lanes.length ? undefined : 'Chosen automatically: the fewest free lanes that fit'}
            data={product?.resources ?? []}
            value={lanes}
            onChange={setLanes}
            error={errors.resourceIds}
            clearable
          />
        </Card>

        <Card withBorder radius="md">
          <Title order={4} mb="sm">
            Customer
          </Title>
          <ReservationFields value={info} onChange={setInfo} errors={errors} phoneFormat={venue?.phoneFormat} />
          {fields.length ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
              {fields.map(([key, field]) => {
                const value = customFields[field.label];
                const set = (next: CustomValue) => setCustomFields({ ...customFields, [field.label]: next });
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
                    value={upsellQuantities[item.id] ?? 0}
                    onChange={(value) => setUpsellQuantities({ ...upsellQuantities, [item.id]: Number(value) || 0 })}
                    min={0}
                    max={1000}
                    allowDecimal={false}
                  />
                ))}
            </SimpleGrid>
          ) : null}
          {errors.upsellItems ? (
            <Text size="sm" c="red">
              {errors.upsellItems}
            </Text>
          ) : null}
          {!editing ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Promocode"
                value={promocode}
                onChange={(e) => setPromocode(e.currentTarget.value)}
                error={errors.promocode}
              />
              <Select
                label="Affiliate"
                data={(affiliates.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
                value={affiliateId}
                onChange={setAffiliateId}
                error={errors.affiliateId}
                clearable
              />
            </SimpleGrid>
          ) : null}
          {mayCustomPrice ? (
            <MoneyInput
              mt="sm"
              label="Custom price"
              description="Replaces the computed total"
              value={customPrice}
              onChange={setCustomPrice}
              error={errors.customPrice}
              w={240}
            />
          ) : null}
          {!editing ? (
            <Group mt="md" gap="lg">
              <Checkbox label="Walk-in" checked={isWalkIn} onChange={(e) => setIsWalkIn(e.currentTarget.checked)} />
              <Checkbox
                label="Full first payment (else the deposit)"
                checked={isFullFirstPayment}
                onChange={(e) => setIsFullFirstPayment(e.currentTarget.checked)}
              />
              <Checkbox
                label="Send confirmation email"
                checked={isConfirmationEmail}
                onChange={(e) => setIsConfirmationEmail(e.currentTarget.checked)}
              />
            </Group>
          ) : null}
        </Card>

        <Card withBorder radius="md" data-testid="booking-price">
          <Title order={4} mb="sm">
            Price
          </Title>
          {price.isError ? (
            <Text size="sm" c="red">
              {errorMessage(price.error)}
            </Text>
          ) : quote ? (
            <Stack gap={2}>
              <Text size="sm">Subtotal {format.money(quote.subtotal)}</Text>
              {quote.discounts ? <Text size="sm">Discounts −{format.money(quote.discounts)}</Text> : null}
              {quote.taxes + quote.upsellTaxes ? <Text size="sm">Taxes {format.money(quote.taxes + quote.upsellTaxes)}</Text> : null}
              <Text fw={600} data-testid="booking-total">
                Total {format.money(total ?? quote.total)}
                {customPrice != null ? ' (custom price)' : ''}
              </Text>
              {!editing && quote.deposit ? <Text size="sm">Deposit {format.money(quote.deposit)}</Text> : null}
              {booking && total != null ? (
                <Text size="sm" fw={600} data-testid="booking-difference">
                  {total - alreadyPaid > 0
                    ? `To collect after the change: ${format.money(total - alreadyPaid)}`
                    : total - alreadyPaid < 0
                      ? `To refund after the change: ${format.money(alreadyPaid - total)}`
                      : 'Nothing to collect or refund'}
                </Text>
              ) : null}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              Choose a product and slots to see the price.
            </Text>
          )}
        </Card>

        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!productId || slots.length === 0}>
            {booking ? 'Save changes' : 'Create booking'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function BookingCreatePage() {
  return <BookingForm />;
}

export function BookingEditPage() {
  const { id = '' } = useParams();
  const session = useSession();
  const booking = useQuery(bookingQuery(session.venueId, id));
  if (booking.isPending) return <FullPageLoader />;
  if (booking.isError) return <LoadError error={booking.error} onRetry={() => booking.refetch()} />;
  return <BookingForm booking={booking.data} />;
}
