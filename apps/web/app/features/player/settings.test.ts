import { describe, expect, it } from 'vitest';
import { AUTO_DEFINITION_DEFAULTS } from './abr/auto-definition-config.ts';
import { MAX_REMEMBERED_POSITIONS, playerSettings, SETTING_KEYS } from './settings.ts';

/** The Storage interface over a Map, as a browser's localStorage behaves. */
function memoryStore() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

function throwingStore() {
  const fail = () => {
    throw new DOMException('blocked', 'SecurityError');
  };
  return { getItem: fail, setItem: fail, removeItem: fail };
}

describe('playerSettings', () => {
  it('keeps every key under the fixed prefix', () => {
    for (const key of Object.values(SETTING_KEYS)) expect(key).toMatch(/^melon\.player\./);
  });

  it('remembers the definition with the day it was set', () => {
    const store = memoryStore();
    const settings = playerSettings(store);
    expect(settings.definition()).toEqual({ definition: null, day: null });
    settings.setDefinition('720p', '2026-11-23');
    expect(settings.definition()).toEqual({ definition: '720p', day: '2026-11-23' });
    expect(store.map.get('melon.player.definition')).toBe('720p');
    expect(store.map.get('melon.player.definitionDate')).toBe('2026-11-23');
  });

  it('knows whether the viewer set skip', () => {
    const settings = playerSettings(memoryStore());
    expect(settings.skip()).toBeNull();
    settings.setSkip(false);
    expect(settings.skip()).toBe(false);
    settings.setSkip(true);
    expect(settings.skip()).toBe(true);
  });

  it('remembers volume (clamped) and mute', () => {
    const store = memoryStore();
    const settings = playerSettings(store);
    expect(settings.volume()).toBe(1);
    expect(settings.muted()).toBe(false);
    settings.setVolume(0.35);
    settings.setMuted(true);
    expect(settings.volume()).toBe(0.35);
    expect(settings.muted()).toBe(true);
    settings.setVolume(7);
    expect(settings.volume()).toBe(1);
    store.map.set(SETTING_KEYS.volume, 'loud');
    expect(settings.volume()).toBe(1);
  });

  it('reads auto-definition overrides over the SPEC defaults', () => {
    const store = memoryStore();
    const settings = playerSettings(store);
    expect(settings.autoDefinition()).toEqual(AUTO_DEFINITION_DEFAULTS);
    store.map.set(SETTING_KEYS.autoDefinition, '{"high":0.9,"switchPenalty":2}');
    expect(settings.autoDefinition()).toEqual({
      ...AUTO_DEFINITION_DEFAULTS,
      high: 0.9,
      switchPenalty: 2,
    });
    store.map.set(SETTING_KEYS.autoDefinition, '{not json');
    expect(settings.autoDefinition()).toEqual(AUTO_DEFINITION_DEFAULTS);
  });

  it('reads a buffer goal override between 2 and 120 s', () => {
    const store = memoryStore();
    const settings = playerSettings(store);
    expect(settings.bufferGoal()).toBeNull();
    store.map.set(SETTING_KEYS.bufferGoal, '6');
    expect(settings.bufferGoal()).toBe(6);
    store.map.set(SETTING_KEYS.bufferGoal, '1');
    expect(settings.bufferGoal()).toBeNull();
    store.map.set(SETTING_KEYS.bufferGoal, '600');
    expect(settings.bufferGoal()).toBeNull();
  });

  it('remembers positions per item, most recent first, up to the cap', () => {
    const store = memoryStore();
    const settings = playerSettings(store);
    expect(settings.position('a')).toBeNull();
    settings.setPosition('a', 12.345);
    expect(settings.position('a')).toBe(12.3);
    for (let i = 0; i < MAX_REMEMBERED_POSITIONS; i += 1) settings.setPosition(`x${i}`, 10);
    expect(settings.position('a')).toBeNull();
    expect(settings.position(`x${MAX_REMEMBERED_POSITIONS - 1}`)).toBe(10);
    store.map.set(SETTING_KEYS.positions, '[1,2]');
    expect(settings.position('x1')).toBeNull();
  });

  it('forgets quietly when storage throws', () => {
    const settings = playerSettings(throwingStore());
    expect(() => {
      settings.setVolume(0.5);
      settings.setPosition('a', 3);
    }).not.toThrow();
    expect(settings.volume()).toBe(1);
    expect(settings.definition()).toEqual({ definition: null, day: null });
  });
});
