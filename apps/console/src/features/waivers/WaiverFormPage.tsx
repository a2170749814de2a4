import { lazy, Suspense, useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Anchor, Badge, Box, Button, Grid, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { waiverDefaults, waiverSchema, type Waiver } from '@lanebook/core/waiver-schemas';
import { useSession } from '../../lib/session';
import { showSaveError } from '../../lib/forms';
import { notifyError, notifySuccess } from '../../lib/notify';
import { confirmAction } from '../../components/dialogs';
import { FullPageLoader } from '../../components/FullPageLoader';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { NumberField, TextareaField, TextField } from '../../components/fields/form-fields';
import { FormReadOnlyContext } from '../../components/fields/read-only';
import { useUnsavedChangesGuard } from '../../components/collection/useUnsavedChangesGuard';
import { SigningForm } from '../../components/waivers/SigningForm';
import { createWaiver, type WaiverValues } from './api/create-waiver';
import { updateWaiver } from './api/update-waiver';
import { deleteWaiver } from './api/delete-waiver';
import { waiverQuery } from './api/get-waiver';
import { waiversKey } from './api/keys';
import { WaiverCheckboxesEditor, WaiverFieldsEditor } from './WaiverFields';

// The editor (tiptap and ProseMirror) is a chunk of its own, loaded once the builder shows.
const WaiverTextEditor = lazy(() => import('./WaiverTextEditor'));

/** The preview's age of majority: the venue's own applies when a customer signs. */
const PREVIEW_AGE_OF_MAJORITY = 18;

const newWaiver = (): WaiverValues => ({ title: '', ...waiverDefaults() });

const valuesOf = (waiver: Waiver): WaiverValues => ({
  title: waiver.title,
  intro: waiver.intro,
  text: waiver.text,
  fields: waiver.fields,
  checkboxes: waiver.checkboxes,
  startTimeHours: waiver.startTimeHours,
  cutOffHours: waiver.cutOffHours,
  validForMonths: waiver.validForMonths,
});

/** /waivers/create and /waivers/{id} */
export default function WaiverFormPage() {
  const { id = '' } = useParams();
  const session = useSession();
  const waiver = useQuery(waiverQuery(session.venueId, id));
  if (!id) return <WaiverBuilder waiver={null} />;
  if (waiver.isPending) return <FullPageLoader />;
  if (waiver.isError) return <LoadError error={waiver.error} onRetry={() => waiver.refetch()} />;
  return <WaiverBuilder key={waiver.data.id} waiver={waiver.data} />;
}

function WaiverBuilder({ waiver }: { waiver: Waiver | null }) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canSave = waiver ? session.can('waivers.edit') : session.can('waivers.create');
  const canDelete = waiver !== null && session.can('waivers.delete');
  const form = useForm<WaiverValues, unknown, WaiverValues>({
    resolver: zodResolver(waiverSchema.full),
    defaultValues: waiver ? valuesOf(waiver) : newWaiver(),
  });
  useUnsavedChangesGuard(() => canSave && form.formState.isDirty);

  const save = useMutation({
    mutationFn: (values: WaiverValues) => (waiver ? updateWaiver(waiver.id, values) : createWaiver(values)),
    onSuccess: async (saved) => {
      form.reset(valuesOf(saved));
      notifySuccess(waiver ? 'Waiver saved' : 'Waiver created');
      queryClient.setQueryData([...waiversKey(session.venueId), 'one', saved.id], saved);
      await queryClient.invalidateQueries({ queryKey: waiversKey(session.venueId) });
      if (!waiver) await navigate(`/waivers/${saved.id}`, { replace: true });
    },
    // Field errors come back with the form's own paths (fields.2.label).
    onError: (error) => showSaveError(form, error),
  });
  const remove = useMutation({
    mutationFn: () => deleteWaiver(waiver?.id ?? ''),
    onSuccess: async () => {
      form.reset();
      notifySuccess('Waiver deleted');
      await queryClient.invalidateQueries({ queryKey: waiversKey(session.venueId) });
      await navigate('/waivers');
    },
    onError: notifyError,
  });
  const confirmDelete = async () => {
    const confirmed = await confirmAction({
      title: 'Delete waiver',
      message: `Delete the waiver ${waiver?.title}? Products using it no longer ask for a signature; signatures already made are kept.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (confirmed) remove.mutate();
  };

  // A failed client check scrolls to the first error instead of leaving the Save press silent.
  const { submitCount, errors } = form.formState;
  useEffect(() => {
    if (submitCount && Object.keys(errors).length)
      document.querySelector('[aria-invalid="true"], [data-testid="fields-error"]')?.scrollIntoView({ block: 'center' });
  }, [submitCount, errors]);

  return (
    <>
      <PageHeader
        title={waiver ? waiver.title : 'Create waiver'}
        description={
          <Anchor component={Link} to="/waivers" size="sm">
            <Group gap={4} wrap="nowrap" component="span">
              <IconArrowLeft size={14} />
              Back to waivers
            </Group>
          </Anchor>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <FormReadOnlyContext.Provider value={!canSave}>
            <form
              noValidate
              onSubmit={form.handleSubmit((values) => save.mutate(values))}
              data-testid="waiver-form"
              data-tour="record-form"
            >
              <Stack gap="lg">
                <Paper withBorder radius="md" p="md">
                  <Stack gap="md">
                    <TextField control={form.control} name="title" label="Title" withAsterisk />
                    <TextareaField control={form.control} name="intro" label="Intro" description="Plain text shown above the waiver." />
                    <Suspense
                      fallback={
                        <Group gap="xs" mih={260}>
                          <Loader size="sm" />
                          <Text size="sm" c="dimmed">
                            Loading the editor…
                          </Text>
                        </Group>
                      }
                    >
                      <WaiverTextEditor control={form.control} readOnly={!canSave} />
                    </Suspense>
                  </Stack>
                </Paper>
                <Paper withBorder radius="md" p="md">
                  <WaiverFieldsEditor form={form} />
                </Paper>
                <Paper withBorder radius="md" p="md">
                  <WaiverCheckboxesEditor control={form.control} />
                </Paper>
                <Paper withBorder radius="md" p="md">
                  <Title order={3} size="h4" mb="sm">
                    When customers can sign
                  </Title>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    <NumberField
                      control={form.control}
                      name="startTimeHours"
                      label="Start time (hours before the booking)"
                      description="0: from when the booking is made"
                      min={0}
                      allowDecimal={false}
                    />
                    <NumberField
                      control={form.control}
                      name="cutOffHours"
                      label="Cut-off (hours after the start)"
                      description="0: signing closes at the start"
                      min={0}
                      allowDecimal={false}
                    />
                    <NumberField
                      control={form.control}
                      name="validForMonths"
                      label="Valid for (months)"
                      description="How long a guest's signature counts for their later bookings, up to 60; 0: each booking signs. A new version with changed text asks everyone again."
                      min={0}
                      max={60}
                      allowDecimal={false}
                    />
                  </SimpleGrid>
                </Paper>
                <Group justify="space-between">
                  {canDelete ? (
                    <Button color="red" variant="subtle" onClick={confirmDelete} loading={remove.isPending}>
                      Delete
                    </Button>
                  ) : (
                    <span />
                  )}
                  {canSave ? (
                    <Button type="submit" loading={save.isPending}>
                      Save
                    </Button>
                  ) : null}
                </Group>
              </Stack>
            </form>
          </FormReadOnlyContext.Provider>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Box pos="sticky" top={16}>
            <WaiverPreview control={form.control} />
          </Box>
        </Grid.Col>
      </Grid>
    </>
  );
}

/** The signing form as a customer will see it, from the builder's current values. */
function WaiverPreview({ control }: { control: Control<WaiverValues, unknown, WaiverValues> }) {
  const values = useWatch({ control }) as WaiverValues;
  const preview = {
    ageOfMajority: PREVIEW_AGE_OF_MAJORITY,
    waiver: {
      waiverId: 'preview',
      title: values.title || 'Untitled waiver',
      intro: values.intro ?? '',
      text: values.text ?? '',
      // Rows being typed may lack a label or options yet: the preview shows them as they are.
      fields: (values.fields ?? []).filter((field) => field && (field.key !== null || field.label)),
      checkboxes: (values.checkboxes ?? []).filter((checkbox) => checkbox?.text),
    },
  };
  return (
    <Paper withBorder radius="md" p="md" data-testid="waiver-preview" aria-label="Preview">
      <Group justify="space-between" mb="sm">
        <Text fw={600}>Preview</Text>
        <Badge variant="light" color="gray">
          What the signer sees
        </Badge>
      </Group>
      <Box mah="calc(100vh - 140px)" style={{ overflowY: 'auto' }}>
        <SigningForm
          waiver={preview}
          submitLabel="Sign waiver (preview)"
          onSubmit={() => notifySuccess('The preview checks the form; nothing is signed.')}
        />
      </Box>
    </Paper>
  );
}
