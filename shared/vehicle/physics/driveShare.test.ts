import { describe, expect, it } from 'vitest';
import { shareDriveForce } from './physicsCar';

const front = (i: number): boolean => i < 2;

describe('the engine force over the driven wheels', () => {
  it('splits evenly while each driven wheel grips its share', () => {
    expect(shareDriveForce(5000, [4000, 4000, 4000, 4000], front)).toEqual([2500, 2500, 0, 0]);
    expect(shareDriveForce(4000, [4000, 4000, 4000, 4000], () => true)).toEqual([1000, 1000, 1000, 1000]);
  });

  it('a wheel unloaded on twisted ground takes only its grip and the other driven wheel takes the rest', () => {
    // Front-left nearly off the ground (36 N of grip): the axle still pulls 5000 N through the right wheel's 4943 N.
    expect(shareDriveForce(5000, [36, 4943, 3000, 3000], front)).toEqual([36, 4943, 0, 0]);
    expect(shareDriveForce(3000, [900, 3700, 0, 0], front)).toEqual([900, 2100, 0, 0]);
  });

  it('never more than the driven wheels grip in all, nor anything to a wheel in the air', () => {
    const forces = shareDriveForce(9000, [0, 1000, 2000, 3000], () => true);
    expect(forces).toEqual([0, 1000, 2000, 3000]);
  });
});
