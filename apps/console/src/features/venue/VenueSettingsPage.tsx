import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Autocomplete,
  Badge,
  Button,
  Code,
  Group,
  Input,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { z } from '@lanebook/core/zod';
import type { Venue } from '@lanebook/core/api-schemas';
import { formatMoney, formatVenueClock } from '@lanebook/core/format';
import { DATE_FORMATS, DEFAULT_PAYMENT_METHODS, PHONE_FORMATS, VENUE_STATUS_LABELS, isValidTimeZone } from '@lanebook/core/venue';
import { MARKETING_CONSENT_TEXT_DEFAULT, type BannedGuestsOnline } from '@lanebook/core/guest-schemas';
import { CLOSURE_PERCENT_HELP, venueFieldsSchema, type VenueFields, type VenueUpdate } from '@lanebook/core/venue-schemas';
import { useSession } from '../../lib/session';
import { CurrentVenuePage } from '../../components/CurrentVenuePage';
import { currentVenueQuery, updateCurrentVenue } from '../../lib/current-venue';
import { showSaveError } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { CountrySelect, TimezoneSelect, WEEKDAYS } from '../../components/fields/VenueFields';
import { RadioField, type Choice } from '../../components/fields/form-fields';
import { FormReadOnlyContext } from '../../components/fields/read-only';
import { WidgetDemoLink, WidgetSnippet } from '../../components/WidgetEmbed';
import { GoLiveButton, MissingSetup } from '../../components/GoLive';
import { useVenueSetup, venueSetupQuery } from '../../lib/venue-setup';

type FormInput = z.input<typeof venueFieldsSchema>;
const FIELD_NAMES = Object.keys(venueFieldsSchema.shape) as (keyof VenueFields)[];

function fieldsOf(venue: Venue): VenueFields {
  return Object.fromEntries(FIELD_NAMES.map((name) => [name, venue[name]])) as VenueFields;
}

const BANK_STATUS_LABELS: Record<Venue['stripeBankAccountStatus'], string> = {
  active: 'Active',
  pending: 'Pending',
  inactive: 'Not connected',
};
/** What the widget does when a guest flagged as banned books online (issue 38). */
const BANNED_ONLINE_CHOICES: (Choice & { value: BannedGuestsOnline })[] = [
  { value: 'refuse', label: 'Refuse with our phone number', description: 'No booking is made; the widget asks them to call the venue' },
  {
    value: 'warn',
    label: 'Take the booking and warn the desk',
    description: 'The booking is made and marked; the desk sees an alert and the venue is mailed',
  },
];
const STATUS_COLORS: Record<Venue['status'], string> = { inactive: 'gray', pending: 'yellow', live: 'green' };

export default function VenueSettingsPage() {
  return (
    <CurrentVenuePage
      title="Venue"
      description="Company details, regional formats and payment methods of this venue."
      form={(venue) => <VenueForm venue={venue} />}
    />
  );
}

