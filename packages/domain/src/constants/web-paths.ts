// The web app's addresses that something outside its router links to: the server's mails and the
// push alerts. The router (apps/web/src/app/router.tsx) serves them; the web-paths test holds the two together.

export const webPaths = {
  /** A graft's details page for a physician. */
  clinicGraft: (lot: string) => `/home/clinic/graft/${encodeURIComponent(lot)}`,
  /** One of the bank's grafts, for its employees. */
  euteDonation: (lot: string) => `/home/eute/donation/${encodeURIComponent(lot)}`,
  /** The physician's graft requests. */
  clinicRequests: '/home/clinic/requests',
  /** The physician's waiting list. */
  clinicWaitingList: '/home/clinic/waitinglist',
  /** The bank's inbox of graft requests. */
  euteRequests: '/home/eute/requests',
  /** A vigilance report's page. */
  vigilanceReport: (id: string) => `/home/vigilance/${encodeURIComponent(id)}`,
  /** The vigilance list. */
  vigilance: '/home/vigilance',
  /** The form a set-password (recovery or invitation) link opens. */
  recover: (token: string) => `/recover/${encodeURIComponent(token)}`,
} as const;
