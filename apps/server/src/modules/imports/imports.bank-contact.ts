import {
  importFieldError,
  type ImportFieldError,
  type ImportNotice,
  type ImportNoticeCode,
  type ImportValue,
  type ImportedFields,
} from '@graftmatch/domain';
import type { EuteRow } from '../../db/types';

// A graft's bank name and contact (`e_Name`, `e_EMail`) come from the bank imported into, not from
// the file: the name is always the bank's record name, and a contact the file leaves empty is the
// bank's (docs/import.md "Bank name and contact", docs/decisions.md).

/** One row's bank name and contact, the error of a name that is another bank's, and what was taken from the record. */
export interface BankContact {
  values: { e_Name: string; e_EMail: ImportValue };
  error: ImportFieldError | null;
  taken: ImportNoticeCode[];
}

/** Names compare as a person reads them: case, spacing and Unicode composition aside. */
const sameName = (a: string, b: string) =>
  a.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase('de') ===
  b.normalize('NFC').replace(/\s+/g, ' ').trim().toLocaleLowerCase('de');

/**
 * `cells` are the row's read values (a column the file lacks is absent), `stored` the graft as
 * stored, or null for a new one. A name cell that differs from the record's fails the row, as an
 * `e_Eute` of another bank does; an empty or missing contact is the bank's e-mail.
 */
export function bankContact(
  cells: Readonly<ImportedFields>,
  stored: Readonly<ImportedFields> | null,
  bank: EuteRow,
): BankContact {
  const taken: ImportNoticeCode[] = [];
  const nameCell = cells.e_Name;
  const error =
    typeof nameCell === 'string' && !sameName(nameCell, bank.name)
      ? importFieldError('e_Name', { key: 'importRow.otherBankNamed', params: { named: nameCell, bank: bank.name } })
      : null;
  if (typeof nameCell !== 'string' && (stored?.e_Name ?? null) !== bank.name) {
    taken.push('bankNameFromRecord');
  }
  const emailCell = cells.e_EMail;
  let email: ImportValue = typeof emailCell === 'string' ? emailCell : (stored?.e_EMail ?? null);
  // An empty cell, or no column for a graft without a contact: the bank's own address.
  if (emailCell === null || email === null) {
    email = bank.email;
    if (email !== null && email !== (stored?.e_EMail ?? null)) {
      taken.push('bankEmailFromRecord');
    }
  }
  return { values: { e_Name: bank.name, e_EMail: email }, error, taken };
}

const NOTICE_TEXT: Record<ImportNoticeCode, { field: string; text: (value: string) => string }> = {
  bankNameFromRecord: { field: 'e_Name', text: (value) => `the bank's record name "${value}" is used` },
  bankEmailFromRecord: { field: 'e_EMail', text: (value) => `the bank's record address ${value} is used` },
};

/** Counts the rows each notice applies to, in the order first seen. */
export class NoticeCounter {
  private readonly counts = new Map<ImportNoticeCode, number>();

  add(codes: readonly ImportNoticeCode[]): void {
    for (const code of codes) {
      this.counts.set(code, (this.counts.get(code) ?? 0) + 1);
    }
  }

  notices(bank: EuteRow): ImportNotice[] {
    return [...this.counts].map(([code, rows]) => {
      const { field, text } = NOTICE_TEXT[code];
      const value = (code === 'bankNameFromRecord' ? bank.name : bank.email) ?? '';
      const where = `${rows} row${rows === 1 ? '' : 's'}`;
      return { code, field, rows, value, message: `${field} is empty or missing in ${where}: ${text(value)}.` };
    });
  }
}
