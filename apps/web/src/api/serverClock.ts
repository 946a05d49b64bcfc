// The server's clock as the answers' `Date` headers tell it: deadlines count down in server time,
// so a device whose clock is wrong still shows what is left (docs/decisions.md "Notifications").

let offsetMs = 0;

/** Notes the server's time from an answer's `Date` header (whole seconds), received at `receivedAt`. */
export function noteServerDate(header: string | null, receivedAt = Date.now()): void {
  const server = header ? Date.parse(header) : Number.NaN;
  if (Number.isFinite(server)) {
    // The header is cut to the second: the server's time is somewhere in that second, so its middle.
    offsetMs = server + 500 - receivedAt;
  }
}

/** Now, on the server's clock. */
export function serverNow(): Date {
  return new Date(Date.now() + offsetMs);
}
