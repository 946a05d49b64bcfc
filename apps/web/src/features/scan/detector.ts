// Reads Code 128 and Data Matrix from a video frame (docs/decisions.md, "Scanning"): the browser's
// own BarcodeDetector where it knows both formats (Chrome on Android, macOS, ChromeOS), else ZXing
// in WebAssembly, loaded only now and from our own origin.

export const SCAN_FORMATS = ['code_128', 'data_matrix'] as const;

export interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

interface NativeDetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

export async function createDetector(): Promise<Detector> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native && typeof Native.getSupportedFormats === 'function') {
    const supported = await Native.getSupportedFormats().catch(() => [] as string[]);
    if (SCAN_FORMATS.every((format) => supported.includes(format))) {
      return new Native({ formats: [...SCAN_FORMATS] });
    }
  }
  const { zxingDetector } = await import('./zxingDetector');
  return zxingDetector([...SCAN_FORMATS]);
}
