import type { Graft } from '@graftmatch/domain';
import { call } from '../../api/call';

/** The graft a package's code names, if the caller may see it. */
export function findGraftByCode(code: string): Promise<Graft> {
  return call('GET /grafts/by-code/{code}', { params: { code: code.trim() } });
}
