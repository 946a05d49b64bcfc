// Addresses the server itself calls (an identity provider, a system client's key set): https, or
// plain http to this machine only, where tests and local development run their peers.

/** Loopback hosts: tests and local development talk to a peer on this machine over plain HTTP. */
export function isLoopback(url: URL): boolean {
  return url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(url.hostname);
}

/** Whether the server may send requests to this address: https, or http to this machine only. */
export function outboundUrlAllowed(address: string): boolean {
  const url = URL.parse(address);
  return url !== null && (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url)));
}
