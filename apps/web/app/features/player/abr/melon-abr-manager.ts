import type shaka from 'shaka-player';
import type { AutoDefinitionConfig } from './auto-definition-config.ts';
import {
  decideDefinition,
  highestFitting,
  type AutoDefinitionDecision,
} from './auto-definition.ts';
import { BandwidthEstimator } from './bandwidth-estimator.ts';

type Variant = shaka.extern.Variant;
type AbrConfiguration = shaka.extern.AbrConfiguration;
type SwitchCallback = shaka.extern.AbrManager.SwitchCallback;

export interface MelonAbrOptions {
  config: AutoDefinitionConfig;
  /** Seconds of buffer the streaming engine aims for; buffer levels are shares of it. */
  bufferGoal: number;
  /** Told about every decision that switches (for the menu's 自动(720P) and for tests). */
  onDecision?: (decision: AutoDefinitionDecision, variant: Variant) => void;
}

function fitsRestrictions(variant: Variant, config: AbrConfiguration | null): boolean {
  if (!config) return true;
  const { restrictions } = config;
  const video = variant.video;
  const width = video?.width ?? 0;
  const height = video?.height ?? 0;
  return (
    variant.bandwidth >= restrictions.minBandwidth &&
    variant.bandwidth <= restrictions.maxBandwidth &&
    (!video ||
      (width >= restrictions.minWidth &&
        width <= restrictions.maxWidth &&
        height >= restrictions.minHeight &&
        height <= restrictions.maxHeight))
  );
}

/**
 * Shaka's AbrManager with Melon's auto-definition (SPEC §9): every `intervalMs` it reads the
 * buffer level, the bandwidth estimate and the stall history and lets `decideDefinition` pick.
 */
export class MelonAbrManager implements shaka.extern.AbrManager {
  private switchTo: SwitchCallback | null = null;
  private variants: Variant[] = [];
  private current = 0;
  private enabled = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private media: HTMLMediaElement | null = null;
  private shakaConfig: AbrConfiguration | null = null;
  private estimator = new BandwidthEstimator(1_000_000);
  private rate = 1;
  private lastStallMs: number | null = null;
  private lastSwitchMs: number | null = null;
  private stalledAt: number | null = null;
  private playedOnce = false;

  private readonly options: MelonAbrOptions;

  constructor(options: MelonAbrOptions) {
    this.options = options;
  }

  init(switchCallback: SwitchCallback): void {
    this.switchTo = switchCallback;
  }

  configure(config: AbrConfiguration): void {
    const first = this.shakaConfig === null;
    this.shakaConfig = config;
    if (first) this.estimator = new BandwidthEstimator(config.defaultBandwidthEstimate);
  }

  setVariants(variants: Variant[]): boolean {
    const previous = this.variants[this.current];
    const next = variants
      .filter((variant) => fitsRestrictions(variant, this.shakaConfig))
      .sort((a, b) => a.bandwidth - b.bandwidth);
    const usable = next.length > 0 ? next : [...variants].sort((a, b) => a.bandwidth - b.bandwidth);
    const same =
      usable.length === this.variants.length &&
      usable.every((variant, index) => variant.id === this.variants[index]?.id);
    this.variants = usable;
    const kept = previous ? usable.findIndex((variant) => variant.id === previous.id) : -1;
    this.current = kept === -1 ? this.firstChoice() : kept;
    return !same;
  }

  chooseVariant(): Variant {
    if (this.lastSwitchMs === null) this.current = this.firstChoice();
    const variant = this.variants[this.current];
    if (!variant) throw new Error('no variant to choose from');
    return variant;
  }

  enable(): void {
    this.enabled = true;
    this.timer ??= setInterval(() => {
      this.tick();
    }, this.options.config.intervalMs);
  }

  disable(): void {
    this.enabled = false;
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  segmentDownloaded(deltaTimeMs: number, numBytes: number): void {
    this.estimator.sample(deltaTimeMs, numBytes);
  }

  trySuggestStreams(): void {
    this.tick();
  }

  getBandwidthEstimate(): number {
    return this.estimator.estimate();
  }

  playbackRateChanged(rate: number): void {
    this.rate = rate > 0 ? rate : 1;
  }

  setMediaElement(media: HTMLMediaElement | null): void {
    this.media?.removeEventListener('waiting', this.onWaiting);
    this.media?.removeEventListener('playing', this.onPlaying);
    this.media = media;
    media?.addEventListener('waiting', this.onWaiting);
    media?.addEventListener('playing', this.onPlaying);
  }

  setCmsdManager(): void {
    // Melon's origins send no CMSD hints.
  }

  stop(): void {
    this.disable();
    this.lastStallMs = null;
    this.lastSwitchMs = null;
    this.stalledAt = null;
  }

  release(): void {
    this.stop();
    this.setMediaElement(null);
    this.switchTo = null;
    this.variants = [];
  }

  /** The rendition to start with: the highest the default or measured bandwidth carries. */
  private firstChoice(): number {
    return highestFitting(this.bitrates(), this.estimator.estimate(), this.variants.length - 1);
  }

  /** What each rendition costs at the current playback rate. */
  private bitrates(): number[] {
    return this.variants.map((variant) => variant.bandwidth * this.rate);
  }

  private bufferAhead(): number {
    const media = this.media;
    if (!media) return 0;
    const time = media.currentTime;
    for (let i = 0; i < media.buffered.length; i += 1) {
      if (media.buffered.start(i) <= time + 0.1 && time < media.buffered.end(i)) {
        return media.buffered.end(i) - time;
      }
    }
    return 0;
  }

  private readonly onPlaying = () => {
    this.playedOnce = true;
  };

  /** A stall: playback had started, and the picture waits for data (not for a seek). */
  private readonly onWaiting = () => {
    if (!this.playedOnce || !this.media || this.media.seeking) return;
    this.lastStallMs = Date.now();
    this.stalledAt = this.current;
  };

  private tick(): void {
    if (!this.enabled || !this.switchTo || this.variants.length < 2) return;
    // Nearly at the end everything is buffered; a paused player keeps what it has.
    const media = this.media;
    const duration = media?.duration ?? Infinity;
    const bufferGoal = Math.min(
      this.options.bufferGoal,
      Math.max(0, duration - (media?.currentTime ?? 0)),
    );
    const decision = decideDefinition(
      {
        bitrates: this.bitrates(),
        current: this.current,
        bufferAhead: this.bufferAhead(),
        bufferGoal,
        bandwidth: this.estimator.estimate(),
        nowMs: Date.now(),
        lastStallMs: this.lastStallMs,
        lastSwitchMs: this.lastSwitchMs,
        stalledAt: this.stalledAt,
      },
      this.options.config,
    );
    const variant = this.variants[decision.index];
    if (decision.index === this.current || !variant) return;
    this.current = decision.index;
    this.lastSwitchMs = Date.now();
    this.switchTo(variant, false);
    this.options.onDecision?.(decision, variant);
  }
}
