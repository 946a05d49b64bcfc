// Secrets travel in two URLs by protocol necessity (the push access_token, the recovery link);
// never log them, nor send them with a trace.
export function redactUrl(url: string): string {
  return url.replace(/([?&]access_token=)[^&]*/gi, '$1[redacted]').replace(/(\/recovery\/)[^/?]+/g, '$1[redacted]');
}
