import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// A subscriber's rest-hook endpoint on this machine (docs/fhir.md "Subscriptions"): it keeps every
// notification it is sent, when it came, and answers what the test sets (200, or a failure).

export type Json = Record<string, unknown>;

export interface ReceivedNotification {
  at: number;
  path: string;
  contentType: string | undefined;
  bundle: Json;
}

export interface FhirReceiver {
  url: string;
  received: ReceivedNotification[];
  /** The status it answers; 200 unless set. */
  status: number;
  close(): Promise<void>;
}

export async function startFhirReceiver(): Promise<FhirReceiver> {
  const receiver = { received: [] as ReceivedNotification[], status: 200 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (receiver.status < 300) {
        receiver.received.push({
          at: Date.now(),
          path: request.url ?? '',
          contentType: request.headers['content-type'],
          bundle: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json,
        });
      }
      response.writeHead(receiver.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** The SubscriptionStatus (R5) of a notification: its first entry. */
export const statusOf = (notification: ReceivedNotification) =>
  (notification.bundle.entry as { resource: Json }[])[0]!.resource as Json & {
    type: string;
    notificationEvent?: { eventNumber: string; focus?: { reference: string } }[];
  };
