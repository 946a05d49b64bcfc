import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens';

const secret = new TextEncoder().encode('unit-test-secret-unit-test-secret-0123456789');

describe('JWTs (docs/decisions.md §7)', () => {
  let clock = new Date('2026-01-01T10:00:00.000Z');
  const tokens = createTokenService(secret, () => clock);

  it('accepts each kind of token only where that kind is expected', async () => {
    const access = await tokens.issueAccess({ userId: 'u1', sessionId: 's1' });
    const refresh = await tokens.issueRefresh(
      { userId: 'u1', sessionId: 's1', tokenId: 't1' },
      new Date('2026-01-10T00:00:00Z'),
    );
    const twoFactor = await tokens.issueTwoFactor({ userId: 'u1', twoFactorId: 'c1' });
    // It lives 15 minutes from issue.
    expect(await tokens.verifyAccess(access)).toEqual({
      userId: 'u1',
      sessionId: 's1',
      expiresAtMs: Date.parse('2026-01-01T10:15:00.000Z'),
    });
    expect(await tokens.verifyRefresh(refresh)).toEqual({ userId: 'u1', sessionId: 's1', tokenId: 't1' });
    expect(await tokens.verifyTwoFactor(twoFactor)).toEqual({ userId: 'u1', twoFactorId: 'c1' });
    for (const wrongKind of [refresh, twoFactor]) {
      expect(await tokens.verifyAccess(wrongKind)).toBeNull();
    }
    expect(await tokens.verifyRefresh(access)).toBeNull();
    expect(await tokens.verifyTwoFactor(access)).toBeNull();
  });

  it('lets an access token live 15 minutes and a two-factor token 10', async () => {
    const access = await tokens.issueAccess({ userId: 'u1', sessionId: 's1' });
    const twoFactor = await tokens.issueTwoFactor({ userId: 'u1', twoFactorId: 'c1' });
    clock = new Date(clock.getTime() + 9 * 60_000);
    expect(await tokens.verifyTwoFactor(twoFactor)).not.toBeNull();
    clock = new Date(clock.getTime() + 60_000);
    expect(await tokens.verifyTwoFactor(twoFactor)).toBeNull();
    expect(await tokens.verifyAccess(access)).not.toBeNull();
    clock = new Date(clock.getTime() + 5 * 60_000);
    expect(await tokens.verifyAccess(access)).toBeNull();
  });

  it('refuses other algorithms, audiences and issuers even when signed with the right secret', async () => {
    const claims = { token_use: 'access', sid: 's1' };
    const sign = (alg: string, audience: string, issuer: string) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg })
        .setSubject('u1')
        .setJti('j')
        .setAudience(audience)
        .setIssuer(issuer)
        .setIssuedAt(clock)
        .setExpirationTime(new Date(clock.getTime() + 60_000))
        .sign(secret);
    expect(await tokens.verifyAccess(await sign('HS256', 'graftmatch-api', 'graftmatch'))).not.toBeNull();
    expect(await tokens.verifyAccess(await sign('HS512', 'graftmatch-api', 'graftmatch'))).toBeNull();
    expect(await tokens.verifyAccess(await sign('HS256', 'another-api', 'graftmatch'))).toBeNull();
    expect(await tokens.verifyAccess(await sign('HS256', 'graftmatch-api', 'someone-else'))).toBeNull();
  });
});
