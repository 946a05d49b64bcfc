// The bare limit for a benchmark: plain Fastify answering prepared bytes, no database, no hooks.
// Started in its own process with a JSON file of answers:
// { "<METHOD> <url>[ <body>]": { "body": "<base64>", "headers": { ... } } }, sent as they were
// recorded, headers included (security headers, encoding, total count): the same bytes on the wire.
// With `minimal` as the third argument it is the minimal route instead: the same body with only
// its content type and encoding, none of the app's other headers.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import type { RecordedAnswer } from './support/autocannon';

const [answersFile, port, mode] = process.argv.slice(2);
const KEPT_WHEN_MINIMAL = new Set(['content-type', 'content-encoding']);
const recorded = JSON.parse(readFileSync(answersFile ?? '', 'utf8')) as Record<string, RecordedAnswer>;
const answers = new Map(
  Object.entries(recorded).map(([key, { body, headers }]) => [
    key,
    {
      bytes: Buffer.from(body, 'base64'),
      headers:
        mode === 'minimal'
          ? Object.fromEntries(Object.entries(headers).filter(([name]) => KEPT_WHEN_MINIMAL.has(name.toLowerCase())))
          : headers,
    },
  ]),
);

const app = Fastify({ logger: false });
app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
app.get('/api/health', async () => ({ status: 'ok' }));
app.all('/*', async (request, reply) => {
  const key = request.method === 'GET' ? `GET ${request.url}` : `${request.method} ${request.url} ${request.body}`;
  const answer = answers.get(key);
  if (!answer) {
    return reply.code(404).send();
  }
  return reply.headers(answer.headers).send(answer.bytes);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
