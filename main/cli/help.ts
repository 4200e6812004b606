import { DEFAULT_RECIPE, LINE_METHODS } from '../../shared/fault/recipe';
import { DEFAULT_PRESET_ID, TERRAIN_PRESETS } from '../../shared/presets/terrainPresets';
import { EROSION_HELP } from './erosionArgs';
import { MAX_FAULT_WIDTH, MIN_FAULT_WIDTH } from '../../shared/fault/profile';
import { MAX_MAP_SIDE, MIN_MAP_SIDE } from '../../shared/terrain/heightfield';
import { DEFAULT_CELL_SIZE, MAX_ITERATIONS } from './args';
import { outputFormats } from './outputs';

export function mainHelp(): string {
  return `faultline — terrain by fault-line formation, headless

Usage:
  faultline generate --size N --out FILE [options]   generate a terrain and write it
  faultline generate --help                          every option of generate
  faultline export IN --out FILE [options]          convert a heightmap, mesh or project file
  faultline export IN --preset ENGINE --out DIR      engine-ready files and import values (--help)
  faultline info FILE [options]                      print what a file holds as JSON
  faultline export --help, faultline info --help     their options
  faultline scatter TERRAIN --type NAME --count N --seed S --out FILE   scatter props (--help)
  faultline drive TERRAIN --route FILE --out FILE   test-drive a route, write telemetry CSV (--help)
  faultline drive TERRAIN --model physics (--route FILE | --inputs CSV --start x,z,deg --duration s) --out FILE
                                                     the same with the physics car (--car hatchback|4x4|truck)
  faultline erode IN --out FILE [--thermal N] [--hydraulic DROPLETS]   erode a heightmap or project (--help)
  faultline layers FILE.faultline [--json]           list a project's layer stack; --set ID.PARAM=VALUE,
                                                     --enable/--disable/--remove ID, --out FILE edit it (--help)
  faultline road IN --spline road.json --out FILE    add a road layer that shapes the land; --centreline,
                                                     --report (--help)
  faultline road IN --from x,z --to x,z --out FILE   the same, the road finding its own way within its
                                                     grade and radius; --via x,z (--help)
  faultline drive FILE.faultline --road ID --out FILE [--report FILE]   drive a project's road (--help)
  faultline water IN --out FILE                      add automatic rivers and lakes as a layer; --depth,
                                                     --accumulation, --flow maps, --water-mesh,
                                                     --river-centrelines (--help)
  faultline river IN --spline river.json --out FILE  add a drawn river that carves its bed (--help)
  faultline drivability IN --car CAR --out mask.png [--summary F.json]      where a car can go (--help)
  faultline --help                                   this text

Exit codes: 0 success, 1 a file could not be read or written, 2 bad arguments.
`;
}

export function generateHelp(): string {
  const d = DEFAULT_RECIPE;
  const formats = outputFormats()
    .map((f) => `    ${f.extension.padEnd(10)} ${f.description}`)
    .join('\n');
  return `Usage: faultline generate --size N [options] --out FILE [--out FILE …] [--emit-lines FILE]

Fault-line formation (lighthouse3d): heights start at 0; each iteration picks a line and raises every
vertex with a·x + b·z − c > 0 by that iteration's displacement, lowering all others by it. The same
options give the same bytes on every run and machine.

Terrain:
  --size N               vertices along x, ${MIN_MAP_SIDE}..${MAX_MAP_SIDE} (required; 2ⁿ+1 such as 257, 1025 suits engines)
  --depth M              vertices along z, ${MIN_MAP_SIDE}..${MAX_MAP_SIDE} (default: same as --size)
  --cell-size m          metres between neighbouring vertices, > 0 (default: ${DEFAULT_CELL_SIZE})

Fault formation (defaults: the preset's values for this map — without --preset the editor's
default preset, ${DEFAULT_PRESET_ID}, scaled to the map as the editor's form does):
  --iterations K         number of fault lines, 0..${MAX_ITERATIONS} (default: the preset's)
  --seed S               PRNG seed, whole number 0..4294967295 (default: ${d.seed})
  --disp0 x              displacement of the first iteration, metres (default: the preset's)
  --dispn y              displacement from iteration n on, metres (default: the preset's)
  --decay-iterations n   iterations over which the displacement falls linearly from disp0 to dispn;
                         0 means constant dispn, 0..${MAX_ITERATIONS} (default: the preset's)
  --lines METHOD         how lines are chosen: ${LINE_METHODS.join(' | ')} (default: the preset's)
                           normal     a = sin v, b = cos v, c uniform in [−d/2, d/2], d the diagonal
                           two-point  the line through two random terrain points
                           cross      two random points, side by the cross-product sign (Game
                                      Programming Gems)
  --profile P            how each fault's displacement varies across its line: step | smooth
                         (default: the preset's)
                           step       every vertex rises or sinks by the full displacement (cliffs)
                           smooth     within w/2 of the line the displacement ramps from −d to +d
                                      (cubic smoothstep of the signed distance), so faults make slopes
  --fault-width w        transition width of --profile smooth, metres, ${MIN_FAULT_WIDTH}..${MAX_FAULT_WIDTH}
                         (required with smooth unless a preset gives one; refused with step)
  --smooth k             after formation, apply the FIR erosion filter with strength k in [0, 1)
                         (default: no smoothing)

Presets (the editor's; scaled to the map's size, seeded by --seed; any option above still wins):
  --preset NAME          ${TERRAIN_PRESETS.map((p) => p.id).join(' | ')} (default: ${DEFAULT_PRESET_ID},
                         as the editor starts; classic gives the raw fault terrain of earlier versions)
${TERRAIN_PRESETS.map((p) => `                           ${p.id.padEnd(14)} ${p.description}`).join('\n')}

${EROSION_HELP.replace('Erosion (', 'Erosion after the faults (')}
Output:
  --out FILE             write the heights; the type follows the extension (repeat for several files):
${formats}
                         Every target (--out, --emit-lines) is checked before generating, and all
                         are written or none (temporary files, renamed only when all are written).
  --emit-lines FILE      write the fault lines as JSON:
                           { "width", "depth", "cellSize", "lines": [ { "a", "b", "c", "displacement" } ] }
                         in world metres with the origin at the terrain centre; vertex (i, j) is at
                         x = (i − (width−1)/2)·cellSize, z = (j − (depth−1)/2)·cellSize, and it rises
                         by displacement when a·x + b·z − c > 0, sinks by it otherwise (for --lines
                         cross, the equivalent a, b, c). With --profile smooth the file also holds
                         "profile": { "kind": "smooth", "width" } and vertices within width/2 of a
                         line move by part of its displacement (docs/cli.md).

Progress (on stderr; stdout keeps the "wrote" lines):
  --quiet                no progress. By default a large run says its expected work up front, and a
                         run of more than a few seconds prints one line per 5 % with the time left.
                         Fault lines stream from the seed in batches: memory does not grow with
                         --iterations, and progress covers every batch.

Options take their value as "--name value" or "--name=value".
  --help                 this text
`;
}

