import { createRequire } from 'node:module';
import FastifyOtelInstrumentation from '@fastify/otel';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { redactUrl } from '../http/redact-url';
import { handOverTracing } from './handoff';

// Traces of requests and PostgreSQL calls to an OTLP/HTTP receiver (docs/operations.md "Metrics
// and traces"). Loaded before the server only when OTEL_EXPORTER_OTLP_ENDPOINT is set (bin/graftmatch.mjs,
// or `--import` in development), so a server without it loads none of this. The exporter reads the
// standard OTEL_* variables itself (endpoint, headers, timeout); the service is `graftmatch` unless
// OTEL_SERVICE_NAME says otherwise.

const provider = new NodeTracerProvider({
  resource: defaultResource().merge(
    resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME || 'graftmatch' }),
  ),
  spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
});
// The global tracer, W3C trace context propagation and the AsyncLocalStorage context.
provider.register();

registerInstrumentations({
  tracerProvider: provider,
  instrumentations: [
    // Fastify announces each new instance on a diagnostics channel, which reaches the bundled copy
    // too; a request's span continues the trace of an incoming `traceparent` header.
    new FastifyOtelInstrumentation({
      registerOnInitialization: true,
      // A span for the request and one for its handler; one per hook would bury them.
      instrumentHooks: false,
      requestHook: (span, request) => span.setAttribute('url.path', redactUrl(request.url)),
    }),
    new PgInstrumentation({ requireParentSpan: true }),
  ],
});

// The compiled server bundles its own `pg`, out of the instrumentation's reach: it uses this copy
// instead, loaded through require so that the instrumentation patches it (telemetry/handoff.ts).
handOverTracing(() => provider.shutdown(), createRequire(import.meta.url)('pg'));
