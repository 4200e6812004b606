import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { fluvialWasmBytes } from '../shared/erosion/fluvialWasm';
import { compileFluvialWasm, fluvialWasmModule, WASM_MODULE } from './build-wasm.mjs';

describe('the committed WebAssembly of the fluvial step', () => {
  it('is what compiling wasm/fluvialStep.ts gives now (run npm run build:wasm after changing it)', async () => {
    const bytes = await compileFluvialWasm();
    // A WebAssembly module: the magic number and version 1.
    expect([...bytes.subarray(0, 8)]).toEqual([0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
    expect(Buffer.from(fluvialWasmBytes()).equals(Buffer.from(bytes))).toBe(true);
    expect(await readFile(WASM_MODULE, 'utf8')).toBe(await fluvialWasmModule(bytes));
  }, 60_000);
});
