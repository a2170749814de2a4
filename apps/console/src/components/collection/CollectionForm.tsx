import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useForm, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Badge, Box, Button, Center, EmptyState, Group, Loader, Modal, Paper, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconInfoCircle, IconLock, IconPlayerPause, IconPlayerPlay, IconSearch, IconTrash } from '@tabler/icons-react';
import type { z } from '@lanebook/core/zod';
import { ApiError } from '../../lib/api';
import { showSaveError } from '../../lib/forms';
import { ALERT_MS, notifySuccess } from '../../lib/notify';
import { FullPageLoader } from '../FullPageLoader';
import { PageHeader } from '../PageHeader';
import { errorText } from '../fields/form-fields';
import { FormReadOnlyContext } from '../fields/read-only';
import { isPausedRecord, useCollectionActions, useCollectionPermissions } from './actions';
import { LoadError } from '../LoadError';
import { useCollectionItem } from './queries';
import type { BaseRecord, CollectionArea, CollectionConfig, CollectionFormProps, FormValues, RecordSchema } from './types';
import { confirmDiscard, useUnsavedChangesGuard } from './useUnsavedChangesGuard';
import { changedFields, pickFields } from './values';

type Variant = 'page' | 'modal';
const INVALID_TOAST = 'collection-form-invalid';

interface FormHostProps<S extends RecordSchema, R extends BaseRecord, A extends CollectionArea> {
  def: CollectionConfig<S, R, A>;
  /** null: create a new record. */
  id: string | null;
  variant?: Variant;
  /** Modal: called when the record was saved or deleted, or the user closed it. */
  onDone?: () => void;
  /** Modal: receives the function that closes the form, asking first when there are unsaved changes. */
  closeRef?: RefObject<(() => void) | null>;
}

function BackLink({ def }: { def: { listRoute: string; labelPlural: string } }) {
  return (
    <Anchor component={Link} to={def.listRoute} size="sm" mb="xs" display="inline-block">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={14} />
        Back to {def.labelPlural.toLowerCase()}
      </Group>
    </Anchor>
  );
}

/**
 * A collection record's form: /create shows the collection's defaults, /{id} loads the record.
 * Validation is the collection's zod schema from packages/core (the server runs the same);
 * a new record is POSTed, an existing one PATCHed with only the fields that changed.
 */
export function CollectionForm<S extends RecordSchema, R extends BaseRecord, A extends CollectionArea>({
  def,
  id,
  variant = 'page',
  onDone,
  closeRef,
}: FormHostProps<S, R, A>) {
  const item = useCollectionItem<R>(def.path, id);

  if (id !== null && item.isPending) {
    return variant === 'page' ? (
      <>
        <BackLink def={def} />
        <FullPageLoader />
      </>
    ) : (
      <Center p="xl" data-testid="page-loading">
        <Loader />
      </Center>
    );
  }
  if (id !== null && item.isError) {
    const missing = item.error instanceof ApiError && item.error.status === 404;
    return (
      <>
        {variant === 'page' ? <BackLink def={def} /> : null}
        {missing ? (
          <Paper withBorder radius="md" p="xl" data-testid="not-found">
            <EmptyState
              icon={<IconSearch size={28} />}
              withIndicatorBackground
              title={`${def.label} not found`}
              description="It may have been deleted, or the link belongs to another venue."
            />
          </Paper>
        ) : (
          <LoadError error={item.error} onRetry={() => void item.refetch()} />
        )}
      </>
    );
  }
  // Keyed by id: another record (or create → edit) starts a fresh form.
  return (
    <FormBody
      key={id ?? 'new'}
      def={def}
      record={id !== null ? (item.data ?? null) : null}
      variant={variant}
      onDone={onDone}
      closeRef={closeRef}
    />
  );
}

/** The route page: /{listRoute}/create and /{listRoute}/:id. */
export function CollectionFormPage<S extends RecordSchema, R extends BaseRecord, A extends CollectionArea>({
  def,
}: {
  def: CollectionConfig<S, R, A>;
}) {
  const { id } = useParams();
  return <CollectionForm def={def} id={id ?? null} />;
}

/** The form in a modal, for collections edited from their list (lanes). */
export function CollectionFormModal<S extends RecordSchema, R extends BaseRecord, A extends CollectionArea>({
  def,
  id,
  opened,
  onClose,
}: {
  def: CollectionConfig<S, R, A>;
  id: string | null;
  opened: boolean;
  onClose: () => void;
}) {
  const closeRef = useRef<(() => void) | null>(null);
  return (
    <Modal
      opened={opened}
      onClose={() => (closeRef.current ? closeRef.current() : onClose())}
      title={id === null ? `New ${def.label.toLowerCase()}` : `Edit ${def.label.toLowerCase()}`}
      size="lg"
      centered
    >
      {opened ? <CollectionForm def={def} id={id} variant="modal" onDone={onClose} closeRef={closeRef} /> : null}
    </Modal>
  );
}

