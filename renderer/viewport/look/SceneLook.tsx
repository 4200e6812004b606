import { useEffect, useMemo, useRef } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import {
  BackSide,
  BufferGeometry,
  DoubleSide,
  Color,
  DirectionalLight,
  Fog,
  HemisphereLight,
  Mesh,
  MeshBasicMaterial,
  MeshPhongMaterial,
  PlaneGeometry,
  ShaderMaterial,
  SphereGeometry,
  UniformsLib,
  UniformsUtils,
  Vector3,
  type PerspectiveCamera,
} from 'three';
import { terrainExtent, type Heightfield } from '../../../shared/terrain/heightfield';
import type { ViewSettings } from '../../../shared/ipc/contract';
import { useSession } from '../../session';
import { useViewport } from '../viewportContext';
import type { TerrainLighting } from './terrainLighting';
import { propShadowFrame, snapToShadowTexels } from './propShadowFrame';
import {
  FILL_GROUND,
  FILL_INTENSITY,
  FILL_SKY,
  FOG_FAR_SPANS,
  FOG_NEAR_SPANS,
  SKY_BELOW,
  SKY_GRADIENT_GLSL,
  SKY_HORIZON,
  SKY_ZENITH,
  sunLight,
} from './skyLook';
import { SEA_LOOK } from '../../../app/view/seaLook';
import {
  clipSeaToGround,
  refreshSeaGround,
  seaGround,
  seaGroundOf,
  seaGroundRect,
  seaGroundTexture,
  seaWallGeometry,
  uploadSeaGroundRect,
  type SeaGround,
  type SeaGroundUniforms,
} from './seaBody';
import { unionRegions, type DirtyRegion } from '../../../app/document/region';

/** The viewport's TerrainLighting (the page's ViewportController owns it). */
export function useTerrainLighting(): TerrainLighting {
  return useViewport().lighting;
}

/** Runs the viewport's TerrainLighting while the 3D view is shown, and uploads its lighting before each frame. */
export function TerrainLightingDriver({ wrapper }: { wrapper: React.RefObject<HTMLDivElement | null> }) {
  const lighting = useTerrainLighting();
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => {
    lighting.start(wrapper.current, invalidate);
    return () => lighting.stop();
  }, [lighting, wrapper, invalidate]);
  useFrame(({ gl }) => lighting.prepareFrame(gl), -1);
  return null;
}

const ZENITH = new Color(SKY_ZENITH);
const HORIZON = new Color(SKY_HORIZON);
const BELOW = new Color(SKY_BELOW);

/*
 * The sky is shaded per vertex of its dome (gradient, sun glow, fog band, conversion to sRGB) and
 * drawn after the terrain at the far plane, so in software GL it costs only the uncovered pixels
 * and a few operations each: the fragment shader adds just the sun's disc.
 */
const SKY_VERTEX = /* glsl */ `
uniform vec3 skyZenith;
uniform vec3 skyHorizon;
uniform vec3 skyBelow;
uniform vec3 skySunDirection;
uniform vec3 skySunColour;
uniform float skyFog;
uniform vec3 fogColor;
varying vec3 vSkyDirection;
varying vec3 vSkyColour;
vec3 skyToSrgb(vec3 c) {
  return mix(c * 12.92, 1.055 * pow(c, vec3(0.41666)) - 0.055, step(vec3(0.0031308), c));
}
${SKY_GRADIENT_GLSL}
void main() {
  vSkyDirection = position;
  vec3 d = normalize(position);
  float up = d.y;
  vec3 colour = skyGradient(d, skyZenith, skyHorizon, skyBelow, skySunDirection, skySunColour);
  vSkyColour = skyToSrgb(colour);
  // The band at the horizon is exactly the fog's colour, so distant terrain melts into the sky: mixed after the
  // conversion, as three fogs the terrain (its fogColor is given in sRGB).
  if (skyFog > 0.5) vSkyColour = mix(vSkyColour, fogColor, 1.0 - smoothstep(0.0, 0.09, abs(up)));
  // Drawn at the far plane whatever the camera's range: behind everything, never clipped.
  vec4 clip = projectionMatrix * vec4(mat3(viewMatrix) * position, 1.0);
  gl_Position = clip.xyww;
}
`;

const SKY_FRAGMENT = /* glsl */ `
uniform vec3 skySunDirection;
uniform vec3 skySunDisc;
varying vec3 vSkyDirection;
varying vec3 vSkyColour;
void main() {
  vec3 colour = vSkyColour;
  float toSun = dot(normalize(vSkyDirection), skySunDirection);
  if (toSun > 0.9985) colour = mix(colour, skySunDisc, smoothstep(0.9985, 0.9993, toSun));
  gl_FragColor = vec4(colour, 1.0);
}
`;

