import os from 'node:os';

/**
 * Bytes this process can still allocate: the OS's available memory (Linux MemAvailable, a cgroup's
 * limit when there is one) where Node reports it, else the free memory.
 */
export function availableMemory(): number {
  const reported = (process as { availableMemory?: () => number }).availableMemory?.();
  return typeof reported === 'number' && Number.isFinite(reported) && reported > 0 ? reported : os.freemem();
}
