// What the API compresses and how, shared by the compression plugin (plugins/compression.ts) and
// the answer cache, which keeps compressed copies made by the same rules (docs/performance.md,
// "Web delivery").

/**
 * JSON and text answers go out compressed when the client accepts it. Files keep their own types
 * and stay as stored, so their Content-Length (download progress) and byte ranges hold; event
 * streams are never buffered.
 */
export const COMPRESSIBLE = /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:[\w.-]+\+)?json)\s*(?:;|$)/;

/** Answers smaller than this go out as they are: not worth a compression stream. */
export const COMPRESSION_THRESHOLD = 1024;
/** The encodings offered, best first. */
export const ENCODINGS = ['br', 'gzip'] as const;
