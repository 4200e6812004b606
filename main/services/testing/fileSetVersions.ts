/** The bytes of file `k` of version `version` of the kill test's file set: distinct per file and version. */
export function fileSetVersion(version: number, k: number): Uint8Array {
  const bytes = new Uint8Array(16 * 1024 + k * 37);
  for (let n = 0; n < bytes.length; n++) bytes[n] = (n * (version + 3) + k * 11 + version * 101) & 0xff;
  return bytes;
}

/** Which version `bytes` is as file `k` (0 or 1), or null for anything else (partial, another file's). */
export function whichFileSetVersion(bytes: Uint8Array, k: number): number | null {
  for (const version of [0, 1]) {
    const expected = fileSetVersion(version, k);
    if (expected.length === bytes.length && Buffer.compare(Buffer.from(expected), Buffer.from(bytes)) === 0) return version;
  }
  return null;
}
