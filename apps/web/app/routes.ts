import { index, route, type RouteConfig } from '@react-router/dev/routes';

/** The route table of SPEC §2. Parameters are checked in the loaders; a bad one is a 404. */
export default [
  index('routes/home.tsx'),
  route('channel/:name', 'routes/channel.tsx'),
  route(':mixId', 'routes/any-video.tsx'),
  route('kvideo/:keyword', 'routes/keyword-videos.tsx'),
  route('iframe/:mixId', 'routes/embed.tsx'),
  route('search', 'routes/search-start.tsx'),
  route('search/:keyword/:qc?', 'routes/search.tsx'),
  route('admin/others/get_snap_shot', 'routes/search-snapshot.tsx'),
  route('home/:to_user_id/:tab?/:details_id?/', 'routes/author-home.tsx'),
  route('my/watch-history/:tab_key?', 'routes/watch-history.tsx'),
  route('my/attention/:tab_key?', 'routes/attention.tsx'),
  route('my/favorite/:tab_key?', 'routes/favorites.tsx'),
  route('app', 'routes/download-app.tsx'),
  route('tort', 'routes/tort.tsx'),
  route(':stream?/cinema/filter/:pinyin', 'routes/cinema-filter.tsx'),
  route('vip-center', 'routes/vip-center.tsx'),
  route('vip-exchange', 'routes/vip-exchange.tsx'),
  route('user-center/:tab?/', 'routes/user-center.tsx'),
  route('debug', 'routes/debug.tsx'),
  route('user_playlist/:userId', 'routes/user-playlist.tsx'),
  route('toplay/:gid', 'routes/to-play.tsx'),
  route('EmptyAnyVideo', 'routes/empty-any-video.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