/**
 * Sky dome, sun, sky light and distance fog, following the view settings (sun azimuth and
 * elevation, fog on or off) and the terrain's size (fog distances). All imperative: a settings
 * change updates objects and asks for one frame.
 */
export function SceneLighting() {
  const { editor, view, props } = useSession();
  const lighting = useTerrainLighting();
  const scene = useThree((s) => s.scene);
  const invalidate = useThree((s) => s.invalidate);
  /** Unit vector towards the sun (the light is placed along it from the orbit target, see below). */
  const toSunRef = useRef(new Vector3(0, 1, 0));
  const objects = useMemo(() => {
    const material = new ShaderMaterial({
      vertexShader: SKY_VERTEX,
      fragmentShader: SKY_FRAGMENT,
      uniforms: UniformsUtils.merge([
        UniformsLib.fog,
        {
          skyZenith: { value: ZENITH.clone() },
          skyHorizon: { value: HORIZON.clone() },
          skyBelow: { value: BELOW.clone() },
          skySunDirection: { value: new Vector3(0, 1, 0) },
          skySunColour: { value: new Color() },
          skySunDisc: { value: new Color() },
          skyFog: { value: 1 },
        },
      ]),
      side: BackSide,
      depthWrite: false,
      toneMapped: false,
      fog: true,
    });
    const sky = new Mesh(new SphereGeometry(1, 64, 48), material);
    sky.frustumCulled = false;
    // After the opaque terrain: the depth test leaves only the pixels it does not cover.
    sky.renderOrder = 1000;
    sky.raycast = () => undefined;
    const sun = new DirectionalLight('#ffffff', 2.4);
    // Props cast the sun's shadow map (terrain and props receive it; the terrain's own shadows are its lighting texture).
    sun.shadow.mapSize.set(PROP_SHADOW_MAP_SIZE, PROP_SHADOW_MAP_SIZE);
    sun.shadow.radius = 2.5;
    sun.shadow.bias = -0.0004;
    sun.shadow.normalBias = 0.04;
    const fill = new HemisphereLight(FILL_SKY, FILL_GROUND, FILL_INTENSITY);
    const fog = new Fog(HORIZON.clone(), 1, 2);
    return { sky, material, sun, fill, fog };
  }, []);

  useEffect(() => {
    const { sky, material, sun, fill, fog } = objects;
    scene.add(sky, sun, sun.target, fill);
    const apply = (settings: ViewSettings) => {
      const field = editor.document.field;
      const { sizeX, sizeZ } = terrainExtent(field);
      const span = Math.max(sizeX, sizeZ, 1);
      const { toSun, colour, intensity } = sunLight(settings);
      toSunRef.current.set(toSun.x, toSun.y, toSun.z);
      sun.position.set(toSun.x * span * 2, toSun.y * span * 2, toSun.z * span * 2);
      sun.color.copy(colour);
      sun.intensity = intensity;
      material.uniforms.skySunDirection.value.set(toSun.x, toSun.y, toSun.z);
      material.uniforms.skySunColour.value.copy(sun.color);
      // The disc is written as it is (no conversion in the fragment shader): sRGB, near white.
      material.uniforms.skySunDisc.value.set(1, 0.97, 0.9);
      material.uniforms.skyFog.value = settings.fog ? 1 : 0;
      // Aerial perspective over the far part of the terrain, the horizon lost in haze.
      fog.near = span * FOG_NEAR_SPANS;
      fog.far = span * FOG_FAR_SPANS;
      scene.fog = settings.fog ? fog : null;
      invalidate();
    };
    apply(view.getState().settings);
    const unsubscribeView = view.subscribe((s, prev) => {
      if (s.settings !== prev.settings) apply(s.settings);
    });
    let dims = '';
    const unsubscribeEditor = editor.store.subscribe((s) => {
      const next = `${s.width}x${s.depth}`;
      if (next === dims) return;
      dims = next;
      apply(view.getState().settings);
    });
    return () => {
      unsubscribeView();
      unsubscribeEditor();
      scene.remove(sky, sun, sun.target, fill);
      scene.fog = null;
    };
  }, [objects, scene, editor, view, invalidate]);

  useEffect(
    () => () => {
      objects.sky.geometry.dispose();
      objects.material.dispose();
    },
    [objects],
  );

  // The props' shadow map: on while there are props and the view's shadows are on, its square fitted
  // round what the drawing camera looks at (propShadowFrame.ts): the orbit target, or the car in Drive.
  const forward = useMemo(() => new Vector3(), []);
  useFrame(({ camera }) => {
    const { sun } = objects;
    const drawing = lighting.drawingCamera;
    // While driving the car casts too.
    const cast = view.getState().settings.shadows && (props.controller.layer.list.length > 0 || drawing !== null);
    if (sun.castShadow !== cast) sun.castShadow = cast;
    if (!cast) return;
    const eye = drawing ?? camera;
    eye.getWorldDirection(forward);
    const frame = propShadowFrame(eye.position, forward, drawing ? lighting.drawingFocus : lighting.orbitTarget, drawing !== null);
    const { half } = frame;
    // On the map's texel grid seen from the sun: a square following the car does not make its shadows' edges crawl.
    const centre = snapToShadowTexels(frame.centre, toSunRef.current, (2 * half) / PROP_SHADOW_MAP_SIZE);
    sun.target.position.set(centre.x, centre.y, centre.z);
    sun.position.copy(sun.target.position).addScaledVector(toSunRef.current, 4 * half);
    sun.target.updateMatrixWorld();
    sun.updateMatrixWorld();
    const box = sun.shadow.camera;
    if (box.right !== half) {
      box.left = -half;
      box.right = half;
      box.top = half;
      box.bottom = -half;
      box.near = 0.5;
      box.far = 8 * half;
      box.updateProjectionMatrix();
    }
  });
  return null;
}

