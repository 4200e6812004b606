import { describe, expect, it } from 'vitest';
import { COMMAND_IDS } from '../commands';
import { DEFAULT_USER_SETTINGS, DEFAULT_VIEW_SETTINGS, isRequestChannel, requestChannels, userSettingsValidator, validateRequestArgs } from './contract';
import { createFaultlineApi, type Invoke, type Subscribe } from './api';

describe('IPC contract', () => {
  it('knows its channels and nothing else', () => {
    expect(isRequestChannel('settings:get')).toBe(true);
    for (const bad of ['settings:nope', 'toString', '__proto__', 'constructor', 42, null]) expect(isRequestChannel(bad)).toBe(false);
    for (const channel of Object.keys(requestChannels)) expect(isRequestChannel(channel)).toBe(true);
  });

  it('accepts valid arguments and the defaults', () => {
    expect(validateRequestArgs('settings:setView', [DEFAULT_VIEW_SETTINGS])).toEqual([DEFAULT_VIEW_SETTINGS]);
    expect(validateRequestArgs('app:getInfo', [])).toEqual([]);
    expect(userSettingsValidator(DEFAULT_USER_SETTINGS)).toEqual(DEFAULT_USER_SETTINGS);
    const states = COMMAND_IDS.slice(0, 3).map((id, k) => ({ id, enabled: k % 2 === 0 }));
    expect(validateRequestArgs('commands:setState', [states])).toEqual([states]);
  });

  it('rejects too many arguments', () => {
    expect(() => validateRequestArgs('app:getInfo', [1])).toThrow(/app:getInfo: expected 0 argument\(s\), got 1/);
    expect(() => validateRequestArgs('settings:setView', [DEFAULT_VIEW_SETTINGS, DEFAULT_VIEW_SETTINGS])).toThrow(/expected 1/);
  });

  it('rejects missing, mistyped and extra-property arguments, naming the channel', () => {
    expect(() => validateRequestArgs('settings:setView', [])).toThrow(/settings:setView argument 1: expected an object/);
    expect(() => validateRequestArgs('settings:setView', [{ ...DEFAULT_VIEW_SETTINGS, colorMode: 'rainbow' }])).toThrow(/colorMode/);
    expect(() => validateRequestArgs('settings:setView', [{ ...DEFAULT_VIEW_SETTINGS, wireframe: 'yes' }])).toThrow(/wireframe: expected a boolean/);
    expect(() => validateRequestArgs('settings:setView', [{ ...DEFAULT_VIEW_SETTINGS, shell: 'x' }])).toThrow(/unexpected property/);
  });

  it('rejects unknown command ids and malformed command states', () => {
    expect(() => validateRequestArgs('commands:setState', [[{ id: 'evil.run', enabled: true }]])).toThrow(/unknown command evil\.run/);
    expect(() => validateRequestArgs('commands:setState', [[{ id: 'edit.undo', enabled: 1 }]])).toThrow(/enabled: expected a boolean/);
    expect(() => validateRequestArgs('commands:setState', [[{ id: 'edit.undo', enabled: true, run: 'x' }]])).toThrow(/unexpected property/);
    expect(() => validateRequestArgs('commands:setState', ['edit.undo'])).toThrow(/expected an array/);
    const tooMany = Array.from({ length: 257 }, () => ({ id: 'edit.undo', enabled: true }));
    expect(() => validateRequestArgs('commands:setState', [tooMany])).toThrow(/more than 256/);
  });
});

describe('createFaultlineApi', () => {
  it('maps each task onto its channel and forwards menu commands', async () => {
    const calls: unknown[][] = [];
    const invoke = ((channel: string, ...args: unknown[]) => {
      calls.push([channel, ...args]);
      return Promise.resolve(undefined);
    }) as Invoke;
    let listener: ((payload: { id: string }) => void) | undefined;
    const subscribe = ((_channel: string, l: (payload: { id: string }) => void) => {
      listener = l;
      return () => (listener = undefined);
    }) as Subscribe;
    const api = createFaultlineApi(invoke, subscribe);
    await api.getAppInfo();
    await api.setViewSettings(DEFAULT_VIEW_SETTINGS);
    await api.setCommandStates([{ id: 'edit.undo', enabled: false }]);
    expect(calls).toEqual([['app:getInfo'], ['settings:setView', DEFAULT_VIEW_SETTINGS], ['commands:setState', [{ id: 'edit.undo', enabled: false }]]]);
    const seen: string[] = [];
    const unsubscribe = api.onMenuCommand((id) => seen.push(id));
    listener?.({ id: 'file.save' });
    unsubscribe();
    expect(seen).toEqual(['file.save']);
    expect(listener).toBeUndefined();
  });
});
