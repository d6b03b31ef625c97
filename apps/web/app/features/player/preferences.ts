import type { AutoDefinitionConfig } from './abr/auto-definition-config.ts';
import {
  canShowUltraDefinitions,
  initialDefinition,
  localDay,
  visibleDefinitions,
  type DefinitionChoice,
} from './definitions.ts';
import { allowedLocalStorage, pageMemoryStore } from '~/lib/local-storage.ts';
import { previewEndedAt } from '~/lib/preview-session.ts';
import type { PlayerSource } from './player-source.ts';
import { BUFFERING_GOAL_S } from './shaka/player-config.ts';
import { playerSettings, type PlayerSettings } from './settings.ts';
import {
  defaultSkip,
  startPosition,
  type StartPosition,
  type StartPositionInput,
} from './start-position.ts';

/**
 * SPEC §4 rule 1: the item's preview ended in this tab, and the viewer now plays it in full
 * (signed in, member or buyer: the URLs are no longer the preview's), so it continues from the
 * clip's end (decision 050).
 */
export function continuedPreview(source: PlayerSource): StartPositionInput['preview'] {
  if (source.preview) return null;
  const clipEnd = previewEndedAt(source.itemId);
  return clipEnd === null ? null : { clipEnd, sessionFlag: true };
}

/** What the player reads from the browser: storage, the device, the address. */
export interface Preferences {
  settings: PlayerSettings;
  choice: DefinitionChoice;
  skip: boolean;
  start: StartPosition;
  /** Where the replay button starts the item after it ended (SPEC §4 rule 2). */
  replayStart: StartPosition;
  abrConfig: AutoDefinitionConfig;
  /** Seconds of buffer ahead; the default unless the settings override it. */
  bufferGoal: number;
  /** The remembered volume and mute, set on the element before it plays. */
  volume: number;
  muted: boolean;
  showUltra: boolean;
  canPip: boolean;
}

export interface PreferenceInputs {
  source: PlayerSource;
  startParam: number | null;
  loggedIn: boolean;
  historyPosition: number | null;
}

/**
 * The player's preferences for one item, read from the browser. Both the early start (before
 * hydration, decision 015) and the player's hook read them here, so both reach the same answer.
 */
export function readPreferences(inputs: PreferenceInputs): Preferences {
  const { source } = inputs;
  const settings = playerSettings(allowedLocalStorage() ?? pageMemoryStore);
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
  const startInput: StartPositionInput = {
    duration: source.duration,
    preview: continuedPreview(source),
    loggedIn: inputs.loggedIn,
    replay: false,
    startParam: inputs.startParam,
    remembered: inputs.historyPosition ?? settings.position(source.itemId),
    openingMark: source.openingMark,
    endingMark: source.endingMark,
    skipOpening: skip,
  };
  return {
    settings,
    choice,
    skip,
    start: startPosition(startInput),
    replayStart: startPosition({ ...startInput, replay: true }),
    abrConfig: settings.autoDefinition(),
    bufferGoal: settings.bufferGoal() ?? BUFFERING_GOAL_S,
    volume: settings.volume(),
    muted: settings.muted(),
    showUltra,
    canPip: document.pictureInPictureEnabled,
  };
}
