/** Counts the turns of the event loop (setImmediate) while `work` runs: how much a task let main breathe. */
export async function turnsDuring<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    const value = await work();
    return { value, turns };
  } finally {
    running = false;
  }
}