const INPUT_HELP = `Reading the input (the type follows its extension: .png, .r16, .raw, .r32, .exr, .tif, .tiff, .faultline):
  --size N               RAW input: vertices along x (default: a square inferred from the length)
  --depth M              RAW input: vertices along z (needs --size; default: same as --size)
  --in-byte-order le|be  R16 input byte order (default: le)
  --in-flip              RAW input stores the last row first
  --in-range MIN:MAX     heights in metres of the smallest and largest sample of a PNG, R16 or unsigned
                         16-bit TIFF input (linear); wins over a PNG's own faultline: metadata
                         (default: that metadata, else 0:100; unsigned 16-bit TIFF: 0:65535)
  --cell-size m          metres between vertices, > 0 (default: the file's metadata or GeoTIFF
                         geotransform, else 1)
  --resample N           GeoTIFF/EXR input: bilinear resampling (corners kept) to N vertices along the
                         longer side, 2..8193; needed for inputs larger than 8193
  --channel C            RGB(A)/palette PNG: luminance | r | g | b | a (default: luminance)
Heightmap files over 768 MiB are refused unread; a .faultline project may be as large as the largest
valid one (an 8193² map with 1 GiB of layer data).`;

export function exportHelp(): string {
  const formats = outputFormats()
    .map((f) => `    ${f.extension.padEnd(10)} ${f.description}`)
    .join('\n');
  return `Usage: faultline export IN --out FILE [options]
       faultline export IN --preset unreal|unity|godot-terrain3d|godot-hterrain --out DIR [options]

Converts any file Faultline reads into any type it writes; the output type follows the extension:
${formats}

${INPUT_HELP}

Writing:
  --out FILE             the file to write, atomically (required)
  --bits 8|16            PNG sample depth (default: 16)
  --range auto|MIN:MAX   heights mapped to the full sample range of PNG/R16 output; auto uses the
                         map's own min..max, a fixed range clamps heights outside it; MIN and MAX
                         within ±3.4028e38, float32's heights (default: auto)
  --byte-order le|be     R16 output byte order (default: le)
  --flip                 RAW output stores the last row first
  --exr-compression zip|none   EXR output compression (default: zip)
  --normal-map tangent|world   write an 8-bit RGB normal map (--out FILE.png) from the exact triangle
                         normals instead of heights
  --normal-green up|down green towards the image's top (OpenGL: Unity, Godot) or bottom (DirectX:
                         Unreal) in tangent space (default: up; down with --preset unreal)
  --colour-map           write an 8-bit sRGB colour map (--out FILE.png) instead of heights: the 3D
                         view's natural colours (grass, heath, scree, earth and rock by slope and
                         height, snow), slopes from the exact triangle normals; a project's rock in
                         its own beds (its fluvial or thermal layer's strata: hard beds pale, soft red)
  --tree-line M, --snow-line M   where the colours change cover, metres (default: a project's View
                         settings, else 200 and 350, the View panel's defaults)
  --tile-size N          cut the output into tiles of N × N vertices named NAME_x{X}_y{Y}.EXT beside
                         --out (the last tile of a row or column may be shorter); every tile maps the
                         whole map's height range
  --tile-overlap K       rows and columns neighbouring tiles share: 1 = shared edge (default), 0 none

Engine presets (--preset ENGINE --out DIR writes NAME.* into DIR, created if missing, and prints the
values to type into the engine; NAME.<engine>.json holds them too):
  unreal                 16-bit PNG at a landscape size (127, 253, 505, 1009, 2017, 4033, 8129);
                         NAME.unreal.json { size, scaleX, scaleY, scaleZ, locationZ, … } (Unreal 5.x);
                         with --tile-size N: equal N × N tiles NAME_x{X}_y{Y}.png for UE5's tiled
                         import (no shared edge), k × N a landscape size; a tile size no landscape
                         is made of is refused with sizes that work
  unity                  RAW 16-bit little-endian ("Windows"), 2ⁿ+1 up to 4097 per terrain, larger
                         maps as 4097² terrains sharing edges; NAME.unity.json { heightmapResolution,
                         width, length, height (range × 65536/65535: Unity reads s/65536),
                         positionY, … } (Unity 6)
  godot-terrain3d        EXR (metres) or R16 at the map's own size, padded in front to a region
                         boundary; region size, vertex spacing (cell size, 0.25–100 m) and a
                         whole-metre import position in NAME.terrain3d.json (Terrain3D 1.0); tiles
                         are whole regions
  godot-hterrain         2ⁿ+1 from 65 to 4097, EXR or RAW (.raw) with min/max height;
                         NAME.hterrain.json (HTerrain 1.7)
  --name NAME            base of the file names (default: the input's name): at most 100 characters,
                         a plain file name (no folders, leading dot, trailing space or dot, control
                         or invisible characters, names Windows reserves such as CON or COM1)
  --resolution N         vertices per side (Unreal, Unity, HTerrain; default: the size nearest the map;
                         a size the engine does not take exits 2; not for Terrain3D)
  --fit resample|crop    resample the whole map from its exact surface (default) or cut an N × N window
  --crop-origin I:J      first column and row of the window (default: centred)
  --height-format exr|r16   Godot height file (default: exr)
  --masks RULES.json     splat/weight maps by rules: { "layers": [ { "name": "rock", "rules": [
                         { "source": "slope", "min": 35, "softness": 8 } ] }, … ] }; sources height (m),
                         slope (°), curvature (1/m, + convex), aspect (° clockwise from north = −z,
                         the way the ground faces; min and max both, min > max wraps through north),
                         cavity (m, mean of the 9 × 9 around minus the vertex: + in hollows), flow,
                         deposition (0–1); from a project, road (0–1), water (depth, m) and shore
                         (wetness 0–1: 1 on water, 0 from 20 m away), hardness (the rock bed's
                         relative hardness, with a fluvial layer's strata); the first layer
                         is the base, each later one covers those below. Unreal and Terrain3D: an 8-bit
                         PNG per layer; Unity: RGBA alphamaps of 4 layers at 2ⁿ; HTerrain: a CLASSIC4
                         RGBA splatmap (at most 4 layers); an unknown key is refused
  --colour-map           also NAME_colour.png: the 3D view's natural colours (cover by slope and height,
                         snow; sediment and wet ground with --flow and --deposition), 8-bit sRGB at the
                         exported size; --tree-line M, --snow-line M as above
  --normalise            weight maps summing to 255 at every pixel (Unreal's weight-blended layers, World
                         Machine's Weightmap device): always so, the flag states it; needs --masks
  --water                also NAME_water_depth.exr, NAME_flow.png, NAME_water.glb, NAME_rivers.json at the
                         map's own vertices, of a project's topmost water layer (faultline water --help)
  --flow FILE, --deposition FILE   erosion results as .r32 at the input's size, for those sources
                         (each divided by its largest value, to the nearest 255th, as the editor keeps them)
  --normal-map, --tile-size, --tile-overlap, --exr-compression   as above (Unity tiles: 2ⁿ+1, overlap 1;
                         Unreal and Terrain3D tiles share no edge: --tile-overlap is refused)

A file that cannot be read is one line on stderr naming it, exit code 1, and no output file.
Several files (tiles, presets) are checked before any work and written all or nothing (at most 4096):
one that cannot be written is one line naming it, exit code 1, and the folder is left as it was.
An export (engine preset, heightmap, normal map or mesh) whose estimated peak memory (from its format
and sizes; docs/cli.md) is more than the machine has available is refused before anything is created:
one line with the figure, exit code 1.
`;
}

export function infoHelp(): string {
  return `Usage: faultline info FILE [options]

Prints JSON: { file, kind, width, depth, cellSize, bitDepth, minHeight, maxHeight, metadata }
(kind: png | r16 | r32 | faultline; heights in metres at the resolved scale; metadata: a PNG's text
entries, or a project's recipe and counts). A project's layer stack is not read.

${INPUT_HELP}
`;
}
