import { describe, expect, it } from 'vitest';
import { call, pathOf } from './call';

describe('pathOf', () => {
  it('fills in path parameters, encoded', () => {
    expect(pathOf('/physician/graftsearch/{lot}', { params: { lot: 'A/1 2' } })).toBe(
      '/physician/graftsearch/A%2F1%202',
    );
  });

  it('appends only the query values that are set, trimmed', () => {
    expect(
      pathOf('/admin/auditlog', { query: { limit: 50, offset: 0, action: ' user.add ', actorId: '', to: undefined } }),
    ).toBe('/admin/auditlog?limit=50&offset=0&action=user.add');
    expect(pathOf('/admin/users', { query: { active: undefined } })).toBe('/admin/users');
  });

  it('refuses a missing path parameter', () => {
    expect(() => pathOf('/admin/user/{id}', {})).toThrow('needs the path parameter id');
  });
});

/**
 * Never run, only compiled (`npm run typecheck`): each call below is wrong in one way, and the
 * typecheck fails if it is accepted. So a path, parameter or field that differs from the route
 * table, and through it from the domain's schemas, breaks the web build.
 */
export function wrongCallsDoNotCompile() {
  // @ts-expect-error a path the API does not have
  void call('GET /admin/userz');
  // @ts-expect-error a path parameter under another name
  void call('GET /admin/user/{id}', { params: { userId: 'x' } });
  // @ts-expect-error a path parameter left out
  void call('GET /admin/user/{id}');
  // @ts-expect-error a body field the clinic schema names c_Name
  void call('POST /admin/clinics/add', { body: { name: 'Klinik' } });
  // @ts-expect-error the search takes a body
  void call('POST /physician/graftsearch');
  // @ts-expect-error an answer field the graft schema does not have
  void call('GET /physician/graftsearch/{lot}', { params: { lot: 'x' } }).then((graft) => graft.lot);
}
