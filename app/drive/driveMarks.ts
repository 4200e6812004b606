import type { PhysicsState } from '../../shared/vehicle/physics/physicsCar';
import { DRIVE_MARK_COLOURS } from '../palette/overlayPalette';

/** Where a physics drive lifted off the ground, or a wheel's suspension ran out of travel. */
export interface DriveMark {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly kind: 'airborne' | 'bottomed';
}

/** How the drivability overlay draws each kind (sRGB), in both views. */
export const MARK_COLOURS: Record<DriveMark['kind'], string> = DRIVE_MARK_COLOURS;

/** A wheel counts as bottomed out past this share of its travel. */
export const BOTTOMED_COMPRESSION = 0.95;
/** Marks of one kind closer than this (metres) to the last one are not added: a line of dots, not a blot. */
export const MARK_SPACING = 1;
/** The most marks kept; the oldest go first. */
export const MAX_MARKS = 5000;

/** What a physics state says happened at the car, if anything worth marking. */
export function markKindOf(state: PhysicsState): DriveMark['kind'] | null {
  if (state.airborne) return 'airborne';
  if (state.wheels.some((wheel) => wheel.contact && wheel.compression >= BOTTOMED_COMPRESSION)) return 'bottomed';
  return null;
}

/**
 * Collects the marks of one drive, a few per metre at most. `version` changes with every mark added,
 * so views redraw only when there is something new.
 */
export class DriveMarks {
  private list: DriveMark[] = [];
  private lastOf: Partial<Record<DriveMark['kind'], DriveMark>> = {};
  version = 0;

  get marks(): readonly DriveMark[] {
    return this.list;
  }

  observe(state: PhysicsState): void {
    const kind = markKindOf(state);
    if (!kind) return;
    const { x, y, z } = state.position;
    const last = this.lastOf[kind];
    if (last && Math.hypot(last.x - x, last.z - z) < MARK_SPACING) return;
    const mark: DriveMark = { x, y, z, kind };
    this.list.push(mark);
    if (this.list.length > MAX_MARKS) this.list.splice(0, this.list.length - MAX_MARKS);
    this.lastOf[kind] = mark;
    this.version++;
  }

  clear(): void {
    if (this.list.length === 0) return;
    this.list = [];
    this.lastOf = {};
    this.version++;
  }
}
