import { Alert, Badge, Box, Button, ColorSwatch, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { IconAppWindow, IconInfoCircle, IconStarFilled } from '@tabler/icons-react';
import {
  COLOR_PRESETS,
  DEFAULT_COLORS,
  WIDGET_FONTS,
  WIDGET_VIEW_MODES,
  widgetTemplateDefaults,
  widgetTemplateSchema,
  type WidgetTemplate,
} from '@lanebook/core/catalog';
import { textColorOn, textColorOnWhite } from '@lanebook/core/color';
import { AVAILABILITY_COLORS, AVAILABILITY_LABELS, availabilityColor, type Availability } from '@lanebook/core/availability';
import { defineCollection } from '../../components/collection/define';
import { FormSection } from '../../components/collection/FormSection';
import type { CollectionFormProps } from '../../components/collection/types';
import { EntityName } from '../../components/fields/EntitySelect';
import { ColorField, EntitySelectField, RadioField, SelectField, SwitchField, TextField } from '../../components/fields/form-fields';
import { useFormReadOnly } from '../../components/fields/read-only';
import { WidgetDemoLink, WidgetPreview, WidgetSnippet } from '../../components/WidgetEmbed';
import { useSession } from '../../lib/session';
import { PRODUCTS } from './refs';

type Props = CollectionFormProps<typeof widgetTemplateSchema, WidgetTemplate>;
type Colors = { primary: string; secondary: string };

const THEMES: { label: string; colors: Colors }[] = [
  { label: 'Default theme', colors: DEFAULT_COLORS },
  ...(Object.entries(COLOR_PRESETS) as [string, Colors][]).map(([name, colors]) => ({ label: `Preset ${name}`, colors })),
];
const SERIF = new Set(['Georgia', 'Times New Roman']);
const MODE_LABELS: Record<(typeof WIDGET_VIEW_MODES)[number], string> = { detailed: 'Detailed', compact: 'Compact', table: 'Table' };

/** One click sets both theme colors. */
function ThemeButtons({ form }: { form: Props['form'] }) {
  const readOnly = useFormReadOnly();
  if (readOnly) return null;
  const apply = (colors: Colors) => {
    form.setValue('view.colors.primary', colors.primary, { shouldDirty: true, shouldValidate: true });
    form.setValue('view.colors.secondary', colors.secondary, { shouldDirty: true, shouldValidate: true });
  };
  return (
    <Group gap="xs" role="group" aria-label="Color themes">
      {THEMES.map((theme) => (
        <Button
          key={theme.label}
          variant="default"
          size="xs"
          onClick={() => apply(theme.colors)}
          leftSection={
            <Group gap={2} wrap="nowrap">
              <ColorSwatch color={theme.colors.primary} size={14} />
              <ColorSwatch color={theme.colors.secondary} size={14} />
            </Group>
          }
        >
          {theme.label}
        </Button>
      ))}
    </Group>
  );
}

/** A rough look at the widget with the chosen font and colors. */
function Preview({ control }: { control: Props['control'] }) {
  const view = useWatch({ control, name: 'view' });
  const availability = (['low', 'moderate', 'high'] as Availability[]).map((level) => ({
    label: AVAILABILITY_LABELS[level],
    color: availabilityColor(level, view.colors.primary),
  }));
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      style={{ fontFamily: `"${view.fontFamily}", ${SERIF.has(view.fontFamily) ? 'serif' : 'sans-serif'}`, alignSelf: 'start' }}
    >
      <Text size="xs" c="dimmed" mb={6} style={{ fontFamily: 'inherit' }}>
        Preview
      </Text>
      {/* In the colours the widget really shows: a light one is darkened for text, as the widget does. */}
      <Text fw={700} c={textColorOnWhite(view.colors.secondary)} style={{ fontFamily: 'inherit' }}>
        Choose a product
      </Text>
      <Group gap="xs" mt="xs">
        {view.isUseAvailabilityColors
          ? availability.map((slot) => (
              <Box
                key={slot.label}
                px={8}
                py={2}
                // As the widget shows a slot: its label in the text colour, the availability in the left border.
                style={{
                  border: '1px solid var(--mantine-color-gray-4)',
                  borderLeft: `4px solid ${slot.color}`,
                  borderRadius: 4,
                  fontSize: 12,
                }}
              >
                {slot.label}
              </Box>
            ))
          : null}
      </Group>
      <Box
        mt="sm"
        px="md"
        py={6}
        style={{
          background: view.colors.primary,
          color: textColorOn(view.colors.primary),
          borderRadius: 6,
          display: 'inline-block',
          fontSize: 14,
        }}
      >
        Book now
      </Box>
    </Paper>
  );
}

/**
 * How to put a saved template on a site: its snippet and the widget itself, live, on the demo
 * page the server serves. The preview follows the saved template, so it loads again after a save.
 */
