import {
  resolveAutoDefinitionConfig,
  type AutoDefinitionConfig,
} from './abr/auto-definition-config.ts';
import { isDefinition } from '@melon/shared/media/definitions';
import type { DefinitionChoice } from './definitions.ts';

/** SPEC §3: player settings live in local storage under one fixed key prefix. */
export const SETTINGS_PREFIX = 'melon.player.';

export const SETTING_KEYS = {
  definition: `${SETTINGS_PREFIX}definition`,
  definitionDay: `${SETTINGS_PREFIX}definitionDate`,
  skip: `${SETTINGS_PREFIX}skip`,
  volume: `${SETTINGS_PREFIX}volume`,
  muted: `${SETTINGS_PREFIX}muted`,
  autoDefinition: `${SETTINGS_PREFIX}autoDefinition`,
  bufferGoal: `${SETTINGS_PREFIX}bufferGoal`,
  positions: `${SETTINGS_PREFIX}positions`,
} as const;

/** Remembered positions kept, most recent first; older ones are dropped. */
export const MAX_REMEMBERED_POSITIONS = 200;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Storage can throw (private mode, quota, blocked cookies); the player then forgets quietly. */
function read(store: Store, key: string): string | null {
  try {
    return store.getItem(key);
  } catch {
    return null;
  }
}

function write(store: Store, key: string, value: string): void {
  try {
    store.setItem(key, value);
  } catch {
    // A full or blocked storage only costs the remembered setting.
  }
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export interface StoredDefinition {
  definition: string | null;
  day: string | null;
}

/** The player's remembered settings over one Storage (localStorage in the browser). */
export function playerSettings(store: Store) {
  return {
    definition(): StoredDefinition {
      return {
        definition: read(store, SETTING_KEYS.definition),
        day: read(store, SETTING_KEYS.definitionDay),
      };
    },
    /** The viewer's own pick, with the day it was made (SPEC §4 same-day rule). */
    setDefinition(choice: DefinitionChoice, day: string): void {
      write(store, SETTING_KEYS.definition, choice);
      write(store, SETTING_KEYS.definitionDay, day);
    },
    /** null when the viewer never set it: the device default applies. */
    skip(): boolean | null {
      const value = read(store, SETTING_KEYS.skip);
      return value === '1' ? true : value === '0' ? false : null;
    },
    setSkip(skip: boolean): void {
      write(store, SETTING_KEYS.skip, skip ? '1' : '0');
    },
    volume(): number {
      const value = Number(read(store, SETTING_KEYS.volume) ?? NaN);
      return Number.isFinite(value) && value >= 0 && value <= 1 ? value : 1;
    },
    setVolume(volume: number): void {
      write(store, SETTING_KEYS.volume, String(Math.min(1, Math.max(0, volume))));
    },
    muted(): boolean {
      return read(store, SETTING_KEYS.muted) === '1';
    },
    setMuted(muted: boolean): void {
      write(store, SETTING_KEYS.muted, muted ? '1' : '0');
    },
    autoDefinition(): AutoDefinitionConfig {
      return resolveAutoDefinitionConfig(parseJson(read(store, SETTING_KEYS.autoDefinition)));
    },
    /** Seconds of buffer to keep ahead (2 to 120), or null for the player's default. */
    bufferGoal(): number | null {
      const value = Number(read(store, SETTING_KEYS.bufferGoal) ?? NaN);
      return Number.isFinite(value) && value >= 2 && value <= 120 ? value : null;
    },
    position(itemId: string): number | null {
      const value = positions(store)[itemId];
      return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
    },
    setPosition(itemId: string, seconds: number): void {
      const rest = Object.entries(positions(store)).filter(([id]) => id !== itemId);
      const kept = [[itemId, Math.round(seconds * 10) / 10] as const, ...rest].slice(
        0,
        MAX_REMEMBERED_POSITIONS,
      );
      write(store, SETTING_KEYS.positions, JSON.stringify(Object.fromEntries(kept)));
    },
  };
}

export type PlayerSettings = ReturnType<typeof playerSettings>;

function positions(store: Store): Record<string, unknown> {
  const value = parseJson(read(store, SETTING_KEYS.positions));
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** A stored definition as a menu choice, or null when it is not one. */
export function asDefinitionChoice(value: string | null): DefinitionChoice | null {
  return value === 'auto' || isDefinition(value) ? value : null;
}
