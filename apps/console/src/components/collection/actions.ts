import type { PermissionKey } from '@lanebook/core/permissions';
import { useSession } from '../../lib/session';
import { ApiError } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { confirmAction } from '../dialogs';
import { showAlert } from './feedback';
import { useCollectionMutations } from './queries';
import type { BaseRecord, CollectionArea, CollectionConfig, RecordSchema } from './types';

export type CollectionAction = 'create' | 'edit' | 'delete' | 'pause';

export function isPausedRecord(record: BaseRecord): boolean {
  return Boolean((record as BaseRecord & { isPaused?: boolean }).isPaused);
}

/** What the signed-in user may do with a collection (the server enforces the same keys). */
export function useCollectionPermissions(def: { area: CollectionArea; pausable?: unknown }) {
  const session = useSession();
  const can = (action: CollectionAction) => session.can(`${def.area}.${action}` as PermissionKey);
  return {
    create: can('create'),
    edit: can('edit'),
    delete: can('delete'),
    pause: Boolean(def.pausable) && can('pause'),
  };
}

/**
 * Pause/resume and delete, shared by the list rows and the form page: the confirmation, the
 * toasts and the refusals. A 409 on delete (lane with upcoming bookings, product with active
 * bookings, a tax still used by products...) is a refusal to read, so it is an alert titled
 * Warning with the server's message; anything else is an error toast.
 */
export function useCollectionActions<S extends RecordSchema, R extends BaseRecord, A extends CollectionArea>(
  def: CollectionConfig<S, R, A>,
) {
  const mutations = useCollectionMutations<R>(def.path, def.invalidates);

  const togglePause = async (record: R): Promise<R | null> => {
    const paused = !isPausedRecord(record);
    try {
      const updated = await mutations.setPaused.mutateAsync({ id: record.id, paused });
      notifySuccess(`${def.titleOf(record)} ${paused ? 'paused' : 'resumed'}`);
      return updated;
    } catch (error) {
      notifyError(error);
      return null;
    }
  };

  /** Resolves true when the record is gone. */
  const remove = async (record: R): Promise<boolean> => {
    const title = def.titleOf(record);
    const confirmed = await confirmAction({
      title: `Delete ${def.label.toLowerCase()}`,
      message: `Delete “${title}”? This cannot be undone.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!confirmed) return false;
    try {
      await mutations.remove.mutateAsync(record.id);
      notifySuccess(`${title} deleted`);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) showAlert({ title: 'Warning', message: error.message });
      else notifyError(error);
      return false;
    }
  };

  return { mutations, togglePause, remove };
}
