import type { DriveInput } from '../../shared/vehicle/drive';

/**
 * Keyboard mapping for drive and walk modes, by KeyboardEvent.code so that it follows key positions
 * (WASD stays WASD on other layouts).
 */
export type HeldKey = 'forward' | 'back' | 'left' | 'right' | 'handbrake' | 'run';
export type KeyCommand = 'reset' | 'leave' | 'camera';

const HELD: Readonly<Record<string, HeldKey>> = {
  KeyW: 'forward',
  ArrowUp: 'forward',
  KeyS: 'back',
  ArrowDown: 'back',
  KeyA: 'left',
  ArrowLeft: 'left',
  KeyD: 'right',
  ArrowRight: 'right',
  Space: 'handbrake',
  ShiftLeft: 'run',
  ShiftRight: 'run',
};

const COMMANDS: Readonly<Record<string, KeyCommand>> = {
  KeyR: 'reset',
  Escape: 'leave',
  KeyC: 'camera',
};

export const heldKeyFor = (code: string): HeldKey | undefined => (Object.hasOwn(HELD, code) ? HELD[code] : undefined);
export const keyCommandFor = (code: string): KeyCommand | undefined => (Object.hasOwn(COMMANDS, code) ? COMMANDS[code] : undefined);

const axis = (held: ReadonlySet<HeldKey>, positive: HeldKey, negative: HeldKey): number => (held.has(positive) ? 1 : 0) - (held.has(negative) ? 1 : 0);

/** Car controls from the held keys: W/S throttle and brake/reverse, A/D steer (D turns right), Space handbrake. */
export function driveInputFrom(held: ReadonlySet<HeldKey>): DriveInput {
  return { throttle: axis(held, 'forward', 'back'), steer: axis(held, 'right', 'left'), handbrake: held.has('handbrake') };
}

/** Walking direction in the walker's frame: forward (W/S) and rightward (D/A), each −1..1. */
export function walkInputFrom(held: ReadonlySet<HeldKey>): { forward: number; right: number; run: boolean } {
  return { forward: axis(held, 'forward', 'back'), right: axis(held, 'right', 'left'), run: held.has('run') };
}
