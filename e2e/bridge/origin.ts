/** Where the browser project serves the built renderer; the test router trusts exactly this origin. */
export const E2E_PORT = Number(process.env.FAULTLINE_E2E_PORT ?? 4173);
export const E2E_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;
