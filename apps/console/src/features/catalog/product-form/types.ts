import type { Product, productSchema } from '@lanebook/core/products';
import type { CollectionFormProps } from '../../../components/collection/types';

export type ProductFormProps = CollectionFormProps<typeof productSchema, Product>;
export type ProductControl = ProductFormProps['control'];

/** A key for a new price group or custom field: unique enough within one product. */
export function newKey(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