function FormBody<S extends RecordSchema, R extends BaseRecord, A extends CollectionArea>({
  def,
  record,
  variant,
  onDone,
  closeRef,
}: {
  def: CollectionConfig<S, R, A>;
  record: R | null;
  variant: Variant;
  onDone?: () => void;
  closeRef?: RefObject<(() => void) | null>;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const permissions = useCollectionPermissions(def);
  const actions = useCollectionActions(def);
  const isNew = record === null;
  const readOnly = !(isNew ? permissions.create : permissions.edit);
  // Read once: the flag is then dropped from history, so a reload does not announce it again.
  const [justCreated] = useState(() => Boolean((location.state as { created?: boolean } | null)?.created));
  useEffect(() => {
    if (justCreated) navigate(location.pathname + location.search, { replace: true, state: null });
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // What the server holds: the form's starting point, and what a PATCH is measured against.
  const [saved, setSaved] = useState<FieldValues | null>(() => (record ? pickFields(def.schema, record) : null));
  const form = useForm<FieldValues>({
    resolver: zodResolver(def.schema.full as z.ZodType<FieldValues, FieldValues>) as Resolver<FieldValues>,
    defaultValues: saved ?? (structuredClone(def.defaults) as FieldValues),
    mode: 'onTouched',
  });
  const { isDirty, isSubmitting } = form.formState;
  const leaving = useRef(false);
  const hasChanges = () => !readOnly && !leaving.current && form.formState.isDirty;
  useUnsavedChangesGuard(hasChanges);

  const itemRoute = (id: string) => `${def.listRoute}/${encodeURIComponent(id)}`;
  const done = () => {
    leaving.current = true;
    if (variant === 'modal') onDone?.();
    else navigate(def.listRoute);
  };

  useEffect(() => {
    if (!closeRef) return;
    closeRef.current = () => {
      if (!hasChanges()) return onDone?.();
      void confirmDiscard().then((discard) => {
        if (!discard) return;
        leaving.current = true;
        onDone?.();
      });
    };
  });

  const saveError = (error: unknown) => {
    // A taken unique key (lane id, promocode) belongs under its field.
    if (error instanceof ApiError && error.status === 409 && error.code === 'duplicate' && def.duplicateField) {
      form.setError(def.duplicateField as Path<FieldValues>, { type: 'server', message: error.message }, { shouldFocus: true });
      return;
    }
    showSaveError(form, error);
  };

  const onValid = async (values: FieldValues) => {
    try {
      if (isNew) {
        // Pausing is its own permission and action (a new product starts paused): never part of a save.
        const { isPaused: _paused, ...body } = pickFields(def.schema, values);
        const created = await actions.mutations.create.mutateAsync(def.pausable ? body : pickFields(def.schema, values));
        notifySuccess(`${def.titleOf(created)} created`);
        leaving.current = true;
        if (variant === 'modal') onDone?.();
        else navigate(itemRoute(created.id), { replace: true, state: { created: true } });
        return;
      }
      const patch = changedFields(def.schema, values, saved ?? {}, { skipId: def.idFromBody });
      if (Object.keys(patch).length === 0) {
        form.reset(saved ?? values);
        notifySuccess('Nothing to save: no changes');
        return;
      }
      const updated = await actions.mutations.update.mutateAsync({ id: record.id, patch });
      const next = pickFields(def.schema, updated);
      setSaved(next);
      form.reset(next);
      notifySuccess('Changes saved');
      if (variant === 'modal') {
        leaving.current = true;
        onDone?.();
      }
    } catch (error) {
      saveError(error);
    }
  };

  // Errors can sit on fields with no focusable input (price groups, custom fields): say so,
  // in one toast that the next try replaces rather than stacks.
  const onInvalid = (errors: object) => {
    notifications.hide(INVALID_TOAST);
    notifications.show({
      id: INVALID_TOAST,
      color: 'red',
      title: 'Check the form',
      message: errorText(errors) ?? 'Some fields need fixing.',
      autoClose: ALERT_MS,
    });
  };

  const togglePause = async () => {
    if (!record) return;
    const updated = await actions.togglePause(record);
    if (!updated) return;
    // Pausing has its own permission and call; the form only follows it.
    const paused = isPausedRecord(updated);
    setSaved((previous) => (previous ? { ...previous, isPaused: paused } : previous));
    if ('isPaused' in form.getValues()) form.resetField('isPaused' as Path<FieldValues>, { defaultValue: paused });
  };

  const remove = async () => {
    if (record && (await actions.remove(record))) done();
  };

  const paused = record ? isPausedRecord(record) : false;
  const canPause = Boolean(def.pausable) && permissions.pause && !isNew;
  const canDelete = permissions.delete && !isNew;
  const pauseButton = canPause ? (
    <Button
      variant="default"
      leftSection={paused ? <IconPlayerPlay size={16} /> : <IconPlayerPause size={16} />}
      loading={actions.mutations.setPaused.isPending}
      onClick={() => void togglePause()}
    >
      {paused ? 'Resume' : 'Pause'}
    </Button>
  ) : null;
  const deleteButton = canDelete ? (
    <Button
      variant="light"
      color="red"
      leftSection={<IconTrash size={16} />}
      loading={actions.mutations.remove.isPending}
      onClick={() => void remove()}
    >
      Delete
    </Button>
  ) : null;

  const typedForm = form as unknown as UseFormReturn<FormValues<S>, unknown, z.output<S['full']>>;
  const formProps: CollectionFormProps<S, R> = { form: typedForm, control: typedForm.control, record, readOnly, justCreated };
  const Fields = def.Form;

  let notice: ReactNode = null;
  if (readOnly) {
    notice = (
      <Alert color="blue" icon={<IconLock size={18} />} data-testid="read-only">
        You can view this {def.label.toLowerCase()} but not change it. Ask an owner for the permission to edit{' '}
        {def.labelPlural.toLowerCase()}.
      </Alert>
    );
  } else if (isNew && def.createNotice) {
    notice = (
      <Alert color="blue" icon={<IconInfoCircle size={18} />}>
        {def.createNotice}
      </Alert>
    );
  } else if (paused && def.pausedNotice) {
    notice = (
      <Alert color="orange" icon={<IconPlayerPause size={18} />} data-testid="paused-notice">
        <Group justify="space-between" gap="sm">
          <span>{def.pausedNotice}</span>
          {canPause ? (
            <Button
              size="xs"
              color="green"
              leftSection={<IconPlayerPlay size={14} />}
              loading={actions.mutations.setPaused.isPending}
              onClick={() => void togglePause()}
            >
              Activate
            </Button>
          ) : null}
        </Group>
      </Alert>
    );
  }

  const body = (
    <FormReadOnlyContext.Provider value={readOnly}>
      <Stack gap="lg">
        {notice}
        <Fields {...formProps} />
      </Stack>
    </FormReadOnlyContext.Provider>
  );

  const saveButton = readOnly ? null : (
    <Button type="submit" loading={isSubmitting} data-tour="record-save">
      Save
    </Button>
  );

  if (variant === 'modal') {
    return (
      <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate data-tour="record-form">
        {body}
        <Group justify="space-between" mt="xl" gap="sm">
          <Group gap="sm">
            {deleteButton}
            {pauseButton}
          </Group>
          <Group gap="sm">
            <Button variant="default" onClick={() => closeRef?.current?.()}>
              {readOnly ? 'Close' : 'Cancel'}
            </Button>
            {saveButton}
          </Group>
        </Group>
      </form>
    );
  }

  return (
    <>
      <BackLink def={def} />
      <PageHeader
        title={record ? def.titleOf(record) : `New ${def.label.toLowerCase()}`}
        description={
          record && def.pausable ? (
            <Badge component="span" color={paused ? 'gray' : 'green'} variant="light" data-testid="record-status">
              {paused ? 'Paused' : 'Active'}
            </Badge>
          ) : undefined
        }
        actions={
          pauseButton || deleteButton ? (
            <>
              {pauseButton}
              {deleteButton}
            </>
          ) : undefined
        }
      />
      <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate data-tour="record-form">
        <Box maw={1040}>{body}</Box>
        {readOnly ? null : (
          // Stays in reach at the bottom of long forms (products).
          <Paper
            pos="sticky"
            bottom={0}
            mt="xl"
            py="sm"
            px="md"
            withBorder
            radius={0}
            maw={1040}
            style={{ zIndex: 5, borderLeft: 0, borderRight: 0, borderBottom: 0 }}
          >
            <Group justify="flex-end" gap="sm">
              {isDirty ? (
                <Badge color="yellow" variant="light" mr="auto" data-testid="unsaved-badge">
                  Unsaved changes
                </Badge>
              ) : null}
              <Button variant="default" component={Link} to={def.listRoute}>
                Cancel
              </Button>
              {saveButton}
            </Group>
          </Paper>
        )}
      </form>
      {record && def.RecordPanel ? (
        <Box maw={1040} mt="xl">
          <def.RecordPanel record={record} />
        </Box>
      ) : null}
    </>
  );
}
