import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditChainReport } from '@graftmatch/domain';
import { errors, languageOf } from '../../http/request-kit';
import { verifyAuditChain, type AuditChainDeps } from './audit.chain.service';

/** The audit chain's verification for admins and auditors, under /api/admin. */
export const adminAuditChainRoutes: FastifyPluginAsyncTypebox<{ deps: AuditChainDeps }> = async (app, { deps }) => {
  app.get(
    '/audit/verify',
    {
      schema: {
        operationId: 'verifyAuditChain',
        summary: 'Verify the hash chain and signed checkpoints of the audit log',
        tags: ['admin'],
        response: { 200: AuditChainReport, ...errors },
      },
    },
    async (request) => verifyAuditChain(deps, request.principal, languageOf(request)),
  );
};
