import { useSyncExternalStore } from 'react';
import type { AutoDefinitionConfig } from '../abr/auto-definition-config.ts';
import {
  canShowUltraDefinitions,
  initialDefinition,
  localDay,
  visibleDefinitions,
  type DefinitionChoice,
} from '../definitions.ts';
import type { PlayerSource } from '../player-source.ts';
import { BUFFERING_GOAL_S } from '../shaka/player-config.ts';
import { playerSettings, type PlayerSettings } from '../settings.ts';
import { defaultSkip, startPosition, type StartPosition } from '../start-position.ts';

/** What the player reads from the browser: storage, the device, the address. */
export interface Preferences {
  settings: PlayerSettings;
  choice: DefinitionChoice;
  skip: boolean;
  start: StartPosition;
  abrConfig: AutoDefinitionConfig;
  /** Seconds of buffer ahead; the default unless the settings override it. */
  bufferGoal: number;
  showUltra: boolean;
  canPip: boolean;
}

export interface PreferenceInputs {
  source: PlayerSource;
  startParam: number | null;
  loggedIn: boolean;
  historyPosition: number | null;
}

function readPreferences(inputs: PreferenceInputs): Preferences {
  const { source } = inputs;
  const settings = playerSettings(window.localStorage);
  const showUltra = canShowUltraDefinitions({
    userAgent: navigator.userAgent,
    search: location.search,
    cookie: document.cookie,
  });
  const stored = settings.definition();
  const choice = initialDefinition({
    stored: stored.definition,
    storedDay: stored.day,
    today: localDay(new Date()),
    visible: visibleDefinitions(
      source.renditions.map((r) => r.definition),
      showUltra,
    ),
  });
  const skip =
    settings.skip() ??
    defaultSkip({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints });
  const start = startPosition({
    duration: source.duration,
    preview: null,
    loggedIn: inputs.loggedIn,
    replay: false,
    startParam: inputs.startParam,
    remembered: inputs.historyPosition ?? settings.position(source.itemId),
    openingMark: source.openingMark,
    endingMark: source.endingMark,
    skipOpening: skip,
  });
  return {
    settings,
    choice,
    skip,
    start,
    abrConfig: settings.autoDefinition(),
    bufferGoal: settings.bufferGoal() ?? BUFFERING_GOAL_S,
    showUltra,
    canPip: document.pictureInPictureEnabled,
  };
}

/** Read once per source object, so that every render of one item sees the same answer. */
const cache = new WeakMap<PlayerSource, Preferences>();

const subscribe = () => () => undefined;

/**
 * The player's preferences for one item: null while rendering on the server and hydrating
 * (the server cannot know them), then read once in the browser.
 */
export function usePreferences(inputs: PreferenceInputs): Preferences | null {
  return useSyncExternalStore(
    subscribe,
    () => {
      let preferences = cache.get(inputs.source);
      if (!preferences) {
        preferences = readPreferences(inputs);
        cache.set(inputs.source, preferences);
      }
      return preferences;
    },
    () => null,
  );
}
