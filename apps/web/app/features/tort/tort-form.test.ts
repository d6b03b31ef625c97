import { describe, expect, it } from 'vitest';
import { TORT_SUBMIT_ID_PATTERN } from '@melon/shared/contracts/tort';
import {
  claimBody,
  draftProblems,
  emptyDraft,
  firstFieldOf,
  formFieldOf,
  newSubmitId,
} from './tort-form.ts';

describe('formFieldOf', () => {
  it('names the form field a server error is about', () => {
    expect(formFieldOf('links')).toBe('links');
    expect(formFieldOf('proof_images.3')).toBe('proof_images');
    expect(formFieldOf('submit_id')).toBeNull();
    expect(formFieldOf(undefined)).toBeNull();
  });
});

describe('newSubmitId', () => {
  it('makes ids the server accepts, a new one each time', () => {
    const first = newSubmitId();
    expect(first).toMatch(new RegExp(TORT_SUBMIT_ID_PATTERN));
    expect(newSubmitId()).not.toBe(first);
  });
});

describe('claimBody', () => {
  it('sends the draft with the pictures, the declaration given', () => {
    const draft = { ...emptyDraft('123'), mobile: ' 13800138000 ', email: ' a@b.cn ' };
    expect(claimBody(draft, 'id', ['comment-images/1.webp'])).toEqual({
      submit_id: 'id',
      claimant_kind: 'person',
      claimant_name: '',
      mobile: '13800138000',
      email: 'a@b.cn',
      right: 'copyright',
      links: '123',
      description: '',
      proof_images: ['comment-images/1.webp'],
      declaration: true,
    });
  });
});

describe('draftProblems', () => {
  const complete = {
    ...emptyDraft('1234567890123456789'),
    name: '甜瓜影业',
    mobile: ' 13800138000 ',
    email: 'legal@tiangua.example',
    description: '短',
    declared: true,
  };

  it('finds nothing in a complete form, leaving the description’s length to the server', () => {
    expect(draftProblems(complete, 1)).toEqual({});
  });

  it('names every empty or malformed field at once, the first in the form’s order', () => {
    const problems = draftProblems({ ...emptyDraft(' \n '), mobile: '23800138000' }, 0);
    expect(problems).toEqual({
      claimant_name: '请填写权利人名称',
      mobile: '请填写正确的手机号',
      email: '请填写正确的邮箱',
      links: '请填写侵权视频的链接',
      proof_images: '请上传权属证明材料',
      declaration: '请确认并勾选真实性声明',
    });
    expect(firstFieldOf(problems)).toBe('claimant_name');
    expect(firstFieldOf(draftProblems({ ...complete, email: 'a@b' }, 1))).toBe('email');
    expect(firstFieldOf({})).toBeUndefined();
  });
});
