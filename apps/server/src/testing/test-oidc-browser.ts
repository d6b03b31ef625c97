/**
 * Goes through the test provider's pages the way a browser does, over real HTTP: follows its
 * redirects with its cookies, submits the login form with an account name (or cancels when
 * `login` is null) and stops at the first redirect back to `callbackPrefix`, which it returns.
 */
export async function signInAtTestProvider(
  authorizationUrl: string,
  login: string | null,
  callbackPrefix: string,
): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 12; hop += 1) {
    if (url.startsWith(callbackPrefix)) return url;
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
      ...(form ? { body: form } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    const location = response.headers.get('location');
    const page = await response.text();
    if (location) {
      url = new URL(location, url).href;
      form = undefined;
      continue;
    }
    const action = /<form method="post" action="([^"]+)"/g;
    const [loginAction, abortAction] = [...page.matchAll(action)].map((match) => match[1] ?? '');
    if (response.status !== 200 || !loginAction || !abortAction) {
      throw new Error(`unexpected answer ${response.status} from ${url}: ${page.slice(0, 200)}`);
    }
    url = new URL(login === null ? abortAction : loginAction, url).href;
    form = new URLSearchParams(login === null ? {} : { login });
  }
  throw new Error(`no redirect to ${callbackPrefix} after 12 hops`);
}
