import { describe, expect, it } from 'vitest';
import {
  chromeOnlyProcess,
  chromiumTypeFromArgs,
  descendantsOf,
  parentPidFromStat,
  parseKilobyteFields,
  privateFootprintMb,
  summarizeProcesses,
  type ProcessMemory,
} from './processMemory';

const STATUS = `Name:\tchromium
Umask:\t0022
State:\tS (sleeping)
VmRSS:\t  270336 kB
RssAnon:\t  118784 kB
RssFile:\t  140288 kB
RssShmem:\t   11264 kB
VmSwap:\t    2048 kB
Threads:\t24
`;

function reading(overrides: Partial<ProcessMemory>): ProcessMemory {
  return { pid: 1, type: 'renderer', pssMb: 10, rssMb: 20, pssAnonMb: 5, privateMb: 8, browserUiOnly: false, ...overrides };
}

describe('process memory readings', () => {
  it('parses the kB fields of /proc/<pid>/status and smaps_rollup, skipping the others', () => {
    const fields = parseKilobyteFields(STATUS);
    expect(fields.get('RssAnon')).toBe(118784);
    expect(fields.get('VmSwap')).toBe(2048);
    expect(fields.has('Threads')).toBe(false);
    expect(parseKilobyteFields('Rss:     1000 kB\nPss:      640 kB\nPss_Anon:  320 kB\n').get('Pss_Anon')).toBe(320);
  });

  it('counts resident anonymous memory and swap as the private footprint, not file or shared pages', () => {
    expect(privateFootprintMb(parseKilobyteFields(STATUS))).toBe((118784 + 2048) / 1024);
    expect(privateFootprintMb(new Map())).toBe(0);
  });

  it('sums the footprint of the processes an app runs apart from Chromium’s own (its interface’s renderer, the on-device model service)', () => {
    const summary = summarizeProcesses([
      reading({ pid: 1, type: 'browser', privateMb: 40, pssMb: 120 }),
      reading({ pid: 2, type: 'gpu', privateMb: 180, pssMb: 260 }),
      reading({ pid: 3, type: 'renderer', privateMb: 130, pssMb: 170 }),
      reading({ pid: 4, type: 'renderer', privateMb: 50, pssMb: 70, browserUiOnly: true }),
    ]);
    expect(summary.totalPrivateMb).toBe(400);
    expect(summary.appPrivateMb).toBe(350);
    expect(summary.totalPssMb).toBe(620);
    expect(summary.pssMbByType).toEqual({ browser: 120, gpu: 260, renderer: 240 });
  });

  it('tells Chromium process types from their flags and walks the process tree', () => {
    expect(chromiumTypeFromArgs(['/usr/lib/chromium/chromium', '--headless'])).toEqual({ type: 'browser' });
    expect(chromiumTypeFromArgs(['chromium', '--type=gpu-process'])).toEqual({ type: 'gpu' });
    expect(chromiumTypeFromArgs(['chromium', '--type=utility', '--utility-sub-type=network.mojom.NetworkService'])).toEqual({
      type: 'utility',
      subType: 'network.mojom.NetworkService',
    });
    expect(parentPidFromStat('4242 (chromium (gpu) x) S 4000 4242 4242 0 -1')).toBe(4000);
    // Chromium's own processes, which an Electron app does not run.
    expect(chromeOnlyProcess(['chromium', '--type=renderer', '--top-chrome-webui'])).toBe(true);
    expect(chromeOnlyProcess(['chromium', '--type=utility', '--utility-sub-type=on_device_model.mojom.OnDeviceModelService'])).toBe(true);
    expect(chromeOnlyProcess(['chromium', '--type=utility', '--utility-sub-type=tracing.mojom.TracingService'])).toBe(true);
    expect(chromeOnlyProcess(['chromium', '--type=utility', '--utility-sub-type=network.mojom.NetworkService'])).toBe(false);
    expect(chromeOnlyProcess(['chromium', '--type=renderer'])).toBe(false);
    const parents = new Map([
      [2, 1],
      [3, 2],
      [4, 1],
      [5, 99],
    ]);
    expect(descendantsOf(1, parents).sort()).toEqual([1, 2, 3, 4]);
  });
});
