import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { colourToHex } from '@melon/danmaku/colour';
import { namedSizePx } from '@melon/danmaku/model';
import { countDanmakuChars, DANMAKU_TEXT_MAX } from '@melon/shared/danmaku/text-rules';
import { useDismiss } from '~/components/ui/use-dismiss.ts';
import { danmakuErrorMessage } from '../error-message.ts';
import type { VideoDanmaku } from '../hooks/use-video-danmaku.ts';
import { danmakuMessages as t } from '../messages.ts';
import { checkDanmakuText } from '../send-validation.ts';
import {
  colourChoices,
  defaultSendStyle,
  parseHexColour,
  sendModes,
  sendSizes,
  type SendStyle,
} from '../send-style.ts';
import { DanmakuSettingsPanel } from './DanmakuSettingsPanel.tsx';
import { DanmakuViewerCount } from './DanmakuViewerCount.tsx';
import styles from './DanmakuSendBar.module.css';

/** How long a message in the bar (too frequent, too long…) stays. */
const NOTICE_MS = 3000;

type Popover = 'style' | 'settings' | null;

/**
 * The bar under the player: 弹幕开关, settings, style (colour, position, size), the text with its
 * counter and 发送. Enter sends; the danmaku shows at once at the current time. A visitor gets the
 * login prompt for danmaku; a 401 on the call does nothing more (SPEC §6).
 */
export function DanmakuSendBar({ danmaku }: { danmaku: VideoDanmaku }) {
  const { session, video, guard, settings, updateSettings } = danmaku;
  const [text, setText] = useState('');
  const [style, setStyle] = useState<SendStyle>(defaultSendStyle);
  const [notice, setNotice] = useState<string | null>(null);
  const [popover, setPopover] = useState<Popover>(null);
  const sending = useRef(false);
  const [busy, setBusy] = useState(false);
  // The style picker closes on a press outside it (into the text box, say) and on Escape.
  const styleAnchor = useRef<HTMLDivElement>(null);
  useDismiss(styleAnchor, popover === 'style', () => {
    setPopover(null);
  });

  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => {
      setNotice(null);
    }, NOTICE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [notice]);

  async function send(body: string) {
    if (!video) {
      setNotice(t.noVideo);
      return;
    }
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setText('');
    try {
      await session.send({
        offset_ms: Math.floor(video.currentTime * 1000),
        text: body,
        colour: style.colour,
        mode: style.mode,
        size: namedSizePx[style.size],
      });
    } catch (error) {
      const message = danmakuErrorMessage(error, t.sendFailed);
      if (message !== null) {
        setText((current) => current || body);
        setNotice(message);
      }
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkDanmakuText(text);
    guard('danmaku', () => {
      if (!checked.ok) {
        setNotice(checked.message);
        return;
      }
      void send(checked.text);
    });
  }

  const used = countDanmakuChars(text);
  const toggle = popover === 'style' ? null : 'style';

  return (
    <form className={styles.bar} onSubmit={submit} aria-label={t.send}>
      <DanmakuViewerCount danmaku={danmaku} />
      <button
        type="button"
        className={settings.enabled ? styles.switchOn : styles.switchOff}
        role="switch"
        aria-checked={settings.enabled}
        aria-label={t.toggleLabel}
        title={settings.enabled ? t.toggleOn : t.toggleOff}
        onClick={() => {
          updateSettings({ enabled: !settings.enabled });
        }}
      >
        弹
      </button>
      <button
        type="button"
        className={styles.iconButton}
        aria-expanded={popover === 'settings'}
        onClick={() => {
          setPopover(popover === 'settings' ? null : 'settings');
        }}
      >
        {t.settings.button}
      </button>
      {/* Placed against the bar, so it fits on a phone wherever the button is. */}
      {popover === 'settings' && (
        <DanmakuSettingsPanel
          danmaku={danmaku}
          onClose={() => {
            setPopover(null);
          }}
        />
      )}
      <div className={styles.field}>
        <div className={styles.anchor} ref={styleAnchor}>
          <button
            type="button"
            className={styles.styleButton}
            aria-label={t.styleButton}
            aria-expanded={popover === 'style'}
            style={{ color: colourToHex(style.colour) }}
            onClick={() => {
              setPopover(toggle);
            }}
          >
            A
          </button>
          {popover === 'style' && <StylePicker style={style} onChange={setStyle} />}
        </div>
        <input
          className={styles.input}
          value={text}
          placeholder={t.placeholder}
          aria-label={t.placeholder}
          enterKeyHint="send"
          onChange={(event) => {
            setText(event.target.value);
          }}
        />
        <span className={used > DANMAKU_TEXT_MAX ? styles.counterOver : styles.counter}>
          {t.counter(used, DANMAKU_TEXT_MAX)}
        </span>
        <button type="submit" className={styles.send} disabled={busy}>
          {busy ? t.sending : t.send}
        </button>
      </div>
      {notice && (
        <p className={styles.notice} role="alert">
          {notice}
        </p>
      )}
    </form>
  );
}

function StylePicker({
  style,
  onChange,
}: {
  style: SendStyle;
  onChange: (next: SendStyle) => void;
}) {
  return (
    <div className={styles.popover} role="dialog" aria-label={t.styleButton}>
      <fieldset className={styles.group}>
        <legend>{t.size}</legend>
        {sendSizes.map((size) => (
          <button
            key={size}
            type="button"
            aria-pressed={style.size === size}
            className={styles.chip}
            onClick={() => {
              onChange({ ...style, size });
            }}
          >
            {t.sizes[size]}
          </button>
        ))}
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{t.position}</legend>
        {sendModes.map((mode) => (
          <button
            key={mode}
            type="button"
            aria-pressed={style.mode === mode}
            className={styles.chip}
            onClick={() => {
              onChange({ ...style, mode });
            }}
          >
            {t.modes[mode]}
          </button>
        ))}
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{t.colour}</legend>
        <div className={styles.swatches}>
          {colourChoices.map((colour) => (
            <button
              key={colour}
              type="button"
              className={styles.swatch}
              aria-pressed={style.colour === colour}
              aria-label={colourToHex(colour)}
              style={{ background: colourToHex(colour) }}
              onClick={() => {
                onChange({ ...style, colour });
              }}
            />
          ))}
        </div>
        <label className={styles.custom}>
          {t.customColour}
          <input
            type="color"
            value={colourToHex(style.colour)}
            onChange={(event) => {
              const colour = parseHexColour(event.target.value);
              if (colour !== null) onChange({ ...style, colour });
            }}
          />
        </label>
      </fieldset>
    </div>
  );
}
