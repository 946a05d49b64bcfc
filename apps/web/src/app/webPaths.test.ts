import { webPaths } from '@graftmatch/domain';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

// The server's mails link to these addresses: each must open its page, not the not-found page.
describe('the web paths the server links to', () => {
  it.each([
    ['clinicGraft', webPaths.clinicGraft('DE/ABC 1'), 'graft/:lot'],
    ['clinicRequests', webPaths.clinicRequests, 'requests'],
    ['clinicFollowUps', webPaths.clinicFollowUps({ state: 'due', lot: 'DE/ABC 1' }), 'followups'],
    ['clinicWaitingList', webPaths.clinicWaitingList, 'waitinglist'],
    ['euteDonation', webPaths.euteDonation('DE/ABC 1'), 'donation/:lot'],
    ['euteRequests', webPaths.euteRequests, 'requests'],
    ['recover', webPaths.recover('a-b_C'), '/recover/:token'],
    ['login', webPaths.login, '/login'],
    ['loginRefusedBySso', webPaths.loginRefusedBySso('no-account'), '/login'],
    ['ssoHandover', webPaths.ssoHandover('a-b_C'), '/login/sso'],
    ['vigilance', webPaths.vigilance, 'home/vigilance'],
    ['quality', webPaths.quality, 'home/quality'],
    ['notifications', webPaths.notifications, 'home/notifications'],
    ['settings', webPaths.settings, 'home/settings'],
    ['vigilanceReport', webPaths.vigilanceReport('3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e'), 'home/vigilance/:id'],
  ])('%s (%s) is served by the route %s', (_name, path, route) => {
    const matched = matchRoutes(routes, path);
    expect(matched?.at(-1)?.route.path).toBe(route);
  });

  // Every address of webPaths opens a page; a new one does not compile here until it is named.
  const everyPath: Record<keyof typeof webPaths, string> = {
    home: webPaths.home,
    login: webPaths.login,
    loginRefusedBySso: webPaths.loginRefusedBySso('deactivated'),
    ssoHandover: webPaths.ssoHandover('a-b_C'),
    password: webPaths.password,
    graftHistory: webPaths.graftHistory('DE/ABC 1'),
    clinicSearch: webPaths.clinicSearch('aortic_valve'),
    clinicGraft: webPaths.clinicGraft('DE/ABC 1'),
    clinicCompare: webPaths.clinicCompare(['A', 'B']),
    clinicCurrent: webPaths.clinicCurrent,
    clinicArchive: webPaths.clinicArchive,
    clinicRequests: webPaths.clinicRequests,
    clinicRequestsIn: webPaths.clinicRequestsIn('reserved'),
    clinicWaitingList: webPaths.clinicWaitingList,
    clinicWaitingListNeeding: webPaths.clinicWaitingListNeeding('atRisk'),
    clinicFollowUps: webPaths.clinicFollowUps(),
    eute: webPaths.eute,
    euteDemand: webPaths.euteDemand,
    euteStock: webPaths.euteStock({ state: 'free', type: 5, dMin: 20, dMax: 21.99 }),
    euteArchive: webPaths.euteArchive,
    euteDonation: webPaths.euteDonation('DE/ABC 1'),
    euteRequests: webPaths.euteRequests,
    euteRequestsShowing: webPaths.euteRequestsShowing('lapsing'),
    vigilanceReport: webPaths.vigilanceReport('3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e'),
    vigilance: webPaths.vigilance,
    openVigilance: webPaths.openVigilance,
    quality: webPaths.quality,
    notifications: webPaths.notifications,
    settings: webPaths.settings,
    imports: webPaths.imports,
    importLogs: webPaths.importLogs,
    importLog: webPaths.importLog('3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e'),
    admin: webPaths.admin,
    adminUsers: webPaths.adminUsers({ show: 'locked' }),
    adminClinics: webPaths.adminClinics({ selected: '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e' }),
    adminEutes: webPaths.adminEutes(),
    adminAuditLog: webPaths.adminAuditLog,
    adminMails: webPaths.adminMails({ state: 'failed' }),
    recover: webPaths.recover('a-b_C'),
  };
  it.each(Object.entries(everyPath))('%s (%s) opens a page, not the not-found page', (_name, path) => {
    const leaf = matchRoutes(routes, path)?.at(-1)?.route;
    expect(leaf).toBeDefined();
    expect(leaf?.path).not.toBe('*');
  });

  it('a list view keeps its filters in the order given, each once, and leaves out the empty ones', () => {
    expect(webPaths.euteStock({ state: 'free', type: 5, dMin: 20, dMax: 21.99 })).toBe(
      '/home/eute/current?state=free&type=5&dMin=20&dMax=21.99',
    );
    expect(webPaths.adminUsers({ selected: 'a b' })).toBe('/home/admin/users?selected=a%20b');
    expect(webPaths.clinicFollowUps({ state: '', lot: 'DE/1' })).toBe('/home/clinic/followups?lot=DE%2F1');
    expect(webPaths.euteStock()).toBe('/home/eute/current');
  });

  it('a lot with a slash stays one path segment', () => {
    expect(matchRoutes(routes, webPaths.clinicGraft('A/B'))?.at(-1)?.params).toEqual({ lot: 'A/B' });
  });
});
