import { readFileSync, writeFileSync } from 'node:fs';
import { decodePng } from './shared/codecs/png/decode';
import { encodeColourPng } from './shared/codecs/png/encodeColour';
const [src, dst, x0s, y0s, ws, hs, zs] = process.argv.slice(2);
const [x0, y0, w, h, z] = [x0s, y0s, ws, hs, zs].map(Number);
const bytes = readFileSync(src);
const ch = (['r', 'g', 'b'] as const).map((c) => decodePng(bytes, src, { channel: c }));
const W = ch[0].width;
const out = new Uint8Array(w * z * h * z * 3);
for (let y = 0; y < h * z; y++) for (let x = 0; x < w * z; x++) {
  const s = (y0 + Math.floor(y / z)) * W + x0 + Math.floor(x / z);
  const o = (y * w * z + x) * 3;
  for (let c = 0; c < 3; c++) out[o + c] = Math.round((ch[c].samples[s] / ch[c].maxSample) * 255);
}
writeFileSync(dst, encodeColourPng({ width: w * z, height: h * z, channels: 3, data: out }));
