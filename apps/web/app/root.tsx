import type { ReactNode } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { Channel } from '@melon/shared/contracts/channel';
import { ErrorPage } from '~/features/errors/components/ErrorPage.tsx';
import { NotFoundPage } from '~/features/errors/components/NotFoundPage.tsx';
import { errorMessages } from '~/features/errors/messages.ts';
import { getChannelList } from '~/features/layout/api/get-channel-list.ts';
import { AppShell } from '~/features/layout/components/AppShell.tsx';
import { documentTitle } from '~/features/layout/messages.ts';
import { ToastProvider } from '~/features/toast/components/ToastProvider.tsx';
import { serverClient } from '~/lib/api-client.server.ts';
import type { Route } from './+types/root';
import './styles/global.css';

const THEME_COLOR = '#f5503c';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  let channels: Channel[] = [];
  try {
    channels = (await getChannelList(serverClient(context))).list;
  } catch (error) {
    // The pages still work without the menu; the failure is for the server log.
    console.error('melon web: channel list failed', error);
  }
  return { channels, origin: new URL(request.url).origin };
}

/** The menu changes rarely: it is loaded with the document, and again only after a form post. */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && formMethod !== 'GET' ? defaultShouldRevalidate : false;
}

export function meta({ error }: Route.MetaArgs): Route.MetaDescriptors {
  if (error) {
    const missing = isRouteErrorResponse(error) && error.status === 404;
    return [
      { title: documentTitle(missing ? errorMessages.notFoundTitle : errorMessages.errorTitle) },
    ];
  }
  return [{ title: documentTitle() }];
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    <html lang="zh-CN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content={THEME_COLOR} />
        <Meta />
        <Links />
      </head>
      <body>
        <ToastProvider>
          <AppShell channels={data?.channels ?? []} origin={data?.origin ?? ''}>
            {children}
          </AppShell>
        </ToastProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error)) {
    return error.status === 404 ? <NotFoundPage /> : <ErrorPage status={error.status} />;
  }
  if (import.meta.env.DEV) console.error(error);
  return <ErrorPage />;
}
