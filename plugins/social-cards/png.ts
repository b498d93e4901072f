import {promisify} from 'node:util';
import {deflate as deflateCallback} from 'node:zlib';

/**
 * A small PNG encoder for opaque images. resvg's own PNGs are RGBA with light compression; the
 * cards are opaque, so an RGB PNG with per-row filters and full deflate is about half the size.
 */

const deflate = promisify(deflateCallback);

const SIGNATURE = Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10]);

const CRC_TABLE = Uint32Array.from({length: 256}, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 255] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/**
 * PNG scanlines of RGBA pixels as RGB (alpha dropped: callers pass opaque images), each row with
 * the filter type (None, Sub, Up, Average, Paeth) that gives the smallest sum of absolute
 * differences, the usual heuristic.
 */
export function filterScanlines(rgba: Uint8Array, width: number, height: number): Buffer {
  if (rgba.length !== width * height * 4) {
    throw new Error(`expected ${width * height * 4} bytes of RGBA, got ${rgba.length}`);
  }
  const bpp = 3;
  const stride = width * bpp;
  const out = Buffer.alloc(height * (stride + 1));
  let previous = new Uint8Array(stride);
  let row = new Uint8Array(stride);
  const candidates = [0, 1, 2, 3, 4].map((filter) => ({filter, bytes: new Uint8Array(stride)}));
  for (let y = 0; y < height; y++) {
    for (let x = 0, from = y * width * 4; x < width; x++, from += 4) {
      row[x * bpp] = rgba[from] ?? 0;
      row[x * bpp + 1] = rgba[from + 1] ?? 0;
      row[x * bpp + 2] = rgba[from + 2] ?? 0;
    }
    let best = candidates[0];
    let bestSum = Infinity;
    for (const candidate of candidates) {
      let sum = 0;
      for (let i = 0; i < stride; i++) {
        const left = i >= bpp ? (row[i - bpp] ?? 0) : 0;
        const up = previous[i] ?? 0;
        const upLeft = i >= bpp ? (previous[i - bpp] ?? 0) : 0;
        const value = ((row[i] ?? 0) - predict(candidate.filter, left, up, upLeft)) & 255;
        candidate.bytes[i] = value;
        sum += value < 128 ? value : 256 - value;
      }
      if (sum < bestSum) {
        bestSum = sum;
        best = candidate;
      }
    }
    if (best === undefined) throw new Error('unreachable');
    const at = y * (stride + 1);
    out[at] = best.filter;
    out.set(best.bytes, at + 1);
    [previous, row] = [row, previous];
  }
  return out;
}

function predict(filter: number, left: number, up: number, upLeft: number): number {
  switch (filter) {
    case 0:
      return 0;
    case 1:
      return left;
    case 2:
      return up;
    case 3:
      return (left + up) >> 1;
    default: {
      const p = left + up - upLeft;
      const pa = Math.abs(p - left);
      const pb = Math.abs(p - up);
      const pc = Math.abs(p - upLeft);
      return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
    }
  }
}

/** An 8-bit RGB PNG of opaque RGBA pixels (deflate runs off the main thread). */
export async function encodeOpaquePng(
  rgba: Uint8Array,
  width: number,
  height: number,
): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const data = await deflate(filterScanlines(rgba, width, height), {level: 6, memLevel: 9});
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', data),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Uint8Array): {width: number; height: number} {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const isPng = png.length >= 24 && SIGNATURE.every((byte, i) => png[i] === byte);
  const type = isPng ? String.fromCharCode(...png.subarray(12, 16)) : '';
  if (type !== 'IHDR') throw new Error('not a PNG');
  return {width: view.getUint32(16), height: view.getUint32(20)};
}
