// A valve-like tube as a binary STL, made in code for the demo data and tests: an open cylinder
// with a wall, three leaflet bulges (sinuses) near the proximal end, in millimetres.

type Vec = [number, number, number];

function normal(a: Vec, b: Vec, c: Vec): Vec {
  const u: Vec = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const v: Vec = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  const n: Vec = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
  const length = Math.hypot(...n) || 1;
  return [n[0] / length, n[1] / length, n[2] / length];
}

/** Binary STL: 80-byte header, triangle count, then 50 bytes per triangle. */
export function binaryStl(triangles: readonly [Vec, Vec, Vec][], header = 'GraftMatch demo model'): Buffer {
  const buffer = Buffer.alloc(84 + triangles.length * 50);
  buffer.write(header.slice(0, 80), 0, 'ascii');
  buffer.writeUInt32LE(triangles.length, 80);
  triangles.forEach(([a, b, c], index) => {
    let offset = 84 + index * 50;
    for (const value of [...normal(a, b, c), ...a, ...b, ...c]) {
      buffer.writeFloatLE(value, offset);
      offset += 4;
    }
  });
  return buffer;
}

/** A tube of `diameter` (outer, mm) and `length` (mm) with a 1.5 mm wall and three sinus bulges. */
export function valveTubeStl(diameter: number, length: number, segments = 48, rings = 24): Buffer {
  const wall = 1.5;
  const radiusAt = (angle: number, z: number, outer: boolean) => {
    const sinus = z < length * 0.4 ? Math.sin((Math.PI * z) / (length * 0.4)) * Math.abs(Math.cos(1.5 * angle)) : 0;
    const base = diameter / 2 + sinus * diameter * 0.12;
    return outer ? base : base - wall;
  };
  const point = (i: number, j: number, outer: boolean): Vec => {
    const angle = (2 * Math.PI * i) / segments;
    const z = (length * j) / rings;
    const r = radiusAt(angle, z, outer);
    return [r * Math.cos(angle), r * Math.sin(angle), z];
  };
  const triangles: [Vec, Vec, Vec][] = [];
  for (let i = 0; i < segments; i += 1) {
    const next = (i + 1) % segments;
    for (let j = 0; j < rings; j += 1) {
      triangles.push([point(i, j, true), point(next, j, true), point(next, j + 1, true)]);
      triangles.push([point(i, j, true), point(next, j + 1, true), point(i, j + 1, true)]);
      triangles.push([point(i, j, false), point(next, j + 1, false), point(next, j, false)]);
      triangles.push([point(i, j, false), point(i, j + 1, false), point(next, j + 1, false)]);
    }
    for (const [j, flip] of [
      [0, true],
      [rings, false],
    ] as const) {
      const a = point(i, j, true);
      const b = point(next, j, true);
      const c = point(next, j, false);
      const d = point(i, j, false);
      triangles.push(flip ? [a, c, b] : [a, b, c]);
      triangles.push(flip ? [a, d, c] : [a, c, d]);
    }
  }
  return binaryStl(triangles);
}
