import type { Definition } from '@melon/shared/media/definitions';
import { definitionMenuText, type DefinitionChoice } from '../definitions.ts';
import type { DisplayMode } from '../display-mode.ts';
import { LOOP_MODES, type LoopMode } from '../loop-mode.ts';
import { playerMessages as t } from '../messages.ts';
import type { MediaState } from '../hooks/use-media-state.ts';
import { MenuButton } from './MenuButton.tsx';
import { PlayerIcon } from './PlayerIcon.tsx';
import { PlayheadTime } from './PlayheadTime.tsx';
import styles from './Player.module.css';

export const PLAYBACK_RATES = [2, 1.5, 1.25, 1, 0.75, 0.5] as const;

export interface ControlBarProps {
  media: MediaState;
  video: HTMLVideoElement | null;
  definitions: readonly Definition[];
  choice: DefinitionChoice;
  activeDefinition: Definition | null;
  /** 60 or 120 when the rendition on screen runs that fast (SPEC §5); 0 shows no badge. */
  fps: number;
  loopMode: LoopMode;
  skip: boolean;
  displayMode: DisplayMode;
  /** Theater and web fullscreen: modes of a page around the player (none in a frame). */
  pageModes: boolean;
  canPip: boolean;
  hasNext: boolean;
  onTogglePlay: () => void;
  onNext: () => void;
  onChoose: (choice: DefinitionChoice) => void;
  onRate: (rate: number) => void;
  onVolume: (volume: number) => void;
  onToggleMute: () => void;
  onLoopMode: (mode: LoopMode) => void;
  onSkip: (skip: boolean) => void;
  onDisplayMode: (mode: DisplayMode) => void;
  onTogglePip: () => void;
}

/** The bottom bar: play, next, time, then definition, rate, volume, settings and the modes. */
export function ControlBar(props: ControlBarProps) {
  const { media, definitions, choice, activeDefinition, displayMode } = props;
  const playing = !media.paused && !media.ended;
  const definitionFace =
    choice === 'auto'
      ? activeDefinition
        ? t.autoWith(activeDefinition.toUpperCase())
        : t.auto
      : definitionMenuText(choice).split(' ')[0];
  const volumeShown = media.muted ? 0 : media.volume;

  return (
    <div className={styles.bar}>
      <div className={styles.barStart}>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={playing ? t.pause : media.ended ? t.replay : t.play}
          data-testid="play-toggle"
          onClick={props.onTogglePlay}
        >
          <PlayerIcon name={playing ? 'pause' : media.ended ? 'replay' : 'play'} />
        </button>
        {props.hasNext && (
          <button
            type="button"
            className={styles.iconButton}
            aria-label={t.endedNext}
            onClick={props.onNext}
          >
            <PlayerIcon name="next" />
          </button>
        )}
        <PlayheadTime video={props.video} duration={media.duration} />
      </div>
      <div className={styles.barEnd}>
        {props.fps > 0 && (
          <span className={styles.fpsBadge} data-testid="fps-badge">
            {t.fps(props.fps)}
          </span>
        )}
        {definitions.length > 0 && (
          <MenuButton label={t.definition} face={definitionFace} testId="definition-button">
            {(close) => (
              <>
                {definitions.map((definition) => (
                  <button
                    key={definition}
                    type="button"
                    role="menuitemradio"
                    aria-checked={choice === definition}
                    className={styles.menuItem}
                    onClick={() => {
                      props.onChoose(definition);
                      close();
                    }}
                  >
                    {definitionMenuText(definition)}
                  </button>
                ))}
                <button
                  type="button"
                  role="menuitemradio"
                  aria-checked={choice === 'auto'}
                  className={styles.menuItem}
                  onClick={() => {
                    props.onChoose('auto');
                    close();
                  }}
                >
                  {t.auto}
                </button>
              </>
            )}
          </MenuButton>
        )}
        <MenuButton
          label={t.rate}
          face={t.rateValue(media.rate)}
          testId="rate-button"
          className={styles.wideOnly}
        >
          {(close) =>
            PLAYBACK_RATES.map((rate) => (
              <button
                key={rate}
                type="button"
                role="menuitemradio"
                aria-checked={media.rate === rate}
                className={styles.menuItem}
                onClick={() => {
                  props.onRate(rate);
                  close();
                }}
              >
                {t.rateOption(rate)}
              </button>
            ))
          }
        </MenuButton>
        <div className={styles.volume}>
          <button
            type="button"
            className={styles.iconButton}
            aria-label={media.muted ? t.unmute : t.mute}
            data-testid="mute-toggle"
            onClick={props.onToggleMute}
          >
            <PlayerIcon name={media.muted || media.volume === 0 ? 'muted' : 'volume'} />
          </button>
          <input
            className={styles.volumeSlider}
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={volumeShown}
            aria-label={t.volume}
            style={{ '--volume': `${volumeShown * 100}%` } as React.CSSProperties}
            onChange={(event) => {
              props.onVolume(Number(event.currentTarget.value));
            }}
          />
        </div>
        <MenuButton
          label={t.settings}
          face={<PlayerIcon name="settings" />}
          testId="settings-button"
        >
          {() => (
            <>
              <p className={styles.menuHeading}>{t.loopMode}</p>
              {LOOP_MODES.map((mode) => (
                <button
                  key={mode}
                  type="button"
                  role="menuitemradio"
                  aria-checked={props.loopMode === mode}
                  className={styles.menuItem}
                  onClick={() => {
                    props.onLoopMode(mode);
                  }}
                >
                  {t.loop[mode]}
                </button>
              ))}
              <p className={styles.menuHeading}>{t.skip}</p>
              <button
                type="button"
                role="menuitemcheckbox"
                aria-checked={props.skip}
                className={styles.menuItem}
                onClick={() => {
                  props.onSkip(!props.skip);
                }}
              >
                {props.skip ? t.on : t.off}
              </button>
            </>
          )}
        </MenuButton>
        {props.canPip && (
          <button
            type="button"
            className={`${styles.iconButton} ${styles.wideOnly}`}
            aria-label={media.pip ? t.exitPip : t.pip}
            aria-pressed={media.pip}
            onClick={props.onTogglePip}
          >
            <PlayerIcon name="pip" />
          </button>
        )}
        {props.pageModes && (
          <>
            <button
              type="button"
              className={`${styles.iconButton} ${styles.wideOnly}`}
              aria-label={displayMode === 'theater' ? t.exitTheater : t.theater}
              aria-pressed={displayMode === 'theater'}
              data-testid="theater-toggle"
              onClick={() => {
                props.onDisplayMode('theater');
              }}
            >
              <PlayerIcon name="theater" />
            </button>
            <button
              type="button"
              className={`${styles.iconButton} ${styles.wideOnly}`}
              aria-label={displayMode === 'web-fullscreen' ? t.exitWebFullscreen : t.webFullscreen}
              aria-pressed={displayMode === 'web-fullscreen'}
              data-testid="web-fullscreen-toggle"
              onClick={() => {
                props.onDisplayMode('web-fullscreen');
              }}
            >
              <PlayerIcon name="webFullscreen" />
            </button>
          </>
        )}
        <button
          type="button"
          className={styles.iconButton}
          aria-label={displayMode === 'fullscreen' ? t.exitFullscreen : t.fullscreen}
          aria-pressed={displayMode === 'fullscreen'}
          data-testid="fullscreen-toggle"
          onClick={() => {
            props.onDisplayMode('fullscreen');
          }}
        >
          <PlayerIcon name={displayMode === 'fullscreen' ? 'exitFullscreen' : 'fullscreen'} />
        </button>
      </div>
    </div>
  );
}
