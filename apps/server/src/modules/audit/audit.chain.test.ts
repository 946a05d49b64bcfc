import { describe, expect, it } from 'vitest';
import { legacyChainHash } from '../../db/migrations/2026-11-26-tamper-evident-audit';
import { GENESIS_HASH, canonicalAuditBytes, chainHash, type ChainedFields } from './audit.chain';

const ROW: ChainedFields = {
  seq: 1,
  id: '0b8f1d2e-4c3a-4f5e-9a7b-1c2d3e4f5a6b',
  at: '2026-11-26T15:00:00.000Z',
  actorUserId: 'u1',
  action: 'waitinglist.add',
  targetType: 'waitingListEntry',
  targetId: 'w1',
  before: null,
  after: '{"patientCode":"M-05-2020","ü":"ß"}',
  ip: '127.0.0.1',
};

describe('the audit chain (docs/security.md)', () => {
  it('writes a row as JSON with sorted keys, text columns byte for byte', () => {
    expect(canonicalAuditBytes(ROW).toString('utf8')).toBe(
      '{"action":"waitinglist.add","actor_user_id":"u1","after":"{\\"patientCode\\":\\"M-05-2020\\",\\"ü\\":\\"ß\\"}",' +
        '"at":"2026-11-26T15:00:00.000Z","before":null,"id":"0b8f1d2e-4c3a-4f5e-9a7b-1c2d3e4f5a6b","ip":"127.0.0.1",' +
        '"seq":1,"target_id":"w1","target_type":"waitingListEntry"}',
    );
  });

  it('hashes SHA-256(previous hash bytes ‖ canonical bytes), so the same row after another row hashes differently', () => {
    const first = chainHash(GENESIS_HASH, ROW);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(chainHash(GENESIS_HASH, ROW)).toBe(first);
    expect(chainHash(first, { ...ROW, seq: 2 })).not.toBe(chainHash(GENESIS_HASH, { ...ROW, seq: 2 }));
  });

  it('changes with every field, including a null that becomes empty text', () => {
    const first = chainHash(GENESIS_HASH, ROW);
    const changed: ChainedFields[] = [
      { ...ROW, seq: 2 },
      { ...ROW, id: `${ROW.id.slice(0, -1)}c` },
      { ...ROW, at: '2026-11-26T15:00:00.001Z' },
      { ...ROW, actorUserId: null },
      { ...ROW, action: 'waitinglist.remove' },
      { ...ROW, targetType: 'graft' },
      { ...ROW, targetId: 'w2' },
      { ...ROW, before: '' },
      { ...ROW, after: ROW.after?.replace('2020', '2021') ?? null },
      { ...ROW, ip: null },
    ];
    const hashes = new Set(changed.map((row) => chainHash(GENESIS_HASH, row)));
    expect(hashes.size).toBe(changed.length);
    expect(hashes.has(first)).toBe(false);
  });

  it('computes the same hashes as the frozen copy in the migration that chained the rows of before', () => {
    const legacy = {
      id: ROW.id,
      at: ROW.at,
      actor: ROW.actorUserId,
      action: ROW.action,
      ttype: ROW.targetType,
      tid: ROW.targetId,
      before: ROW.before,
      after: ROW.after,
      ip: ROW.ip,
    };
    const first = chainHash(GENESIS_HASH, ROW);
    expect(legacyChainHash(GENESIS_HASH, 1, legacy)).toBe(first);
    expect(legacyChainHash(first, 2, legacy)).toBe(chainHash(first, { ...ROW, seq: 2 }));
  });
});
