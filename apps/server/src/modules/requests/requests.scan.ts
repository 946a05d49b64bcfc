import { codeMatchesGraft, formatSingleEuropeanCode, parseGraftCode } from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { ProblemError, fieldError, invalidField } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import type { RequestDetails } from './requests.repository';

// The code read from a graft's package at receipt and implantation (docs/decisions.md, "Scanning").

/**
 * Answers the package's code in the form compared, or refuses: 400 when the text is no graft code,
 * 409 naming both codes when it is another graft's. The mismatch is audited in its own transaction,
 * so the refusal leaves its trace.
 */
export async function checkPackageCode(
  deps: { db: Kysely<DB>; now: () => Date },
  request: RequestDetails,
  text: string | undefined,
  by: { step: 'receive' | 'implant'; userId: string; ip: string | null },
): Promise<string> {
  const code = parseGraftCode(text ?? '');
  if ('error' in code) {
    throw invalidField('problem.requests.packageCodeInvalid', fieldError('sec', code.error));
  }
  const scanned = code.kind === 'lot' ? code.lot : formatSingleEuropeanCode(code.parts);
  if (codeMatchesGraft(code, { lot: request.eLot, sec: request.xSec })) {
    return scanned;
  }
  const expected = request.xSec ?? request.eLot;
  await deps.db.transaction().execute((trx) =>
    recordAudit(trx, {
      actorUserId: by.userId,
      action: 'request.mismatch',
      targetType: 'graftRequest',
      targetId: request.id,
      before: { code: expected },
      after: { code: scanned, step: by.step },
      ip: by.ip,
      at: deps.now(),
    }),
  );
  throw new ProblemError(
    409,
    'Conflict',
    { key: 'problem.requests.packageMismatch', params: { scanned, lot: request.eLot, expected } },
    { expectedCode: expected, scannedCode: scanned },
  );
}
