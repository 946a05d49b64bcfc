// Web Push in the service worker (docs/api.md "Alerts"): loaded into the worker vite-plugin-pwa
// generates (vite.config.ts, `workbox.importScripts`). A push shows its notification, a tap opens
// its screen. A payload holds only what the notification shows and a path, never a patient code;
// the page fetches the rest after the tap.

const ICON = '/icons/icon-192.png';
const BADGE = '/icons/badge-96.png';
// A browser demands a notification for every push: one it cannot read still shows the app's name.
const UNREADABLE = { title: 'GraftMatch', body: '', path: '/', tag: 'graftmatch' };

/** @param {PushMessageData | null} data */
function alertOf(data) {
  try {
    const alert = data?.json();
    if (typeof alert?.title !== 'string' || typeof alert.path !== 'string') {
      return UNREADABLE;
    }
    return {
      title: alert.title,
      body: typeof alert.body === 'string' ? alert.body : '',
      path: alert.path,
      tag: alert.object ?? alert.id,
    };
  } catch {
    return UNREADABLE;
  }
}

/** Only the app's own screens open from a tap: a path of another origin opens the home page. */
function urlOf(path) {
  const url = new URL(typeof path === 'string' ? path : '/', self.location.origin);
  return url.origin === self.location.origin ? url.href : new URL('/', self.location.origin).href;
}

self.addEventListener('push', (event) => {
  const alert = alertOf(event.data);
  event.waitUntil(
    self.registration.showNotification(alert.title, {
      body: alert.body,
      tag: alert.tag,
      data: { path: alert.path },
      icon: ICON,
      badge: BADGE,
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = urlOf(event.notification.data?.path);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (!open) {
        await self.clients.openWindow(url);
        return;
      }
      const focused = await open.focus();
      // A window this worker does not control cannot be navigated: a new one opens the screen.
      await focused.navigate(url).catch(() => self.clients.openWindow(url));
    })(),
  );
});
