import type { Benchmark } from './harness';
import { createHeightfield } from '../shared/terrain/heightfield';
import { createRandom } from '../shared/random';
import { createDocument } from '../app/document/document';
import { Editor } from '../app/document/editor';
import { BrushStroke } from '../app/tools/brushStroke';
import { DEFAULT_BRUSH, type BrushSettings } from '../app/tools/brush';

const SIZE = 4097;
const STROKES = 100;
const BRUSH: BrushSettings = { ...DEFAULT_BRUSH, mode: 'raise', radius: 32 };
/** Each stroke drags 200 m across the map (cell size 1 m): ~25 dabs at radius/4 spacing. */
const STROKE_LENGTH = 200;

interface HistoryState {
  editor: Editor;
  random: ReturnType<typeof createRandom>;
}

/** One pointer-down…up stroke in a random place and direction, recorded as one history entry. */
function paintStroke(state: HistoryState): void {
  const { editor, random } = state;
  const field = editor.document.field;
  const half = (SIZE - 1) / 2 - STROKE_LENGTH;
  const x = (random.next() * 2 - 1) * half;
  const z = (random.next() * 2 - 1) * half;
  const angle = random.next() * 2 * Math.PI;
  const stroke = new BrushStroke(field, BRUSH, x, z, 0);
  stroke.begin();
  for (let step = 1; step <= 10; step++) {
    const t = (step / 10) * STROKE_LENGTH;
    stroke.moveTo(x + Math.cos(angle) * t, z + Math.sin(angle) * t);
  }
  const edit = stroke.finish('Brush');
  if (edit) editor.apply(edit);
}

let measured: HistoryState | null = null;

export const benchmarks: Benchmark[] = [
  {
    name: 'history-brush-stroke',
    size: SIZE,
    params: { radius_m: BRUSH.radius, stroke_m: STROKE_LENGTH },
    samples: STROKES,
    warmup: 0,
    setup: (): HistoryState => {
      measured = { editor: new Editor(createDocument(createHeightfield(SIZE, SIZE, 1))), random: createRandom(42) };
      return measured;
    },
    run: (state) => paintStroke(state as HistoryState),
    // Runs after the timed strokes: the history then holds exactly STROKES entries.
    measure: () => {
      const history = measured?.editor.history;
      return {
        strokes: history?.undoDepth ?? 0,
        history_bytes: history?.byteSize ?? 0,
        whole_map_copy_bytes: SIZE * SIZE * 4,
      };
    },
  },
];
