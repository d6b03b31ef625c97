import { useContext } from 'react';
import { UNSAFE_FrameworkContext, useMatches } from 'react-router';

/**
 * The stylesheets of the routes on screen, as React stylesheet resources (decision 033). React
 * Router's `<Links />` renders them in place, after everything React hoists into the head: on a
 * video page, fifteen module and player preloads, so on HTTP/1.1's six connections the first
 * paint waited for scripts. With a `precedence`, React writes them right after the page's
 * high-priority images, and on a client navigation it adds a new route's sheets and waits for
 * them before showing the route.
 */
export function RouteStylesheets() {
  const framework = useContext(UNSAFE_FrameworkContext);
  const matches = useMatches();
  const hrefs = new Set(
    matches.flatMap((match) => framework?.manifest.routes[match.id]?.css ?? []),
  );
  return [...hrefs].map((href) => (
    <link key={href} rel="stylesheet" href={href} precedence="default" />
  ));
}