function VenueForm({ venue }: { venue: Venue }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const readOnly = !session.can('venues.edit');
  const [saved, setSaved] = useState<VenueFields>(() => fieldsOf(venue));

  const form = useForm<FormInput, unknown, VenueFields>({
    resolver: zodResolver(venueFieldsSchema),
    defaultValues: saved,
    mode: 'onTouched',
  });
  const { register, control, handleSubmit, formState, reset } = form;
  const errors = formState.errors;

  const save = useMutation({
    mutationFn: updateCurrentVenue,
    onSuccess: async (updated) => {
      queryClient.setQueryData(currentVenueQuery(updated.id).queryKey, updated);
      const next = fieldsOf(updated);
      setSaved(next);
      reset(next);
      notifySuccess('Venue settings saved');
      // The checklist's "details" item (and "Before going live") reads what was just saved.
      void queryClient.invalidateQueries({ queryKey: venueSetupQuery(updated.id).queryKey });
      // The header clock and every money/date display read the venue from the session.
      await session.refresh();
    },
    onError: (error) => showSaveError(form, error),
  });

  const onSubmit = handleSubmit((values) => {
    // Only what changed is sent, so two people editing different fields do not undo each other.
    const patch = Object.fromEntries(
      FIELD_NAMES.filter((name) => JSON.stringify(values[name]) !== JSON.stringify(saved[name])).map((name) => [name, values[name]]),
    ) as VenueUpdate;
    if (Object.keys(patch).length === 0) {
      reset(values);
      notifySuccess('Nothing to save: no changes');
      return;
    }
    save.mutate(patch);
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg" maw={960}>
        {readOnly ? (
          <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="venue-read-only">
            Your role can view these settings but not change them. Ask an owner for the “Venue — Edit” permission.
          </Alert>
        ) : null}

        <Paper withBorder p="md" radius="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" data-testid="venue-facts">
            <Fact label="Venue ID">
              <Code>{venue.id}</Code>
            </Fact>
            <Fact label="Widget status">
              <Group gap="xs">
                <Badge color={STATUS_COLORS[venue.status]} variant="light" data-testid="widget-status">
                  {VENUE_STATUS_LABELS[venue.status]}
                </Badge>
                {venue.status === 'inactive' && !readOnly ? <RequestApprovalButton /> : null}
              </Group>
            </Fact>
            <Fact label="Bank account">
              <Text size="sm">{BANK_STATUS_LABELS[venue.stripeBankAccountStatus]}</Text>
            </Fact>
            <Fact label="Card payments">
              <Badge color={venue.isStripePaymentsEnabled ? 'green' : 'gray'} variant="light">
                {venue.isStripePaymentsEnabled ? 'Enabled' : 'Not enabled'}
              </Badge>
            </Fact>
          </SimpleGrid>
        </Paper>
        <GoLiveMissing />

        <Section title="Company" tour="venue-contact">
          <TextInput label="Venue name" withAsterisk disabled={readOnly} error={errors.name?.message} {...register('name')} />
          <TextInput label="Company name" disabled={readOnly} error={errors.companyName?.message} {...register('companyName')} />
          <TextInput
            label="Company site"
            placeholder="https://example.com"
            type="url"
            disabled={readOnly}
            error={errors.companySite?.message}
            {...register('companySite')}
          />
          <TextInput label="Address" disabled={readOnly} error={errors.address?.message} {...register('address')} />
          <TextInput label="Phone" type="tel" disabled={readOnly} error={errors.phone?.message} {...register('phone')} />
          <TextInput
            label="Contact email"
            description="Shown to customers"
            type="email"
            disabled={readOnly}
            error={errors.email?.message}
            {...register('email')}
          />
          <TextInput
            label="Owner email"
            description="Where the venue's account notices go"
            type="email"
            disabled={readOnly}
            error={errors.ownerEmail?.message}
            {...register('ownerEmail')}
          />
        </Section>

        <Section title="Region and formats">
          <Controller
            control={control}
            name="country"
            render={({ field }) => (
              <CountrySelect
                value={field.value}
                onChange={(value) => value && field.onChange(value)}
                onBlur={field.onBlur}
                disabled={readOnly}
                error={errors.country?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="timezone"
            render={({ field }) => (
              <TimezoneSelect
                value={field.value}
                onChange={(value) => value && field.onChange(value)}
                onBlur={field.onBlur}
                disabled={readOnly}
                error={errors.timezone?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="firstDayOfWeek"
            render={({ field }) => (
              <Select<number>
                label="First day of week"
                data={WEEKDAYS.map((day, index) => ({ value: index, label: day }))}
                value={field.value}
                onChange={(value) => value !== null && field.onChange(value)}
                onBlur={field.onBlur}
                allowDeselect={false}
                disabled={readOnly}
                error={errors.firstDayOfWeek?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="dateFormat"
            render={({ field }) => (
              <Select
                label="Date format"
                data={[...DATE_FORMATS]}
                value={field.value}
                onChange={(value) => value && field.onChange(value)}
                onBlur={field.onBlur}
                allowDeselect={false}
                disabled={readOnly}
                error={errors.dateFormat?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="timeFormat"
            render={({ field }) => (
              <Input.Wrapper label="Time format" id="venue-time-format" labelElement="div" error={errors.timeFormat?.message}>
                <div>
                  <SegmentedControl<number>
                    aria-labelledby="venue-time-format-label"
                    data={[
                      { value: 12, label: '12-hour' },
                      { value: 24, label: '24-hour' },
                    ]}
                    value={field.value}
                    onChange={field.onChange}
                    disabled={readOnly}
                  />
                </div>
              </Input.Wrapper>
            )}
          />
          <ClockPreview control={control} />
          <Controller
            control={control}
            name="phoneFormat"
            render={({ field }) => (
              <Autocomplete
                label="Phone format"
                description="Pick one or type your own; # stands for a digit"
                data={[...PHONE_FORMATS]}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                disabled={readOnly}
                error={errors.phoneFormat?.message}
              />
            )}
          />
          <MoneyFormatInput control={control} disabled={readOnly} error={errors.moneyFormat?.message} register={register} />
        </Section>

        <Section title="Bookings and payments">
          <TextInput
            label="Registration code prefix"
            description="Starts every booking's registration code; letters and digits, up to 8"
            disabled={readOnly}
            error={errors.registrationCodePrefix?.message}
            {...register('registrationCodePrefix')}
          />
          <NumberSetting
            control={control}
            name="closurePercent"
            label="Closure percent"
            description={CLOSURE_PERCENT_HELP}
            min={0}
            max={100}
            suffix="%"
            disabled={readOnly}
            error={errors.closurePercent?.message}
          />
          <NumberSetting
            control={control}
            name="abandonAfterMinutes"
            label="Abandon unpaid online bookings after"
            description="Minutes; then the booking is abandoned and its lanes are free again (5 to 1440)"
            min={5}
            max={1440}
            suffix=" min"
            whole
            disabled={readOnly}
            error={errors.abandonAfterMinutes?.message}
          />
          <NumberSetting
            control={control}
            name="reminderLeadHours"
            label="Send reminders"
            description="Hours before the start a booking's reminder mail goes out, when a Reminder template is active (1 to 168)"
            min={1}
            max={168}
            suffix=" h"
            whole
            disabled={readOnly}
            error={errors.reminderLeadHours?.message}
          />
          <NumberSetting
            control={control}
            name="ageOfMajority"
            label="Age of majority"
            description="Younger signers sign a waiver with a guardian (14 to 25)"
            min={14}
            max={25}
            suffix=" years"
            whole
            disabled={readOnly}
            error={errors.ageOfMajority?.message}
          />
          <Controller
            control={control}
            name="paymentMethods"
            render={({ field }) => (
              <TagsInput
                label="Payment methods"
                description="Offered at the front desk. Type a name and press Enter."
                data={DEFAULT_PAYMENT_METHODS}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                clearable={!readOnly}
                disabled={readOnly}
                error={errors.paymentMethods?.message ?? errors.paymentMethods?.find?.((item) => item?.message)?.message}
              />
            )}
          />
        </Section>

        <Section title="Guests">
          {/* The shared radio field reads the form's read-only state from its context. */}
          <FormReadOnlyContext.Provider value={readOnly}>
            <RadioField control={control} name="bannedGuestsOnline" label="Banned guests booking online" options={BANNED_ONLINE_CHOICES} />
          </FormReadOnlyContext.Provider>
          <TextInput
            label="Marketing consent question"
            description="Asked in the widget beside an unticked box; left empty, the widget does not ask"
            placeholder={MARKETING_CONSENT_TEXT_DEFAULT}
            disabled={readOnly}
            error={errors.marketingConsentText?.message}
            {...register('marketingConsentText')}
          />
        </Section>

        <Paper withBorder p="md" radius="md" component="section" aria-label="Online booking" data-tour="widget-snippet">
          <Title order={2} size="h4" mb={4}>
            Online booking
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            <OnlineBookingStatus status={venue.status} canRequest={!readOnly} />
          </Text>
          <Stack gap="md">
            <Controller
              control={control}
              name="widgetOrigins"
              render={({ field }) => (
                <TagsInput
                  label="Web sites that may show your widget"
                  description="The addresses of your sites, such as https://www.example.com (no path). Type one and press Enter. With none, any site may show it."
                  placeholder={readOnly ? undefined : 'https://www.example.com'}
                  // Pasting several at once, separated by commas or spaces, adds each.
                  splitChars={[',', ' ']}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  clearable={!readOnly}
                  disabled={readOnly}
                  error={errors.widgetOrigins?.message ?? errors.widgetOrigins?.find?.((item) => item?.message)?.message}
                  errorProps={{ 'data-testid': 'widget-origins-error' }}
                />
              )}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Booking widget snippet
              </Text>
              <Text size="xs" c="dimmed">
                Paste it into your site; it shows your default widget template. Each template&apos;s page has its own snippet.
              </Text>
              <WidgetSnippet venueId={venue.id} />
            </Stack>
            <WidgetDemoLink venueId={venue.id}>See the widget on a sample page</WidgetDemoLink>
          </Stack>
        </Paper>

        {readOnly ? null : (
          <Group justify="flex-end">
            <Button variant="default" disabled={!formState.isDirty || save.isPending} onClick={() => reset(saved)}>
              Discard changes
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!formState.isDirty}>
              Save changes
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

function OnlineBookingStatus({ status, canRequest }: { status: Venue['status']; canRequest: boolean }) {
  if (status === 'live') return <>Customers can book online through the widget on your web site.</>;
  if (status === 'pending') {
    return (
      <>
        Your venue is pending for approval. Until Lanebook approves it, the widget tells customers you are not taking online bookings yet.
      </>
    );
  }
  return (
    <>
      The widget tells customers you are not taking online bookings yet.{' '}
      {canRequest ? 'Request approval (next to the widget status above) to go live.' : 'An owner can request approval to go live.'}
    </>
  );
}

/**
 * Inactive → pending (a superadmin approves it) or live where the deployment approves by itself;
 * refused with what is missing while required setup items are not done (listed under the facts).
 */
function RequestApprovalButton() {
  const setup = useVenueSetup();
  return setup.data ? <GoLiveButton setup={setup.data} size="compact-xs" showMissingOnRefusal={false} /> : null;
}

/** While the venue is not live: the required setup items still missing, each linked to where it is done. */
function GoLiveMissing() {
  const setup = useVenueSetup();
  if (!setup.data || setup.data.status !== 'inactive') return null;
  return <MissingSetup setup={setup.data} title="Before going live" />;
}

function Section({ title, tour, children }: { title: string; tour?: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title} data-tour={tour}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        {children}
      </SimpleGrid>
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** How the header clock will look with the chosen zone and formats, ticking like the real one. */
function ClockPreview({ control }: { control: Control<FormInput, unknown, VenueFields> }) {
  const [timezone, timeFormat, dateFormat] = useWatch({ control, name: ['timezone', 'timeFormat', 'dateFormat'] });
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const valid = isValidTimeZone(timezone) && (timeFormat === 12 || timeFormat === 24);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Clock preview
      </Text>
      <Text size="sm" data-testid="clock-preview" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {valid ? formatVenueClock(now, { timezone, timeFormat, dateFormat }) : '—'}
      </Text>
      <Text size="xs" c="dimmed">
        The header shows the venue&apos;s date and time like this.
      </Text>
    </Stack>
  );
}

function MoneyFormatInput({
  control,
  register,
  disabled,
  error,
}: {
  control: Control<FormInput, unknown, VenueFields>;
  register: ReturnType<typeof useForm<FormInput, unknown, VenueFields>>['register'];
  disabled: boolean;
  error?: string;
}) {
  const moneyFormat = useWatch({ control, name: 'moneyFormat' });
  const usable = moneyFormat.includes('{{amount}}') || moneyFormat.includes('{{amount_rounded}}');
  return (
    <TextInput
      label="Money format"
      description={
        <>
          {'{{amount}}'} is the amount with cents (1,234.56), {'{{amount_rounded}}'} without (1,235). Preview:{' '}
          <Text span size="xs" fw={600} data-testid="money-preview">
            {usable ? formatMoney(123456, moneyFormat) : '—'}
          </Text>
        </>
      }
      disabled={disabled}
      error={error}
      {...register('moneyFormat')}
    />
  );
}

/** A number setting of the venue; an emptied input leaves no number, which the schema reports under the field. */
function NumberSetting({
  control,
  name,
  whole = false,
  ...input
}: {
  control: Control<VenueFields>;
  name: 'closurePercent' | 'abandonAfterMinutes' | 'reminderLeadHours' | 'ageOfMajority';
  label: string;
  description: string;
  min: number;
  max: number;
  suffix: string;
  whole?: boolean;
  disabled: boolean;
  error?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          {...input}
          allowNegative={false}
          allowDecimal={!whole}
          value={field.value ?? ''}
          onChange={(value) => field.onChange(typeof value === 'number' ? value : value === '' ? undefined : Number(value))}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
