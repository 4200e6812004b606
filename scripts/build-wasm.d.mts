/** Types of build-wasm.mjs for its test. */
export const WASM_SOURCE: string;
export const WASM_MODULE: string;
export function compileFluvialWasm(): Promise<Uint8Array>;
export function fluvialWasmModule(bytes: Uint8Array): Promise<string>;