function EmbedSection({ template }: { template: WidgetTemplate }) {
  const { venueId } = useSession();
  if (!venueId) return null;
  return (
    <FormSection
      title="Embed on your web site"
      description="Paste this snippet into the HTML of the page where the booking widget should appear."
    >
      <WidgetSnippet venueId={venueId} templateId={template.id} />
      <Text size="sm" c="dimmed" data-testid="default-template-note">
        Without data-template, the widget uses your default template
        {template.isDefault ? ', which is this one.' : '.'}
      </Text>
      {template.isActive ? null : (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />} data-testid="inactive-template-note">
          This template is inactive: the widget will not show it until you make it active.
        </Alert>
      )}
      <WidgetPreview venueId={venueId} templateId={template.id} version={template.updatedAt} />
      <WidgetDemoLink venueId={venueId} templateId={template.id}>
        Open the preview in a new tab
      </WidgetDemoLink>
    </FormSection>
  );
}

function WidgetTemplateForm({ form, control, record }: Props) {
  const useAvailability = useWatch({ control, name: 'view.isUseAvailabilityColors' });
  return (
    <Stack gap="lg">
      <FormSection title="Template">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField control={control} name="name" label="Name" withAsterisk placeholder="Main booking widget" />
          <EntitySelectField
            control={control}
            name="productId"
            source={PRODUCTS}
            label="Product"
            placeholder="All products"
            description="Leave empty to let customers choose a product."
          />
        </SimpleGrid>
        <RadioField
          control={control}
          name="position"
          label="Position"
          options={[
            { value: 'embedded', label: 'Embedded', description: 'Inside a page of your site.' },
            { value: 'floating', label: 'Floating', description: 'A button in the corner opens it.' },
          ]}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SwitchField control={control} name="isHideBeacon" label="Hide beacon" description="Do not show the floating launcher button." />
          <SwitchField
            control={control}
            name="isPromocodesAvailable"
            label="Promocodes available"
            description="Customers can enter a promocode."
          />
          <SwitchField control={control} name="isActive" label="Active" />
          <SwitchField
            control={control}
            name="isDefault"
            label="Default template"
            description="Only one template is the default: saving this one as default takes the flag off the other."
          />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Look">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="md">
            <SelectField control={control} name="view.fontFamily" label="Font" data={[...WIDGET_FONTS]} />
            <RadioField
              control={control}
              name="view.viewMode"
              label="View mode"
              options={WIDGET_VIEW_MODES.map((mode) => ({ value: mode, label: MODE_LABELS[mode] }))}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <ColorField control={control} name="view.colors.primary" label="Primary color" />
              <ColorField control={control} name="view.colors.secondary" label="Secondary color" />
            </SimpleGrid>
            <ThemeButtons form={form} />
            <SwitchField
              control={control}
              name="view.isUseAvailabilityColors"
              label="Use availability colors"
              description="Color time slots by how many places are left."
            />
            {useAvailability ? (
              <Group gap="md" data-testid="availability-colors">
                <Group gap={6}>
                  <ColorSwatch color={AVAILABILITY_COLORS.low} size={16} />
                  <Text size="sm">Low {AVAILABILITY_COLORS.low}</Text>
                </Group>
                <Group gap={6}>
                  <ColorSwatch color={AVAILABILITY_COLORS.moderate} size={16} />
                  <Text size="sm">Moderate {AVAILABILITY_COLORS.moderate}</Text>
                </Group>
                <Group gap={6}>
                  <Text size="sm">High: the primary color</Text>
                </Group>
              </Group>
            ) : null}
          </Stack>
          <Preview control={control} />
        </SimpleGrid>
      </FormSection>

      {record ? <EmbedSection template={record} /> : null}
    </Stack>
  );
}

export default defineCollection<typeof widgetTemplateSchema, WidgetTemplate>({
  path: 'widget-templates',
  area: 'widgetTemplates',
  label: 'Widget template',
  labelPlural: 'Widget templates',
  listRoute: '/settings/widget-templates',
  description: 'How the booking widget looks on your site. The default template is used unless another is chosen.',
  schema: widgetTemplateSchema,
  defaults: { ...widgetTemplateDefaults, name: '' },
  titleOf: (template) => template.name,
  columns: [
    {
      key: 'name',
      header: 'Name',
      render: (template) => (
        <Group gap="xs" wrap="nowrap" component="span">
          {template.name}
          {template.isDefault ? (
            <Badge size="sm" variant="light" color="yellow" leftSection={<IconStarFilled size={10} />} data-testid="default-badge">
              Default
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      key: 'product',
      header: 'Product',
      render: (template) => <EntityName source={PRODUCTS} id={template.productId} none="All products" />,
    },
    { key: 'position', header: 'Position', render: (template) => (template.position === 'embedded' ? 'Embedded' : 'Floating') },
    {
      key: 'active',
      header: 'Status',
      render: (template) => (
        <Badge color={template.isActive ? 'green' : 'gray'} variant="light">
          {template.isActive ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
  ],
  searchPlaceholder: 'Template name',
  sorts: [
    { label: 'Name A-Z', sort: 'name', order: 'asc' },
    { label: 'Name Z-A', sort: 'name', order: 'desc' },
    { label: 'Newest', sort: 'createdAt', order: 'desc' },
  ],
  emptyState: {
    title: 'No widget templates yet',
    description:
      'You do not need one: the snippet under Settings → Venue (Online booking) already shows the widget in the default look. Create a template to change its colours, font, position or product.',
    icon: <IconAppWindow size={28} />,
  },
  Form: WidgetTemplateForm,
});
