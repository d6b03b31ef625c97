import { useId, useState } from 'react';
import { colourToHex, white } from '@melon/danmaku/colour';
import type { DisplayArea, Density } from '@melon/danmaku/engine/settings';
import { SHIELD_MAX_CHARS } from '@melon/shared/contracts/danmaku';
import { DANMAKU_MODES } from '@melon/shared/danmaku/modes';
import { codePointLength } from '@melon/shared/format/code-point-length';
import type { VideoDanmaku } from '../hooks/use-video-danmaku.ts';
import { danmakuMessages as t } from '../messages.ts';
import { colourChoices } from '../send-style.ts';
import styles from './DanmakuSettingsPanel.module.css';

const areas: readonly DisplayArea[] = [0.25, 0.5, 0.75, 1];
const densities: readonly Density[] = ['sparse', 'normal', 'dense', 'unlimited'];

const toggled = <T,>(list: readonly T[], value: T, on: boolean): T[] =>
  on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);

/** Every setting of the overlay, remembered per user; shield words live on the server. */
export function DanmakuSettingsPanel({
  danmaku,
  onClose,
}: {
  danmaku: VideoDanmaku;
  onClose: () => void;
}) {
  const { settings, updateSettings: update, resetSettings, shield, viewerId } = danmaku;
  const ids = useId();
  const [word, setWord] = useState('');
  const [shieldNote, setShieldNote] = useState<string | null>(null);

  async function addWord() {
    const text = word.trim();
    if (!text) return;
    if (codePointLength(text) > SHIELD_MAX_CHARS) {
      setShieldNote(t.settings.shieldTooLong);
      return;
    }
    const error = await shield.add(text);
    setShieldNote(error);
    if (error === null && viewerId) setWord('');
  }

  return (
    <section
      className={styles.panel}
      role="dialog"
      aria-label={t.settings.title}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <header className={styles.head}>
        <h2>{t.settings.title}</h2>
        <button
          type="button"
          className={styles.close}
          aria-label={t.settings.close}
          onClick={onClose}
        >
          ×
        </button>
      </header>

      <Range
        id={`${ids}-opacity`}
        label={t.settings.opacity}
        value={settings.opacity}
        min={0.1}
        max={1}
        step={0.05}
        shown={t.settings.percent(settings.opacity)}
        onChange={(opacity) => {
          update({ opacity });
        }}
      />
      <Range
        id={`${ids}-font`}
        label={t.settings.fontScale}
        value={settings.fontScale}
        min={0.5}
        max={2}
        step={0.1}
        shown={t.settings.percent(settings.fontScale)}
        onChange={(fontScale) => {
          update({ fontScale });
        }}
      />
      <Range
        id={`${ids}-speed`}
        label={t.settings.speed}
        value={settings.speed}
        min={0.5}
        max={2}
        step={0.1}
        shown={t.settings.times(settings.speed)}
        onChange={(speed) => {
          update({ speed });
        }}
      />

      <fieldset className={styles.group}>
        <legend>{t.settings.displayArea}</legend>
        {areas.map((area) => (
          <button
            key={area}
            type="button"
            className={styles.chip}
            aria-pressed={settings.displayArea === area}
            onClick={() => {
              update({ displayArea: area });
            }}
          >
            {t.settings.area(area)}
          </button>
        ))}
      </fieldset>

      <fieldset className={styles.group}>
        <legend>{t.settings.density}</legend>
        {densities.map((density) => (
          <button
            key={density}
            type="button"
            className={styles.chip}
            aria-pressed={settings.density === density}
            onClick={() => {
              update({ density });
            }}
          >
            {t.settings.densities[density]}
          </button>
        ))}
      </fieldset>

      <fieldset className={styles.group}>
        <legend>{t.settings.blockModes}</legend>
        {DANMAKU_MODES.map((mode) => (
          <label key={mode} className={styles.check}>
            <input
              type="checkbox"
              checked={settings.blockedModes.includes(mode)}
              onChange={(event) => {
                update({
                  blockedModes: toggled(settings.blockedModes, mode, event.target.checked),
                });
              }}
            />
            {t.modes[mode]}
          </label>
        ))}
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={settings.blockAdvanced}
            onChange={(event) => {
              update({ blockAdvanced: event.target.checked });
            }}
          />
          {t.settings.advanced}
        </label>
      </fieldset>

      <fieldset className={styles.group}>
        <legend>{t.settings.blockColours}</legend>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={settings.blockColoured}
            onChange={(event) => {
              update({ blockColoured: event.target.checked });
            }}
          />
          {t.settings.blockColoured}
        </label>
        <div className={styles.swatches}>
          {colourChoices
            .filter((colour) => colour !== white)
            .map((colour) => (
              <button
                key={colour}
                type="button"
                className={styles.swatch}
                style={{ background: colourToHex(colour) }}
                aria-pressed={settings.blockedColours.includes(colour)}
                aria-label={t.settings.blockColour(colourToHex(colour))}
                onClick={() => {
                  update({
                    blockedColours: toggled(
                      settings.blockedColours,
                      colour,
                      !settings.blockedColours.includes(colour),
                    ),
                  });
                }}
              />
            ))}
        </div>
      </fieldset>

      <div className={styles.group}>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={settings.mergeDuplicates}
            onChange={(event) => {
              update({ mergeDuplicates: event.target.checked });
            }}
          />
          {t.settings.mergeDuplicates}
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={settings.keepBottomClear}
            onChange={(event) => {
              update({ keepBottomClear: event.target.checked });
            }}
          />
          {t.settings.keepBottomClear}
        </label>
      </div>

      <fieldset className={styles.shield}>
        <legend>{t.settings.shieldWords}</legend>
        {/* Not a form: the panel opens inside the send bar's form. */}
        <div className={styles.shieldForm}>
          <input
            value={word}
            placeholder={t.settings.shieldPlaceholder}
            aria-label={t.settings.shieldWords}
            onChange={(event) => {
              setWord(event.target.value);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              void addWord();
            }}
          />
          <button type="button" onClick={() => void addWord()}>
            {t.settings.shieldAdd}
          </button>
        </div>
        {shieldNote && (
          <p className={styles.note} role="alert">
            {shieldNote}
          </p>
        )}
        {viewerId === null ? (
          <p className={styles.hint}>{t.settings.shieldSignedOut}</p>
        ) : shield.words.length === 0 ? (
          <p className={styles.hint}>{t.settings.shieldEmpty}</p>
        ) : (
          <ul className={styles.words}>
            {shield.words.map((w) => (
              <li key={w.id}>
                <span>{w.text}</span>
                <button
                  type="button"
                  aria-label={t.settings.shieldRemove(w.text)}
                  onClick={() => void shield.remove(w.id).then(setShieldNote)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      <button type="button" className={styles.reset} onClick={resetSettings}>
        {t.settings.reset}
      </button>
    </section>
  );
}

function Range({
  id,
  label,
  value,
  min,
  max,
  step,
  shown,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  shown: string;
  onChange: (value: number) => void;
}) {
  return (
    <div className={styles.range}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(event) => {
          onChange(Number(event.target.value));
        }}
      />
      <output htmlFor={id}>{shown}</output>
    </div>
  );
}