/** The props' shadow map, texels a side: 2048² depth (16 MB at most as 32-bit) drawn only when the scene is. */
export const PROP_SHADOW_MAP_SIZE = 2048;
/** Texture reads per terrain or prop pixel that the props' shadows add: three's PCF, five filtered taps. */
export const PROP_SHADOW_SAMPLES_PER_PIXEL = 5;
/** How long the heights must stay unchanged before the sea's ground is sent again. */
const SEA_GROUND_SETTLE_MS = 250;

/**
 * The optional sea at the sea level: a semi-transparent plane with a sun highlight, drawn only where the
 * ground is below it, and an opaque wall at the map's edges from the plane down to the ground (the sea's
 * cut sides, seaBody.ts); the terrain shader tints what lies below it by depth (see terrainShader.ts).
 */
export function WaterPlane() {
  const { editor, view } = useSession();
  const scene = useThree((s) => s.scene);
  const invalidate = useThree((s) => s.invalidate);
  const gl = useThree((s) => s.gl);
  const sea = useMemo(() => {
    const uniforms: SeaGroundUniforms = { seaGround: { value: null }, seaSpacing: { value: 1 }, seaLevel: { value: 0 } };
    const material = new MeshPhongMaterial({
      color: SEA_LOOK.surfaceColour,
      specular: '#9fb8c8',
      shininess: 90,
      transparent: true,
      opacity: SEA_LOOK.surfaceOpacity,
      depthWrite: false,
    });
    clipSeaToGround(material, uniforms, 'faultline-sea-surface');
    const mesh = new Mesh(new PlaneGeometry(1, 1), material);
    mesh.rotation.x = -Math.PI / 2;
    mesh.raycast = () => undefined;
    mesh.name = 'water';
    const wallMaterial = new MeshBasicMaterial({ color: SEA_LOOK.deepColour, side: DoubleSide });
    clipSeaToGround(wallMaterial, uniforms, 'faultline-sea-wall');
    const wall = new Mesh(new BufferGeometry(), wallMaterial);
    wall.raycast = () => undefined;
    wall.name = 'sea-wall';
    return { mesh, wall, uniforms };
  }, []);
  useEffect(() => {
    const { mesh: water, wall, uniforms } = sea;
    scene.add(water, wall);
    // The ground's texture and the wall follow the heights only while the sea is shown.
    let builtFor: { version: number; seaLevel: number } | null = null;
    // The ground the texture holds, and the vertices changed since it was sent (null: none).
    let ground: SeaGround | null = null;
    let changed: DirtyRegion | null = null;
    const sendGround = (field: Heightfield) => {
      const texture = uniforms.seaGround.value;
      if (texture && ground && seaGroundOf(ground, field) && changed?.kind === 'rect') {
        // An edit: only the samples it reached are read again and sent (a stroke's rectangle, not 16 MB at 4097²).
        const rect = seaGroundRect(ground, changed);
        if (rect) {
          refreshSeaGround(ground, field, rect);
          uploadSeaGroundRect(gl, texture, ground, rect);
        }
      } else {
        ground = seaGround(field);
        if (texture && texture.image.width === ground.width && texture.image.height === ground.depth) {
          // Same size: the heights sent again into the texture already allocated.
          texture.image.data = ground.heights;
          texture.needsUpdate = true;
        } else {
          texture?.dispose();
          uniforms.seaGround.value = seaGroundTexture(ground);
        }
        uniforms.seaSpacing.value = ground.spacing;
      }
      changed = null;
      return ground;
    };
    const apply = () => {
      const { settings } = view.getState();
      const field = editor.document.field;
      const { sizeX, sizeZ } = terrainExtent(field);
      water.visible = settings.water;
      wall.visible = settings.water;
      water.position.y = settings.seaLevel;
      uniforms.seaLevel.value = settings.seaLevel;
      water.scale.set(sizeX, sizeZ, 1);
      const version = editor.store.getState().version;
      if (settings.water && (builtFor?.version !== version || builtFor.seaLevel !== settings.seaLevel)) {
        const sent = builtFor?.version !== version || !ground ? sendGround(field) : ground;
        wall.geometry.dispose();
        wall.geometry = seaWallGeometry(sent, settings.seaLevel);
        builtFor = { version, seaLevel: settings.seaLevel };
      }
      invalidate();
    };
    apply();
    const unsubscribeView = view.subscribe((s, prev) => {
      if (s.settings !== prev.settings) apply();
    });
    // An edit re-sends the ground once the heights have settled (a stroke changes them every frame, and at
    // 4097² each send is 16 MB); a new map applies at once.
    let settle: ReturnType<typeof setTimeout> | undefined;
    const unsubscribeEditor = editor.store.subscribe((s, prev) => {
      if (s.version !== prev.version) changed = unionRegions(changed, s.lastChange);
      if (s.width !== prev.width || s.depth !== prev.depth) {
        clearTimeout(settle);
        changed = { kind: 'all' };
        apply();
      } else if (s.version !== prev.version) {
        clearTimeout(settle);
        settle = setTimeout(apply, SEA_GROUND_SETTLE_MS);
      }
    });
    return () => {
      clearTimeout(settle);
      unsubscribeView();
      unsubscribeEditor();
      scene.remove(water, wall);
    };
  }, [sea, scene, editor, view, invalidate, gl]);
  useEffect(
    () => () => {
      sea.mesh.geometry.dispose();
      (sea.mesh.material as MeshPhongMaterial).dispose();
      sea.wall.geometry.dispose();
      (sea.wall.material as MeshBasicMaterial).dispose();
      sea.uniforms.seaGround.value?.dispose();
    },
    [sea],
  );
  return null;
}

