// How long a path segment may be (docs/api.md, "Errors"): the router refuses a parameter over this
// many characters with 414, and every name that travels in a path (a file's) is kept within it.

/** Fastify's router option `maxParamLength`. */
export const MAX_PATH_SEGMENT_LENGTH = 100;

// The router decodes a path before it measures a parameter, except for these characters, which
// stay percent-encoded (three characters each): # $ % & + , / : ; = ? @
const RESERVED = /[#$%&+,/:;=?@]/g;
const ENCODED_RESERVED = /%(?:2[3-6BCF]|3[ABDF]|40)/gi;

/** How long `text` is to the router once a client percent-encodes it into a path segment. */
export const routedLength = (text: string): number => text.length + 2 * (text.match(RESERVED)?.length ?? 0);

/** How long a raw (percent-encoded) segment of a request's path is to the router. */
export function routedLengthOfRaw(segment: string): number {
  try {
    return decodeURIComponent(segment).length + 2 * (segment.match(ENCODED_RESERVED)?.length ?? 0);
  } catch {
    return segment.length;
  }
}

/** Whether a request path holds a segment the router refuses as too long. */
export const hasOverlongSegment = (pathname: string): boolean =>
  pathname.split('/').some((segment) => routedLengthOfRaw(segment) > MAX_PATH_SEGMENT_LENGTH);
