import { randomUUID } from 'node:crypto';
import { and, asc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { likePattern, type Page } from '../../platform/http.js';
import { conflict } from '../../platform/errors.js';
import { storedPhone } from '../../platform/phones.js';
import { hasPassword } from '../../platform/auth.js';
import { session, user } from './schema.js';

/**
 * People and their sign-in. better-auth writes these tables for sign-up, sign-in and password
 * resets (platform/auth.ts); every other change to a person goes through this file.
 */

/** What another module sees of a person. */
export interface Person {
  id: string;
  email: string;
  name: string;
  image: string | null;
}

const personColumns = { id: user.id, email: user.email, name: user.name, image: user.image };

export async function findPerson(db: Db | Tx, userId: string): Promise<Person | null> {
  const [row] = await db.select(personColumns).from(user).where(eq(user.id, userId));
  return row ?? null;
}

export async function findPersonByEmail(db: Db | Tx, email: string): Promise<Person | null> {
  const [row] = await db.select(personColumns).from(user).where(eq(user.email, email));
  return row ?? null;
}

/**
 * The people among `ids` whose name or email contains `search` (literally), by name
 * (case-insensitive), then email.
 */
export async function peopleAmong(db: Db | Tx, ids: string[], search?: string): Promise<Person[]> {
  if (ids.length === 0) return [];
  const pattern = search ? likePattern(search) : undefined;
  return db
    .select(personColumns)
    .from(user)
    .where(and(inArray(user.id, ids), pattern ? or(ilike(user.name, pattern), ilike(user.email, pattern)) : undefined))
    .orderBy(asc(sql`lower(${user.name})`), asc(user.email));
}

/**
 * The person signing in with `email`, created without a password when there is none (an
 * invited person sets one from the mail's link); `hasPassword` says which.
 */
export async function userForEmail(tx: Tx, email: string): Promise<{ id: string; hasPassword: boolean }> {
  await tx
    .insert(user)
    .values({ id: randomUUID(), email, name: email.split('@')[0], emailVerified: false })
    .onConflictDoNothing({ target: user.email });
  const [found] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email));
  return { id: found.id, hasPassword: await hasPassword(tx, found.id) };
}

/**
 * A person's name, phone and picture; an empty picture removes it. The phone is stored E.164, read
 * in `country` (the open venue's). Who may change them is the caller's rule.
 */
export async function updateProfile(
  db: Db | Tx,
  userId: string,
  patch: { name?: string; phone?: string; image?: string | null },
  country: string,
) {
  const phone = patch.phone === undefined ? {} : { phone: storedPhone(patch.phone, country, 'phone') };
  await db
    .update(user)
    .set({ ...patch, ...phone, image: patch.image === '' ? null : patch.image, updatedAt: new Date() })
    .where(eq(user.id, userId));
}

/** The sign-in email; a taken one is a 409. The address is taken as confirmed (the caller checked the password). */
export async function changeEmail(db: Db | Tx, userId: string, newEmail: string) {
  const [taken] = await db.select({ id: user.id }).from(user).where(eq(user.email, newEmail));
  if (taken) throw conflict('That email is already used by another account.', 'email_taken');
  await db.update(user).set({ email: newEmail, emailVerified: true, updatedAt: new Date() }).where(eq(user.id, userId));
}

/** Ends every session of the person but `keepSessionId` (after a password change). */
export async function endOtherSessions(db: Db | Tx, userId: string, keepSessionId: string) {
  await db.delete(session).where(and(eq(session.userId, userId), ne(session.id, keepSessionId)));
}

/** Disables or enables an account; disabling ends its sessions at once. False when there is no such person. */
export async function setDisabled(tx: Tx, userId: string, disabled: boolean): Promise<boolean> {
  const updated = await tx
    .update(user)
    .set({ isDisabled: disabled, updatedAt: new Date() })
    .where(eq(user.id, userId))
    .returning({ id: user.id });
  if (!updated.length) return false;
  if (disabled) await tx.delete(session).where(eq(session.userId, userId));
  return true;
}

export interface AccountSummary {
  id: string;
  email: string;
  name: string;
  isSuperadmin: boolean;
  isDisabled: boolean;
  createdAt: string;
}

/** Every account (the superadmin's list), by email; `search` matches email or name literally. */
export async function listAccounts(db: Db, query: { search?: string; limit: number; offset: number }): Promise<Page<AccountSummary>> {
  const pattern = query.search ? likePattern(query.search) : undefined;
  const where = pattern ? or(ilike(user.email, pattern), ilike(user.name, pattern)) : undefined;
  const rows = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      isSuperadmin: user.isSuperadmin,
      isDisabled: user.isDisabled,
      createdAt: user.createdAt,
    })
    .from(user)
    .where(where)
    .orderBy(user.email)
    .limit(query.limit)
    .offset(query.offset);
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(user)
    .where(where);
  return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total: count };
}

/** The operator's superadmins (SUPERADMIN_EMAILS), set at start-up. */
export async function makeSuperadmins(db: Db, emails: string[]) {
  if (emails.length) await db.update(user).set({ isSuperadmin: true }).where(inArray(user.email, emails));
}

/** The emails of the superadmins whose accounts are enabled (who hear of a venue asking to go live). */
export async function superadminEmails(db: Db | Tx): Promise<string[]> {
  const rows = await db
    .select({ email: user.email })
    .from(user)
    .where(and(eq(user.isSuperadmin, true), eq(user.isDisabled, false)))
    .orderBy(asc(user.email));
  return rows.map((row) => row.email);
}
