import { describe, expect, it } from 'vitest';
import { Color, PointsMaterial, ShaderLib } from 'three';
import { DRIVABILITY_TINT, DRIVABILITY_TINT_OPACITY, OVERLAY_ACTIVE, linearRgb } from '../../../app/palette/overlayPalette';
import { DEFAULT_MAX_PIXEL_ERROR } from '../../../shared/lod/selectLod';
import { createDriveMarksMaterial, TINT as TINT_3D } from '../../drive/DrivabilityOverlay3D';
import { TINT as TINT_2D } from '../../drive/drivability2D';
import { STEEP_TINT } from '../lod/lodTerrainMaterial';
import { OVERLAY_DEPTH_PULL, depthTestedOverlay, pullOverlayDepth } from './overlayDepth';
import { createToolOverlayMaterial } from '../ToolOverlay3D';

type Shader = Parameters<PointsMaterial['onBeforeCompile']>[0];

function compiled(material: { onBeforeCompile: (shader: Shader, renderer: never) => void }, vertexShader: string): string {
  const shader = { vertexShader, fragmentShader: '', uniforms: {} } as unknown as Shader;
  material.onBeforeCompile(shader, undefined as never);
  return shader.vertexShader;
}

// Issue 34 audit G3: the brush ring, the fault line and the drive marks were drawn with depthTest off, through hills.
describe('the 3D overlays are depth-tested', () => {
  it('the brush ring / fault line and the drive marks test depth, write none, and pull their depth towards the camera', () => {
    const ring = createToolOverlayMaterial();
    const marks = createDriveMarksMaterial();
    for (const material of [ring, marks]) {
      expect(material.depthTest).toBe(true);
      expect(material.depthWrite).toBe(false);
    }
    expect(`#${ring.color.getHexString()}`).toBe(OVERLAY_ACTIVE);
    // Patched into three's own line and point shaders, after their projection.
    const line = compiled(ring, ShaderLib.basic.vertexShader);
    const points = compiled(marks, ShaderLib.points.vertexShader);
    for (const text of [line, points]) {
      const at = text.indexOf('mvPosition.xyz *= 0.9900;');
      expect(at).toBeGreaterThan(text.indexOf('#include <project_vertex>'));
      expect(text.indexOf('gl_Position = projectionMatrix * mvPosition;', at)).toBeGreaterThan(at);
    }
    expect(() => pullOverlayDepth('void main() {}')).toThrow(/project_vertex/);
    expect(depthTestedOverlay(new PointsMaterial({ depthTest: false })).depthTest).toBe(true);
  });

  it('the pull covers the LOD surface’s depth error down to a 6° graze, and a hill 2 % of the distance in front still hides', () => {
    // One pixel of the 50° view 1000 px tall, at distance d, is 2·tan 25° / 1000 · d across the sight line; along a
    // sight line grazing the ground at θ that is that over sin θ in depth.
    const pixel = (2 * Math.tan((25 * Math.PI) / 180)) / 1000;
    const depthError = (DEFAULT_MAX_PIXEL_ERROR * pixel) / Math.sin((6 * Math.PI) / 180);
    expect(depthError).toBeLessThan(OVERLAY_DEPTH_PULL);
    expect(OVERLAY_DEPTH_PULL).toBeLessThan(0.02);
  });
});

describe('the drivability tint is the palette’s in both views and on the LOD surface', () => {
  it('3D, LOD and 2D draw one colour and opacity', () => {
    // sRGB → linear (IEC 61966-2-1): 0x80 is 0.21586, 0xff is 1.
    expect(linearRgb('#80ff00')[0]).toBeCloseTo(0.21586, 5);
    expect(linearRgb('#80ff00').slice(1)).toEqual([1, 0]);
    // The 3D tint kept its old look, linear (1, 0.08, 0.05).
    expect(TINT_3D[0]).toBeCloseTo(1, 3);
    expect(TINT_3D[1]).toBeCloseTo(0.08, 3);
    expect(TINT_3D[2]).toBeCloseTo(0.05, 3);
    expect(TINT_3D[3]).toBe(DRIVABILITY_TINT_OPACITY);
    expect([...STEEP_TINT]).toEqual([...TINT_3D]);
    // The 2D image's bytes are the same colour (before, a deeper red #ff140c).
    const fromBytes = new Color(`rgb(${TINT_2D[0]}, ${TINT_2D[1]}, ${TINT_2D[2]})`);
    expect(`#${fromBytes.getHexString()}`).toBe(DRIVABILITY_TINT);
    expect(TINT_2D[3] / 255).toBeCloseTo(DRIVABILITY_TINT_OPACITY, 2);
  });
});
