import { BarcodeDetector, prepareZXingModule, type BarcodeFormat } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

// The polyfill's ZXing fetches its .wasm from a CDN unless told otherwise: Vite copies the file
// into the build, so it comes from our origin (the CSP allows nothing else) and the service worker
// keeps it after the first scan.
prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

export function zxingDetector(formats: string[]): BarcodeDetector {
  return new BarcodeDetector({ formats: formats as BarcodeFormat[] });
}
