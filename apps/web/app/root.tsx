import { useEffect, type ReactNode } from 'react';
import {
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { AccountInfo } from '@melon/shared/contracts/passport';
import type { Channel } from '@melon/shared/contracts/channel';
import { RouteStylesheets } from '~/components/RouteStylesheets.tsx';
import { CaptchaProvider } from '~/features/captcha/components/CaptchaProvider.tsx';
import { useCaptcha } from '~/features/captcha/hooks/use-captcha.ts';
import { RouteError } from '~/features/errors/components/RouteError.tsx';
import { getChannelList } from '@melon/shared/calls/channel.calls';
import { FeedbackFixedButton } from '~/features/feedback/components/FeedbackFixedButton.tsx';
import { FeedbackLink } from '~/features/feedback/components/FeedbackLink.tsx';
import { AppShell } from '~/features/layout/components/AppShell.tsx';
import { pageMeta } from '~/features/layout/page-meta.ts';
import { HeaderSearch } from '~/features/search/components/HeaderSearch.tsx';
import { LoginProvider } from '~/features/passport/components/LoginProvider.tsx';
import { isDesktopApp } from '~/features/passport/desktop-app.ts';
import { useLogin } from '~/features/passport/hooks/use-login.ts';
import { loadIdentity, loadOauthPlatforms } from '~/features/passport/identity.server.ts';
import { ToastProvider } from '~/features/toast/components/ToastProvider.tsx';
import { ToPlayBasket } from '~/features/to-play/components/ToPlayBasket.tsx';
import { ToPlayProvider } from '~/features/to-play/components/ToPlayProvider.tsx';
import { useToast } from '~/features/toast/hooks/use-toast.ts';
import { serverClient } from '~/lib/api-client.server.ts';
import { CSRF_META_NAME, setBrowserClientHooks } from '~/lib/browser-client.ts';
import { useNonce } from '~/lib/csp-nonce.ts';
import type { Route } from './+types/root';
import { errorMeta } from './routes/error.meta.ts';
import './styles/global.css';

const THEME_COLOR = '#f5503c';

export async function loader({ context, request }: Route.LoaderArgs) {
  const client = serverClient(context);
  const [channels, identity, platforms] = await Promise.all([
    client.call(getChannelList).then(
      (list) => list.list,
      (error: unknown) => {
        // The pages still work without the menu; the failure is for the server log.
        console.error('melon web: channel list failed', error);
        return [] as Channel[];
      },
    ),
    loadIdentity(client).catch((error: unknown) => {
      console.error('melon web: identity failed', error);
      return { csrfToken: '', account: null };
    }),
    loadOauthPlatforms(client),
  ]);
  return {
    channels,
    origin: new URL(request.url).origin,
    csrfToken: identity.csrfToken,
    account: identity.account,
    platforms,
    desktopApp: isDesktopApp(request.headers.get('user-agent')),
  };
}

/**
 * The menu changes rarely: it is loaded with the document, and again only after a form post or
 * a revalidation of the same address, which is how sign-in and sign-out refresh who is here.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod !== undefined && formMethod !== 'GET') return defaultShouldRevalidate;
  return currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;
}

export function meta(args: Route.MetaArgs): Route.MetaDescriptors {
  return args.error ? errorMeta(args.error) : pageMeta(args);
}

/** Plugs the login prompt (401) and the captcha into the browser's API client. */
function ClientHooks() {
  const { handleUnauthorized } = useLogin();
  const { solve } = useCaptcha();
  useEffect(
    () => setBrowserClientHooks({ onUnauthorized: handleUnauthorized, solveCaptcha: solve }),
    [handleUnauthorized, solve],
  );
  return null;
}

/** The site frame with the signed-in user and the login guard for its entries. */
function Shell({
  channels,
  origin,
  children,
}: {
  channels: readonly Channel[];
  origin: string;
  children: ReactNode;
}) {
  const { account, requireLogin, logout } = useLogin();
  const toast = useToast();
  return (
    <ToPlayProvider userId={account?.user_id ?? null} notify={toast.show}>
      <AppShell
        channels={channels}
        origin={origin}
        user={account && { name: account.name, avatarUrl: account.avatar_url }}
        guard={requireLogin}
        onLogout={() => void logout()}
        search={<HeaderSearch signedIn={account !== null} />}
        toPlay={<ToPlayBasket />}
        feedback={{
          fixed: <FeedbackFixedButton notify={toast.show} />,
          menu: <FeedbackLink notify={toast.show} />,
        }}
      >
        {children}
      </AppShell>
    </ToPlayProvider>
  );
}

function Session({
  account,
  platforms,
  children,
}: {
  account: AccountInfo | null;
  platforms: readonly string[] | null;
  children: ReactNode;
}) {
  const toast = useToast();
  return (
    <LoginProvider account={account} platforms={platforms} notify={toast.show}>
      <ClientHooks />
      {children}
    </LoginProvider>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const nonce = useNonce();
  // The page answers clicks from here on: the first commit of hydration is done (decision 015).
  useEffect(() => {
    performance.mark('melon:hydrated');
  }, []);
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content={THEME_COLOR} />
        <meta name={CSRF_META_NAME} content={data?.csrfToken ?? ''} />
        <Meta />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <RouteStylesheets />
      </head>
      <body>
        <ToastProvider>
          <CaptchaProvider>
            <Session
              account={data?.account ?? null}
              platforms={data?.desktopApp ? null : (data?.platforms ?? [])}
            >
              <Shell channels={data?.channels ?? []} origin={data?.origin ?? ''}>
                {children}
              </Shell>
            </Session>
          </CaptchaProvider>
        </ToastProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
