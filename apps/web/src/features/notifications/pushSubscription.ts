import type { AddPushSubscriptionRequest, PushDevice } from '@graftmatch/domain';
import { activeServiceWorker } from '../../lib/serviceWorker';
import { addPushDevice, getVapidPublicKey } from './api';

// This browser's side of Web Push (docs/api.md "Alerts"): the permission, the subscription with
// the server's VAPID key, and the name the device is listed under.

/** What this browser offers: no Web Push at all, or the notification permission as it stands. */
export type PushSupport = 'unsupported' | NotificationPermission;

export function pushSupport(): PushSupport {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
    ? Notification.permission
    : 'unsupported';
}

/** A base64url key (the VAPID public key) as the bytes `PushManager.subscribe` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

const sameBytes = (key: ArrayBuffer | null, bytes: Uint8Array): boolean =>
  key !== null && key.byteLength === bytes.length && new Uint8Array(key).every((byte, at) => byte === bytes[at]);

/** The browser and system of a user agent, e.g. Chrome and Android, to name the device in the list. */
export function deviceOf(userAgent: string): { browser: string; system: string | null } {
  const browsers: [RegExp, string][] = [
    [/EdgA?\/|EdgiOS/, 'Edge'],
    [/SamsungBrowser/, 'Samsung Internet'],
    [/OPR\/|OPiOS/, 'Opera'],
    [/Firefox|FxiOS/, 'Firefox'],
    [/Chrome|CriOS/, 'Chrome'],
    [/Safari/, 'Safari'],
  ];
  // Before the desktop systems: an Android phone also says Linux, an iPhone "like Mac OS X".
  const systems: [RegExp, string][] = [
    [/Android/, 'Android'],
    [/iPhone/, 'iPhone'],
    [/iPad/, 'iPad'],
    [/Windows/, 'Windows'],
    [/CrOS/, 'ChromeOS'],
    [/Macintosh|Mac OS X/, 'macOS'],
    [/Linux/, 'Linux'],
  ];
  const named = (list: [RegExp, string][]) => list.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  return { browser: named(browsers) ?? 'Browser', system: named(systems) };
}

/** The subscription's endpoint and keys as the server takes them. */
function subscriptionBody(subscription: PushSubscription, label: string): AddPushSubscriptionRequest {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) {
    throw new Error('The browser gave a push subscription without its endpoint or keys');
  }
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, label };
}

/**
 * Turns on push here: asks for permission (call from a click), subscribes the service worker with
 * the server's key (keeping a subscription the browser has for it, replacing one for another key)
 * and adds the device. Answers the permission when it was not granted.
 */
export async function turnOnPush(label: string): Promise<PushDevice | 'denied' | 'default'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    return permission;
  }
  const [registration, { publicKey }] = await Promise.all([activeServiceWorker(), getVapidPublicKey()]);
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return addPushDevice(subscriptionBody(subscription, label));
}

/** Ends this browser's subscription, once its device is removed, so the push service drops it too. */
export async function turnOffPushHere(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}
