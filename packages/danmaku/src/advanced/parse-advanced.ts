import { plainText } from '../plain-text.ts';
import type { Advanced, StagePoint } from './advanced.ts';
import { safeFontFamily } from './font-family.ts';
import { parseMotionPath } from './motion-path.ts';
import { referenceStage } from './reference-stage.ts';

export type AdvancedParse =
  | { readonly ok: true; readonly advanced: Advanced }
  | { readonly ok: false; readonly reason: string };

/** What decision 020 refuses as absurd. */
export const advancedLimits = {
  sourceChars: 65_536,
  textChars: 4000,
  textLines: 200,
  /** Reference pixels either way from the stage's corner. */
  coordinate: 10_000,
  lifetimeSeconds: 600,
  motionMs: 600_000,
} as const;

class Refusal extends Error {}

function refuse(reason: string): never {
  throw new Refusal(reason);
}

/**
 * Reads a mode-7 danmaku's text, bilibili's JSON array of its parameters (decision 020), or
 * says why it cannot be drawn. Nothing in it is run or fetched: JSON.parse, numbers and names.
 */
export function parseAdvanced(source: string): AdvancedParse {
  try {
    return { ok: true, advanced: read(source) };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.message };
    throw error;
  }
}

function read(source: string): Advanced {
  if (source.length > advancedLimits.sourceChars) refuse('over 64 KiB');
  let parsed: unknown;
  try {
    parsed = JSON.parse(escapeControlsInStrings(source));
  } catch {
    refuse('not JSON');
  }
  if (!Array.isArray(parsed)) refuse('not a JSON array');
  const fields: readonly unknown[] = parsed;
  if (fields.length < 5) refuse(`${fields.length} fields, at least 5 needed`);

  const start = {
    x: coordinate(required(fields[0], 'start x'), referenceStage.width, 'start x'),
    y: coordinate(required(fields[1], 'start y'), referenceStage.height, 'start y'),
  };
  const [alphaFrom, alphaTo] = alphaOf(fields[2]);
  const lifetime = within(
    required(fields[3], 'lifetime'),
    0,
    advancedLimits.lifetimeSeconds,
    'lifetime',
  );
  if (lifetime === 0) refuse('lifetime 0');
  const endX = optional(fields[7], 'end x');
  const endY = optional(fields[8], 'end y');
  const end = {
    x: endX === undefined ? start.x : coordinate(endX, referenceStage.width, 'end x'),
    y: endY === undefined ? start.y : coordinate(endY, referenceStage.height, 'end y'),
  };
  const pathText = fields[14];
  if (pathText !== undefined && typeof pathText !== 'string') refuse('motion path is not text');
  const path = pathText?.trim() ? pathFrom(pathText, start) : [start, end];
  return {
    text: textOf(fields[4]),
    alphaFrom,
    alphaTo,
    lifetime: lifetime * 1000,
    rotateZ: optional(fields[5], 'rotation Z') ?? 0,
    rotateY: optional(fields[6], 'rotation Y') ?? 0,
    path,
    motionDuration: milliseconds(fields[9], 'motion duration') ?? lifetime * 1000,
    motionDelay: milliseconds(fields[10], 'motion delay') ?? 0,
    stroke: flagOf(fields[11], 'outline', true),
    fontFamily: fontOf(fields[12]),
    accelerate: flagOf(fields[13], '线性加速', false),
  };
}

/**
 * The bilibili XML import turns `/n` into real line breaks, which JSON does not allow inside
 * strings (nor tabs): escaped there, and only there (between values they are whitespace).
 */
function escapeControlsInStrings(json: string): string {
  let out = '';
  let inString = false;
  let escaped = false;
  for (const char of json) {
    if (inString && !escaped && char < ' ') {
      out += `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
      continue;
    }
    if (escaped) escaped = false;
    else if (inString && char === '\\') escaped = true;
    else if (char === '"') inString = !inString;
    out += char;
  }
  return out;
}

const decimal = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

/** A number, from a JSON number or a numeric string; undefined when absent or empty. */
function optional(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return undefined;
    if (!decimal.test(trimmed)) refuse(`${name} is not a number`);
    return finite(Number(trimmed), name);
  }
  if (typeof value === 'number') return finite(value, name);
  return refuse(`${name} has the wrong type`);
}

function required(value: unknown, name: string): number {
  return optional(value, name) ?? refuse(`${name} is missing`);
}

function finite(value: number, name: string): number {
  return Number.isFinite(value) ? value : refuse(`${name} is not finite`);
}

function within(value: number, min: number, max: number, name: string): number {
  return value >= min && value <= max ? value : refuse(`${name} ${value} is out of range`);
}

/** 0–1 is a share of the reference stage's `extent`, anything else reference pixels. */
function coordinate(value: number, extent: number, name: string): number {
  const limit = advancedLimits.coordinate;
  return value >= 0 && value <= 1 ? value * extent : within(value, -limit, limit, name);
}

function milliseconds(value: unknown, name: string): number | undefined {
  const ms = optional(value, name);
  return ms === undefined ? undefined : within(ms, 0, advancedLimits.motionMs, name);
}

/** `"0.2-0.9"`, one value for both, or a JSON number; clamped to 0–1. */
function alphaOf(value: unknown): [number, number] {
  const clamp = (alpha: number) => Math.min(1, Math.max(0, alpha));
  if (typeof value === 'number') return [clamp(finite(value, 'opacity')), clamp(value)];
  if (typeof value !== 'string') return refuse('opacity has the wrong type');
  const parts = value.split('-');
  if (parts.length > 2) refuse(`opacity "${value}" is not from-to`);
  const from = required(parts[0], 'opacity');
  const to = parts[1] === undefined ? from : required(parts[1], 'opacity');
  return [clamp(from), clamp(to)];
}

function textOf(value: unknown): string {
  if (typeof value !== 'string') return refuse('text is not text');
  if (value.length > advancedLimits.textChars)
    refuse(`text over ${advancedLimits.textChars} characters`);
  const text = plainText(value.replace(/\/n|\\n|\r\n|\r/g, '\n'));
  if (text.split('\n').length > advancedLimits.textLines) {
    refuse(`text over ${advancedLimits.textLines} lines`);
  }
  return text;
}

function flagOf(value: unknown, name: string, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  return refuse(`${name} is not 0 or 1`);
}

function fontOf(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return refuse('font family is not text');
  return safeFontFamily(value);
}

function pathFrom(raw: string, start: StagePoint): StagePoint[] {
  const points = parseMotionPath(raw, start);
  if (typeof points === 'string') return refuse(points);
  for (const point of points) {
    within(point.x, -advancedLimits.coordinate, advancedLimits.coordinate, 'motion path x');
    within(point.y, -advancedLimits.coordinate, advancedLimits.coordinate, 'motion path y');
  }
  return points;
}
