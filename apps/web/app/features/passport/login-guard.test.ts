import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoginSource } from './login-sources.ts';
import { createLoginGuard } from './login-guard.ts';

/** A request that stays open until the test settles it. */
function openRequest() {
  let settle: (ok: boolean) => void = () => undefined;
  const promise = new Promise<void>((resolve, reject) => {
    settle = (ok) => {
      if (ok) resolve();
      else reject(new Error('网络错误'));
    };
  });
  return { promise, settle };
}

/** Lets the guard see a settled request. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

function setUp(signedIn: boolean) {
  const state = { signedIn };
  const prompts: { source: LoginSource; then: () => void }[] = [];
  const run = createLoginGuard();
  const guard = (source: LoginSource, action: () => unknown) => {
    run(source, action, {
      signedIn: state.signedIn,
      prompt: (then) => prompts.push({ source, then }),
    });
  };
  return { state, prompts, guard };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the login guard', () => {
  it('sends one request for a double click while signed in, and again once it settled', async () => {
    const { guard, prompts } = setUp(true);
    const request = openRequest();
    const send = vi.fn(() => request.promise);
    guard('like', send);
    guard('like', send);
    expect(send).toHaveBeenCalledTimes(1);
    expect(prompts).toEqual([]);

    request.settle(true);
    await settled();
    guard('like', send);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('lets another kind of action run while one is pending', () => {
    const { guard } = setUp(true);
    const like = vi.fn(() => openRequest().promise);
    const follow = vi.fn(() => openRequest().promise);
    guard('like', like);
    guard('follow', follow);
    expect(like).toHaveBeenCalledTimes(1);
    expect(follow).toHaveBeenCalledTimes(1);
  });

  it('is free again after a failed request, which still reaches the console', async () => {
    const { guard } = setUp(true);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const request = openRequest();
    const send = vi.fn(() => request.promise);
    guard('comment', send);
    guard('comment', send);
    request.settle(false);
    await settled();
    expect(logged).toHaveBeenCalledWith(new Error('网络错误'));
    guard('comment', send);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('never holds back an action that answers nothing (a navigation, say)', () => {
    const { guard } = setUp(true);
    const navigate = vi.fn();
    guard('user_center', navigate);
    guard('user_center', navigate);
    expect(navigate).toHaveBeenCalledTimes(2);
  });

  it('asks a visitor to sign in with the source, runs the action after, once', async () => {
    const { guard, prompts, state } = setUp(false);
    const request = openRequest();
    const send = vi.fn(() => request.promise);
    guard('favorite', send);
    expect(send).not.toHaveBeenCalled();
    expect(prompts.map((p) => p.source)).toEqual(['favorite']);

    state.signedIn = true;
    prompts[0]?.then();
    expect(send).toHaveBeenCalledTimes(1);
    // Clicked again while the request after sign-in is still out: refused.
    guard('favorite', send);
    expect(send).toHaveBeenCalledTimes(1);
    request.settle(true);
    await settled();
    guard('favorite', send);
    expect(send).toHaveBeenCalledTimes(2);
  });
});
