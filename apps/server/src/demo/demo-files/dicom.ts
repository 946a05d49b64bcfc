// A tiny, anonymous DICOM Part 10 series (explicit VR little endian, 16-bit CT slices), made in
// code for the demo data and tests. Real enough for any DICOM reader; no patient data.

function element(group: number, elementNo: number, vr: string, value: Buffer): Buffer {
  const long = ['OB', 'OW', 'OF', 'SQ', 'UT', 'UN'].includes(vr);
  const padded = value.length % 2 === 0 ? value : Buffer.concat([value, Buffer.from(vr === 'UI' ? [0] : [0x20])]);
  const header = Buffer.alloc(long ? 12 : 8);
  header.writeUInt16LE(group, 0);
  header.writeUInt16LE(elementNo, 2);
  header.write(vr, 4, 'ascii');
  if (long) {
    header.writeUInt32LE(padded.length, 8);
  } else {
    header.writeUInt16LE(padded.length, 6);
  }
  return Buffer.concat([header, padded]);
}

const text = (value: string) => Buffer.from(value, 'ascii');
const uint16 = (value: number) => {
  const buffer = Buffer.alloc(2);
  buffer.writeUInt16LE(value);
  return buffer;
};

const CT_IMAGE_STORAGE = '1.2.840.10008.5.1.4.1.1.2';
const EXPLICIT_VR_LITTLE_ENDIAN = '1.2.840.10008.1.2.1';

/** One slice: `size`×`size` pixels, a ring whose radius changes with the slice index. */
export function dicomSlice(seriesUid: string, index: number, size = 16): Buffer {
  const instanceUid = `${seriesUid}.${index + 1}`;
  const metaElements = Buffer.concat([
    element(0x0002, 0x0001, 'OB', Buffer.from([0, 1])),
    element(0x0002, 0x0002, 'UI', text(CT_IMAGE_STORAGE)),
    element(0x0002, 0x0003, 'UI', text(instanceUid)),
    element(0x0002, 0x0010, 'UI', text(EXPLICIT_VR_LITTLE_ENDIAN)),
  ]);
  const groupLength = Buffer.alloc(4);
  groupLength.writeUInt32LE(metaElements.length);
  const pixels = Buffer.alloc(size * size * 2);
  const radius = size / 4 + (index % 3);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const distance = Math.hypot(x - size / 2, y - size / 2);
      pixels.writeUInt16LE(Math.abs(distance - radius) < 1.5 ? 1000 : 0, (y * size + x) * 2);
    }
  }
  return Buffer.concat([
    Buffer.alloc(128),
    text('DICM'),
    element(0x0002, 0x0000, 'UL', groupLength),
    metaElements,
    element(0x0008, 0x0016, 'UI', text(CT_IMAGE_STORAGE)),
    element(0x0008, 0x0018, 'UI', text(instanceUid)),
    element(0x0008, 0x0060, 'CS', text('CT')),
    element(0x0010, 0x0010, 'PN', text('ANONYMOUS')),
    element(0x0020, 0x000e, 'UI', text(seriesUid)),
    element(0x0020, 0x0013, 'IS', text(String(index + 1))),
    element(0x0028, 0x0002, 'US', uint16(1)),
    element(0x0028, 0x0004, 'CS', text('MONOCHROME2')),
    element(0x0028, 0x0010, 'US', uint16(size)),
    element(0x0028, 0x0011, 'US', uint16(size)),
    element(0x0028, 0x0100, 'US', uint16(16)),
    element(0x0028, 0x0101, 'US', uint16(12)),
    element(0x0028, 0x0102, 'US', uint16(11)),
    element(0x0028, 0x0103, 'US', uint16(0)),
    element(0x7fe0, 0x0010, 'OW', pixels),
  ]);
}
