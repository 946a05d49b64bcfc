import type { User } from '@graftmatch/domain';
import type { UserRow } from '../../db/types';

type UserFields = Pick<
  UserRow,
  | 'id'
  | 'title'
  | 'firstName'
  | 'lastName'
  | 'active'
  | 'email'
  | 'phone'
  | 'audit'
  | 'admin'
  | 'twoFactorTarget'
  | 'language'
>;

/** Row to wire: the User of spec §3 with the memberships the caller chose to show. */
export function userToWire(
  row: UserFields,
  clinics: readonly { id: string; name: string }[],
  eutes: readonly { id: string; name: string }[],
  hasPasskey: boolean,
): User {
  return {
    id: row.id,
    title: row.title,
    firstName: row.firstName,
    lastName: row.lastName,
    active: row.active === 1,
    email: row.email,
    phone: row.phone,
    audit: row.audit === 1,
    admin: row.admin === 1,
    clinics: clinics.map((clinic) => ({ id: clinic.id, c_Name: clinic.name })),
    eutes: eutes.map((eute) => ({ id: eute.id, name: eute.name })),
    twoFactorTarget: row.twoFactorTarget,
    language: row.language,
    hasPasskey,
  };
}
