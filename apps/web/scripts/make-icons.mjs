// Draws the PWA icons (a white heart on the theme colour) as PNG files with Node's zlib only,
// so the icons can be regenerated without an image toolchain: `node apps/web/scripts/make-icons.mjs`.
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const OUT = fileURLToPath(new URL('../public/icons/', import.meta.url));
const BACKGROUND = [11, 114, 133]; // theme colour #0b7285
const FOREGROUND = [255, 255, 255];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) {
    c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) {
    c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  }
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Coverage of one sample point (unit square coordinates, centre 0.5/0.5): 0 none, 1 background, 2 symbol.
 * A badge (the small icon of a push notification in the status bar) is the symbol alone: the system
 * draws it by its transparency only.
 */
function sample(x, y, { maskable, badge = false }) {
  const dx = x - 0.5;
  const dy = y - 0.5;
  // Maskable icons fill the square; the symbol stays inside the 80% safe zone.
  const corner = 0.18;
  const inRounded =
    maskable ||
    badge ||
    Math.hypot(Math.max(Math.abs(dx) - (0.5 - corner), 0), Math.max(Math.abs(dy) - (0.5 - corner), 0)) <= corner;
  if (!inRounded) {
    return 0;
  }
  // Heart curve (x^2 + y^2 - 1)^3 - x^2 y^3 <= 0, scaled into the icon and flipped so it points down.
  const scale = badge ? 0.34 : maskable ? 0.26 : 0.32;
  const hx = dx / scale;
  const hy = -(dy + 0.03) / scale;
  const heart = (hx * hx + hy * hy - 1) ** 3 - hx * hx * hy ** 3 <= 0;
  return heart ? 2 : badge ? 0 : 1;
}

function draw(size, options) {
  const pixels = Buffer.alloc(size * size * 4);
  const samples = 4; // 4x4 supersampling for smooth edges
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let background = 0;
      let symbol = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const hit = sample((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size, options);
          if (hit === 1) {
            background++;
          } else if (hit === 2) {
            symbol++;
          }
        }
      }
      const covered = background + symbol;
      const offset = (py * size + px) * 4;
      if (covered === 0) {
        continue;
      }
      for (let c = 0; c < 3; c++) {
        pixels[offset + c] = Math.round((BACKGROUND[c] * background + FOREGROUND[c] * symbol) / covered);
      }
      pixels[offset + 3] = Math.round((255 * covered) / (samples * samples));
    }
  }
  return encodePng(size, pixels);
}

mkdirSync(OUT, { recursive: true });
writeFileSync(`${OUT}icon-192.png`, draw(192, { maskable: false }));
writeFileSync(`${OUT}icon-512.png`, draw(512, { maskable: false }));
writeFileSync(`${OUT}maskable-512.png`, draw(512, { maskable: true }));
writeFileSync(`${OUT}apple-touch-icon.png`, draw(180, { maskable: true }));
writeFileSync(`${OUT}badge-96.png`, draw(96, { maskable: false, badge: true }));
