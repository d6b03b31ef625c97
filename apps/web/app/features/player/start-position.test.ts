import { describe, expect, it } from 'vitest';
import {
  defaultSkip,
  skipEndingAt,
  startPosition,
  type StartPositionInput,
} from './start-position.ts';

const BASE: StartPositionInput = {
  duration: 600,
  preview: null,
  loggedIn: false,
  replay: false,
  startParam: null,
  remembered: null,
  openingMark: null,
  endingMark: null,
  skipOpening: false,
};

describe('startPosition (SPEC §4, first rule wins)', () => {
  it.each([
    { name: 'nothing → 0', input: {}, seconds: 0, rule: 'zero' },
    {
      name: '(1) preview, logged in, session flag → clip end',
      input: { preview: { clipEnd: 360, sessionFlag: true }, loggedIn: true, startParam: 30 },
      seconds: 360,
      rule: 'preview',
    },
    {
      name: '(1) preview without login → next rules',
      input: { preview: { clipEnd: 360, sessionFlag: true }, startParam: 30 },
      seconds: 30,
      rule: 'start-param',
    },
    {
      name: '(1) preview without the session flag → next rules',
      input: { preview: { clipEnd: 360, sessionFlag: false }, loggedIn: true },
      seconds: 0,
      rule: 'zero',
    },
    {
      name: '(2) replay beats start, remembered and skip',
      input: { replay: true, startParam: 30, remembered: 200, openingMark: 60, skipOpening: true },
      seconds: 0,
      rule: 'replay',
    },
    {
      name: '(3) start parameter beats remembered',
      input: { startParam: 30, remembered: 200 },
      seconds: 30,
      rule: 'start-param',
    },
    {
      name: '(3) start parameter 0 is ignored',
      input: { startParam: 0, remembered: 200 },
      seconds: 200,
      rule: 'remembered',
    },
    {
      name: '(3) start parameter at the duration is ignored',
      input: { startParam: 600 },
      seconds: 0,
      rule: 'zero',
    },
    {
      name: '(3) start parameter past the duration is ignored',
      input: { startParam: 900, openingMark: 60, skipOpening: true },
      seconds: 60,
      rule: 'skip-opening',
    },
    {
      name: '(4) remembered position in the middle resumes',
      input: { remembered: 200, openingMark: 60, skipOpening: true },
      seconds: 200,
      rule: 'remembered',
    },
    {
      name: '(4) remembered within 5 s of the start does not count',
      input: { remembered: 4 },
      seconds: 0,
      rule: 'zero',
    },
    {
      name: '(4) remembered 5.1 s after the start resumes',
      input: { remembered: 5.1 },
      seconds: 5.1,
      rule: 'remembered',
    },
    {
      name: '(4) remembered within 5 s after the opening mark → skip opening',
      input: { remembered: 64, openingMark: 60, skipOpening: true },
      seconds: 60,
      rule: 'skip-opening',
    },
    {
      name: '(4) remembered within 5 s of the ending mark → finished, start over',
      input: { remembered: 536, endingMark: 540 },
      seconds: 0,
      rule: 'zero',
    },
    {
      name: '(4) remembered within 5 s of the end without marks → finished',
      input: { remembered: 596 },
      seconds: 0,
      rule: 'zero',
    },
    {
      name: '(4) remembered just before the 5 s window resumes',
      input: { remembered: 534, endingMark: 540 },
      seconds: 534,
      rule: 'remembered',
    },
    {
      name: '(5) skip opening jumps to the opening mark',
      input: { openingMark: 90, skipOpening: true },
      seconds: 90,
      rule: 'skip-opening',
    },
    {
      name: '(5) skip opening off → 0',
      input: { openingMark: 90 },
      seconds: 0,
      rule: 'zero',
    },
    {
      name: '(5) skip opening without a mark → 0',
      input: { skipOpening: true },
      seconds: 0,
      rule: 'zero',
    },
  ] as const)('$name', ({ input, seconds, rule }) => {
    expect(startPosition({ ...BASE, ...input })).toEqual({ seconds, rule });
  });
});

describe('skipEndingAt', () => {
  it.each([
    { duration: 600, endingMark: 540, skipEnding: true, at: 540 },
    { duration: 600, endingMark: 540, skipEnding: false, at: null },
    { duration: 600, endingMark: null, skipEnding: true, at: null },
    { duration: 600, endingMark: 600, skipEnding: true, at: null },
  ])('ending $endingMark, skip $skipEnding → $at', (input) => {
    expect(skipEndingAt(input)).toBe(input.at);
  });
});

describe('defaultSkip (device defaults)', () => {
  it.each([
    {
      name: 'Windows desktop',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/140.0 Safari/537.36',
      maxTouchPoints: 0,
      skip: true,
    },
    {
      name: 'Mac desktop',
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Version/26.0 Safari/605.1.15',
      maxTouchPoints: 0,
      skip: true,
    },
    {
      name: 'new iPad (Mac UA with touch)',
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Version/26.0 Safari/605.1.15',
      maxTouchPoints: 5,
      skip: false,
    },
    {
      name: 'iPhone',
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148',
      maxTouchPoints: 5,
      skip: false,
    },
    {
      name: 'Android phone',
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/140.0 Mobile Safari/537.36',
      maxTouchPoints: 5,
      skip: false,
    },
  ])('$name → $skip', ({ userAgent, maxTouchPoints, skip }) => {
    expect(defaultSkip({ userAgent, maxTouchPoints })).toBe(skip);
  });
});
