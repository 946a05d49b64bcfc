import type { SystemClient, SystemClientParams } from '@graftmatch/domain';
import { notFound } from '../../http/problem';
import type { Actor } from '../../identity/actor';
import { requireAdmin } from '../../identity/policy';
import { recordAudit } from '../audit/audit.service';
import type { SystemClientsDeps } from './system-clients.deps';
import { toWire } from './system-clients.list';
import * as repo from './system-clients.repository';

/**
 * `POST /admin/system-clients/{type}/{id}/{clientId}/revoke`: the client gets no token any more and
 * its live tokens stop working at once (each call checks the client). Revoking twice changes
 * nothing; the client stays listed, as revoked.
 */
export async function revokeSystemClient(
  deps: SystemClientsDeps,
  actor: Actor,
  params: SystemClientParams,
): Promise<SystemClient> {
  const admin = requireAdmin(actor.principal, { write: true });
  const at = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const client = await repo.findClient(trx, params.clientId);
    if (
      !client ||
      client.organisationType !== params.organisationType ||
      client.organisationId !== params.organisationId
    ) {
      throw notFound({ key: 'problem.systemClients.notFound' });
    }
    if (await repo.revokeClient(trx, client.id, at.toISOString(), admin.userId)) {
      await recordAudit(trx, {
        actorUserId: admin.userId,
        action: 'systemclient.revoke',
        targetType: 'systemClient',
        targetId: client.id,
        after: { name: client.name, organisationType: client.organisationType, organisationId: client.organisationId },
        ip: actor.ip,
        at,
      });
    }
    return toWire((await repo.findClient(trx, client.id))!);
  });
}
