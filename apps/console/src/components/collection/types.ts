import type { ComponentType, ReactNode } from 'react';
import type { Control, DefaultValues, UseFormReturn } from 'react-hook-form';
import type { z } from '@lanebook/core/zod';
import type { PERMISSION_AREAS, PermissionArea } from '@lanebook/core/permissions';
import type { CollectionName } from './queries';

/**
 * How the console declares a venue collection (lanes, products, taxes, ...). One declaration
 * drives the list page, the form page (or modal), the query hooks and the permission checks;
 * see defineCollection in ./define.tsx.
 */

/** The `xxxSchema` triple of packages/core (recordSchema): the server validates with the very same. */
export interface RecordSchema {
  fields: z.ZodObject;
  full: z.ZodType;
  patch: z.ZodObject;
}

export interface BaseRecord {
  id: string;
  createdAt: string;
  updatedAt: string;
}

/** What the form edits: the schema's fields as typed in (before zod's trims). */
export type FormValues<S extends RecordSchema> = z.input<S['fields']>;
/** A record as the API sends it: the schema's fields plus id and timestamps. */
export type RecordOf<S extends RecordSchema> = z.output<S['fields']> & BaseRecord;

type ActionsOf<A extends PermissionArea> = (typeof PERMISSION_AREAS)[A][number];
type AreaWith<Action extends string> = { [A in PermissionArea]: Action extends ActionsOf<A> ? A : never }[PermissionArea];
/** Areas with create, edit and delete keys: the ones a collection can belong to. */
export type CollectionArea = AreaWith<'create'> & AreaWith<'edit'> & AreaWith<'delete'>;
/** Areas with a pause key: only their collections may be pausable. */
export type PausableArea = CollectionArea & AreaWith<'pause'>;

export interface Column<R> {
  key: string;
  header: string;
  render: (record: R) => ReactNode;
  /** Right-align numbers and money. */
  numeric?: boolean;
  /** Left out of the mobile card (the first column is the card's title). */
  hideOnMobile?: boolean;
}

/** One choice of the sort select: a server sort key and a direction. */
export interface SortOption {
  label: string;
  sort: string;
  order: 'asc' | 'desc';
}

export interface CollectionFormProps<S extends RecordSchema, R> {
  form: UseFormReturn<FormValues<S>, unknown, z.output<S['full']>>;
  control: Control<FormValues<S>, unknown, z.output<S['full']>>;
  /** The saved record; null while creating. */
  record: R | null;
  readOnly: boolean;
  /** True on the first visit of a record's page right after it was created here. */
  justCreated: boolean;
}

export interface CollectionConfig<S extends RecordSchema, R extends BaseRecord, A extends CollectionArea> {
  /** API path segment: /api/private/{path}; also the first element of every query key. */
  path: CollectionName;
  /** Permission area: buttons follow `{area}.create|edit|delete|pause`. */
  area: A;
  /** Singular and plural names as shown to people, e.g. "Tax", "Taxes". */
  label: string;
  labelPlural: string;
  /** The list page's title when it is not labelPlural ("Lane management"). */
  title?: string;
  /** Console route of the list; items live at {listRoute}/create and {listRoute}/{id}. */
  listRoute: string;
  description?: ReactNode;
  schema: S;
  /** A new record's form values. */
  defaults: DefaultValues<FormValues<S>>;
  /** The record's name in headings, links and confirmations. */
  titleOf: (record: R) => string;
  columns: Column<R>[];
  searchPlaceholder: string;
  /** The first one is the default. */
  sorts: SortOption[];
  /** Pause/resume through POST /{id}/pause|resume (record has isPaused). */
  pausable?: A extends PausableArea ? boolean : never;
  /** The id is typed by the user (lanes): it is part of the form, fixed once created. */
  idFromBody?: boolean;
  /** The field a 409 "duplicate" belongs under (lanes: id, promocodes: code). */
  duplicateField?: string;
  emptyState: { title: string; description: string; icon: ReactNode };
  /** Shown above a new record's form, e.g. "New products start paused". */
  createNotice?: ReactNode;
  /** Shown above a paused record's form with an Activate button (resume), e.g. "Paused: customers cannot book it". */
  pausedNotice?: ReactNode;
  /** Other collections whose cached data a change here makes stale (a deleted lane leaves products). */
  invalidates?: CollectionName[];
  Form: ComponentType<CollectionFormProps<S, R>>;
  /** Shown on a saved record's page below its form, outside it (an affiliate's link and statement). */
  RecordPanel?: ComponentType<{ record: R }>;
}

export interface Collection<S extends RecordSchema, R extends BaseRecord, A extends CollectionArea> extends CollectionConfig<S, R, A> {
  /** Route pages, bound to this declaration: list, and create/edit by :id. */
  ListPage: ComponentType;
  FormPage: ComponentType;
}

/** What route-table.ts lazy-loads from a collection file's default export. */
export interface CollectionPages {
  ListPage: ComponentType;
  FormPage: ComponentType;
}
