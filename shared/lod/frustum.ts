/**
 * A view frustum as planes whose normals point inward: a point p is inside a plane when
 * nx·px + ny·py + nz·pz + d ≥ 0 (three.js Plane convention, so Frustum.planes map over directly).
 */
export interface FrustumPlane {
  nx: number;
  ny: number;
  nz: number;
  d: number;
}

/**
 * Conservative box test: false only when the whole box lies behind one plane (its corner furthest
 * along the normal is outside). A box straddling two planes near a frustum corner may pass: that
 * only costs drawing it, never dropping something visible.
 */
export function boxIntersectsFrustum(
  planes: readonly FrustumPlane[],
  minX: number,
  minY: number,
  minZ: number,
  maxX: number,
  maxY: number,
  maxZ: number,
): boolean {
  for (const p of planes) {
    const x = p.nx >= 0 ? maxX : minX;
    const y = p.ny >= 0 ? maxY : minY;
    const z = p.nz >= 0 ? maxZ : minZ;
    if (p.nx * x + p.ny * y + p.nz * z + p.d < 0) return false;
  }
  return true;
}

/** The six planes of a symmetric perspective camera at `eye` looking along `forward` with `up`. */
export function perspectiveFrustum(
  eye: { x: number; y: number; z: number },
  forward: { x: number; y: number; z: number },
  up: { x: number; y: number; z: number },
  fovYDegrees: number,
  aspect: number,
  near: number,
  far: number,
): FrustumPlane[] {
  const f = normalize(forward);
  const r = normalize(cross(f, up));
  const u = cross(r, f);
  const tanY = Math.tan((fovYDegrees * Math.PI) / 360);
  const tanX = tanY * aspect;
  const plane = (n: Vec): FrustumPlane => {
    const m = normalize(n);
    return { nx: m.x, ny: m.y, nz: m.z, d: -(m.x * eye.x + m.y * eye.y + m.z * eye.z) };
  };
  const nearPlane = plane(f);
  const farPlane = plane(scale(f, -1));
  return [
    { ...nearPlane, d: nearPlane.d - near },
    { ...farPlane, d: farPlane.d + far },
    // Side planes through the eye: inward normals are forward·tan ± side axis.
    plane(add(scale(f, tanX), r)),
    plane(add(scale(f, tanX), scale(r, -1))),
    plane(add(scale(f, tanY), u)),
    plane(add(scale(f, tanY), scale(u, -1))),
  ];
}

interface Vec {
  x: number;
  y: number;
  z: number;
}

function cross(a: Vec, b: Vec): Vec {
  return { x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x };
}
function add(a: Vec, b: Vec): Vec {
  return { x: a.x + b.x, y: a.y + b.y, z: a.z + b.z };
}
function scale(a: Vec, s: number): Vec {
  return { x: a.x * s, y: a.y * s, z: a.z * s };
}
function normalize(a: Vec): Vec {
  const length = Math.hypot(a.x, a.y, a.z);
  return scale(a, 1 / length);
}
