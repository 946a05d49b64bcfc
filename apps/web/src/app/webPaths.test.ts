import { webPaths } from '@graftmatch/domain';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

// The server's mails link to these addresses: each must open its page, not the not-found page.
describe('the web paths the server links to', () => {
  it.each([
    ['clinicGraft', webPaths.clinicGraft('DE/ABC 1'), 'graft/:lot'],
    ['clinicRequests', webPaths.clinicRequests, 'requests'],
    ['clinicWaitingList', webPaths.clinicWaitingList, 'waitinglist'],
    ['euteDonation', webPaths.euteDonation('DE/ABC 1'), 'donation/:lot'],
    ['euteRequests', webPaths.euteRequests, 'requests'],
    ['recover', webPaths.recover('a-b_C'), '/recover/:token'],
    ['vigilance', webPaths.vigilance, 'home/vigilance'],
    ['vigilanceReport', webPaths.vigilanceReport('3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e'), 'home/vigilance/:id'],
  ])('%s (%s) is served by the route %s', (_name, path, route) => {
    const matched = matchRoutes(routes, path);
    expect(matched?.at(-1)?.route.path).toBe(route);
  });

  it('a lot with a slash stays one path segment', () => {
    expect(matchRoutes(routes, webPaths.clinicGraft('A/B'))?.at(-1)?.params).toEqual({ lot: 'A/B' });
  });
});
