// FHIR export (docs/fhir.md "Export"): the tissue bank's whole collection Bundle, streamed from the
// real server and read as it comes. The figures are the time to the last byte and the server's peak
// resident-memory growth over its memory after a full garbage collection; the goals are 20 s and
// 100 MiB for 100,000 grafts, because the export writes page by page.
//   node --import tsx bench/run.ts --only fhir-export [--grafts 100000]   (after `npm run build`)
import type { Benchmark, Row } from './support/benchmark';
import { MIB, peakDuring } from './support/memory';

const GOAL_SECONDS = 20;
const GOAL_MIB = 100;
const PRODUCT = '"resourceType":"BiologicallyDerivedProduct"';

/** Reads the answer to its end without keeping it: bytes, and how many products it held. */
async function drain(answer: Response): Promise<{ bytes: number; products: number }> {
  const decoder = new TextDecoder();
  let bytes = 0;
  let products = 0;
  let tail = '';
  const reader = answer.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
    const chunk = read.value;
    bytes += chunk.byteLength;
    const text = tail + decoder.decode(chunk, { stream: true });
    products += text.split(PRODUCT).length - 1;
    // Keeps just enough of the end to find a marker split between chunks, never one counted already.
    const cut = Math.max(text.lastIndexOf(PRODUCT) + PRODUCT.length, text.length - PRODUCT.length + 1);
    tail = text.slice(cut);
  }
  return { bytes, products };
}

export const fhirExportBenchmark: Benchmark = {
  name: 'fhir-export',
  when: 'each-size',
  async run({ session, grafts }): Promise<Row[]> {
    const pid = session.pid;
    if (pid === undefined) {
      throw new Error('the FHIR export benchmark needs the server’s process id');
    }
    await session.collectGarbage?.();
    const measured = await peakDuring(pid, async () => {
      const answer = await fetch(`${session.baseUrl}/api/fhir/R5/$export`, {
        headers: { ...session.employee.headers, 'accept-encoding': 'identity' },
      });
      if (answer.status !== 200) {
        throw new Error(`the FHIR export answered ${answer.status}: ${await answer.text()}`);
      }
      return drain(answer);
    });
    const { bytes, products } = measured.result;
    const seconds = measured.ms / 1000;
    const growthMib = (measured.peakBytes - measured.baseBytes) / MIB;
    return [
      {
        what: `FHIR $export of one bank (${products} of ${grafts} grafts, ${(bytes / 1e6).toFixed(1)} MB), goal < ${GOAL_SECONDS} s`,
        figure: `${seconds.toFixed(1)} s`,
        baseline: `goal ${GOAL_SECONDS} s`,
        ratio: GOAL_SECONDS / Math.max(seconds, 0.001),
      },
      {
        what: `FHIR $export peak RSS growth (${products} grafts), goal < ${GOAL_MIB} MiB`,
        figure: `+${Math.round(growthMib)} MiB`,
        baseline: `goal ${GOAL_MIB} MiB`,
        ratio: GOAL_MIB / Math.max(growthMib, 1),
      },
    ];
  },
};
