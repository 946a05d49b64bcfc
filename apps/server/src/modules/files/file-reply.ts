import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem } from '../../plugins/error-handler';
import type { ByteRange } from '../../storage/storage';
import type { Download } from './files-download.service';
import { contentDisposition } from './file-names';

/**
 * The one range of a `Range: bytes=...` header this server serves, 'unsatisfiable', or null to
 * send the whole file (no header, another unit, or several ranges: RFC 9110 lets a server ignore them).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) {
    return null;
  }
  const [, first = '', last = ''] = match;
  if (first === '') {
    const suffix = Number(last);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return start >= size || end < start ? 'unsatisfiable' : { start, end };
}

function etagMatches(header: string | undefined, etag: string): boolean {
  return (header ?? '')
    .split(',')
    .some((candidate) => candidate.trim().replace(/^W\//, '') === etag || candidate.trim() === '*');
}

/**
 * Sends a file safely (docs/api.md, "What goes out"): RFC 6266 Content-Disposition with the
 * original name; images inline under `Content-Security-Policy: sandbox` (an SVG or HTML posing as
 * an image can run nothing), everything else as attachment; nosniff; ETag, conditional GET and
 * single byte ranges for stored files.
 */
export async function sendDownload(request: FastifyRequest, reply: FastifyReply, download: Download) {
  reply
    .header('content-type', download.contentType)
    .header('content-disposition', contentDisposition(download.inline ? 'inline' : 'attachment', download.name))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', download.inline ? 'sandbox' : "sandbox; default-src 'none'");
  if (download.etag === null || download.size === null) {
    if (download.size !== null) {
      reply.header('content-length', download.size);
    }
    return reply.send(await download.open());
  }
  reply.header('etag', download.etag).header('accept-ranges', 'bytes');
  if (etagMatches(request.headers['if-none-match'], download.etag)) {
    return reply.code(304).send();
  }
  const ifRange = request.headers['if-range'];
  const range = ifRange && ifRange !== download.etag ? null : parseRange(request.headers.range, download.size);
  if (range === 'unsatisfiable') {
    reply.removeHeader('content-disposition');
    return sendProblem(reply.header('content-range', `bytes */${download.size}`), {
      status: 416,
      title: 'Range Not Satisfiable',
      detail: { key: 'problem.other.rangeNotSatisfiable', params: { size: download.size } },
    });
  }
  if (range) {
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${download.size}`)
      .header('content-length', range.end - range.start + 1)
      .send(await download.open(range));
  }
  return reply.header('content-length', download.size).send(await download.open());
}