/** A round length for a scale bar: 1, 2 or 5 × a power of ten metres. */
export function niceLength(metres: number): number {
  const power = 10 ** Math.floor(Math.log10(metres));
  const f = metres / power;
  return (f >= 5 ? 5 : f >= 2 ? 2 : 1) * power;
}

export function formatMetres(metres: number): string {
  return metres >= 1000 ? `${metres / 1000} km` : `${metres} m`;
}

/**
 * Keeps the viewport's scale bar (a DOM element outside the canvas) true to the view: its width is a
 * round number of metres at the orbit target's distance. Updated only when it changes.
 */
export function ScaleBarDriver({ bar }: { bar: React.RefObject<HTMLDivElement | null> }) {
  const lighting = useTerrainLighting();
  const last = useRef('');
  useFrame(({ camera, size }) => {
    const element = bar.current;
    if (!element) return;
    const perspective = camera as PerspectiveCamera;
    const distance = camera.position.distanceTo(lighting.orbitTarget);
    const metresPerPixel = (2 * distance * Math.tan(((perspective.fov ?? 50) * Math.PI) / 360)) / Math.max(1, size.height);
    const metres = niceLength(metresPerPixel * 120);
    const width = Math.round(metres / metresPerPixel);
    // The camera's eye and target (metres, to the centimetre) let a test project the map's cells onto the view.
    const eye = perspective.position
      .toArray()
      .map((v) => v.toFixed(2))
      .join(',');
    const target = lighting.orbitTarget
      .toArray()
      .map((v) => v.toFixed(2))
      .join(',');
    const key = `${metres}:${width}:${eye}:${target}:${perspective.fov}`;
    if (key === last.current) return;
    last.current = key;
    const label = element.querySelector('span');
    const line = element.querySelector('i');
    if (label) label.textContent = formatMetres(metres);
    if (line instanceof HTMLElement) line.style.width = `${width}px`;
    element.dataset.metres = String(metres);
    element.dataset.pixels = String(width);
    element.dataset.eye = eye;
    element.dataset.target = target;
    element.dataset.fov = String(perspective.fov ?? 50);
  });
  return null;
}
