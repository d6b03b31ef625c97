import { describe, expect, it } from 'vitest';
import {
  checkCode,
  checkConfirmation,
  checkEmail,
  checkMobile,
  checkNewPassword,
  firstProblem,
  normaliseMobile,
} from './validation.ts';

describe('checkMobile', () => {
  it.each([
    { value: '', message: '手机号不能为空' },
    { value: '   ', message: '手机号不能为空' },
    { value: '12800138000', message: '请输入正确的手机号' },
    { value: '1380013800', message: '请输入正确的手机号' },
    { value: '+8613800138000', message: '请输入正确的手机号' },
    { value: '85291234567', message: '请输入正确的手机号' },
    { value: '13800138000', message: null },
    { value: '138 0013 8000', message: null },
    { value: '199-0000-1111', message: null },
  ])('$value → $message', ({ value, message }) => {
    expect(checkMobile(value)).toBe(message);
  });

  it('normalises what it accepts', () => {
    expect(normaliseMobile('138 0013-8000')).toBe('13800138000');
  });
});

describe('checkCode', () => {
  it.each([
    { value: '', message: '验证码不能为空' },
    { value: '12345', message: '验证码为 6 位数字' },
    { value: '12345a', message: '验证码为 6 位数字' },
    { value: '123456', message: null },
  ])('$value → $message', ({ value, message }) => {
    expect(checkCode(value)).toBe(message);
  });
});

describe('checkNewPassword', () => {
  it.each([
    { value: '', message: '密码不能为空' },
    { value: 'abc123', message: '密码需为 8–64 位，且同时包含字母和数字' },
    { value: 'abcdefgh', message: '密码需为 8–64 位，且同时包含字母和数字' },
    { value: '12345678', message: '密码需为 8–64 位，且同时包含字母和数字' },
    { value: `a1${'x'.repeat(63)}`, message: '密码需为 8–64 位，且同时包含字母和数字' },
    { value: 'melon2024', message: null },
  ])('$value → $message', ({ value, message }) => {
    expect(checkNewPassword(value)).toBe(message);
  });

  it('compares the confirmation', () => {
    expect(checkConfirmation('melon2024')('melon2025')).toBe('两次输入的密码不一致');
    expect(checkConfirmation('melon2024')('melon2024')).toBeNull();
  });
});

describe('checkEmail', () => {
  it.each([
    { value: '', message: '邮箱不能为空' },
    { value: 'melon', message: '请输入正确的邮箱地址' },
    { value: 'a@b', message: '请输入正确的邮箱地址' },
    { value: 'fan@melon.test', message: null },
  ])('$value → $message', ({ value, message }) => {
    expect(checkEmail(value)).toBe(message);
  });
});

describe('firstProblem', () => {
  it('answers the first failing check in order', () => {
    expect(
      firstProblem([
        [checkMobile, ''],
        [checkCode, ''],
      ]),
    ).toBe('手机号不能为空');
    expect(
      firstProblem([
        [checkMobile, '13800138000'],
        [checkCode, '1'],
      ]),
    ).toBe('验证码为 6 位数字');
    expect(firstProblem([[checkMobile, '13800138000']])).toBeNull();
  });
});
