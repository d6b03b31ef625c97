import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CSRF_HEADER } from '@melon/shared/api/constants';
import { postMessage, getTabComments } from '@melon/shared/calls/comment.calls';
import { getGlobalConfig } from '@melon/shared/calls/config.calls';
import { listDanmaku, sendDanmaku } from '@melon/shared/calls/danmaku.calls';
import { diggAction } from '@melon/shared/calls/favorite.calls';
import { getFeedById } from '@melon/shared/calls/feed.calls';
import { sendSmsCode, smsLogin } from '@melon/shared/calls/passport.calls';
import { searchResults } from '@melon/shared/calls/search.calls';
import { getVideoDetails } from '@melon/shared/calls/video.calls';
import type { VideoDetails } from '@melon/shared/contracts/video';
import { decodeVideoUrl } from '@melon/shared/format/video-url';
import type { EndpointKind, EndpointStats } from './endpoint-stats.ts';

/** What every simulated user of a run shares. */
export interface LoadTarget {
  origin: string;
  /** Where the site writes its SMS outbox (MELON_DATA_DIR/outbox): the users read their codes. */
  dataDir: string;
  /** Ready items to visit, found through the feed before the run. */
  itemIds: string[];
  stats: EndpointStats;
  /** The run stops taking new steps at this time (ms since epoch). */
  until: number;
}

/**
 * The users are people in browsers. A name of the bench's own ('melon-load') is a crawler to
 * isbot, and crawlers get each page's comments in its first answer (decision 038): every page
 * cost a third more than a person's.
 */
const BROWSER_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const DANMAKU_QUERY = 'aid=1768&app_name=video_ixigua&format=json';
const CHANNELS = ['1', '2', '3', '4', '5'];
/** Words people type into the search box of the demo site. */
const SEARCH_WORDS = ['甜瓜', '视频', '分形', '生命游戏', 'melon', '渐变'];

/**
 * A client address for user `n` from the documentation ranges (TEST-NET-2, TEST-NET-3), sent
 * as X-Forwarded-For to nginx: nginx appends the loopback address it saw, which the site
 * trusts as a proxy, so each user counts as a client of its own in every per-address limit.
 */
export function clientAddress(n: number): string {
  return n < 254 ? `198.51.100.${n + 1}` : `203.0.113.${((n - 254) % 254) + 1}`;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
/** A person's pause between two steps: 1 to 3 s. */
const think = () => new Promise((resolve) => setTimeout(resolve, 1000 + Math.random() * 2000));

/**
 * A visit begins with a document: a link from elsewhere, a new tab, a reload. Within it the
 * site is a single-page app: a click on a card or the logo fetches only the next page's loader
 * data (`<path>.data?_routes=…`, React Router's single fetch), as people's browsers do. A round
 * begins a new visit with this chance, so a visit lasts five rounds (ten pages) on average
 * (decision 054).
 */
const NEW_VISIT = 0.2;

/** The pages a round shows, each as a document or as a client-side navigation's data. */
const PAGES = {
  home: { path: '/', data: '/_.data?_routes=routes/home', name: '/' },
  item: (id: string) => ({
    path: `/${id}`,
    data: `/${id}.data?_routes=routes/any-video`,
    name: '/<item>',
  }),
};

/**
 * One person on the site, in visits that open with a document and go on in the browser: browses
 * the home page, feeds and video pages, searches now and then, plays (the playlist, the init
 * segment and the first media segments), reads danmaku and comments; signs in with an SMS code
 * and then sends danmaku, likes and comments now and then.
 */
export class VirtualUser {
  readonly #cookies = new Map<string, string>();
  readonly #address: string;
  readonly #mobile: string;
  #csrf = '';
  #signedIn = false;
  #sent = 0;
  #visiting = false;

  readonly target: LoadTarget;
  readonly n: number;

  constructor(target: LoadTarget, n: number) {
    this.target = target;
    this.n = n;
    this.#address = clientAddress(n);
    this.#mobile = `139${String(Date.now() % 10_000).padStart(4, '0')}${String(n).padStart(4, '0')}`;
  }

  async #request(
    name: string,
    kind: EndpointKind,
    url: string,
    init: { body?: unknown; binary?: boolean } = {},
  ): Promise<string | undefined> {
    const headers: Record<string, string> = {
      'x-forwarded-for': this.#address,
      'user-agent': BROWSER_USER_AGENT,
      'accept-encoding': 'gzip, br',
    };
    if (this.#cookies.size > 0) {
      headers.cookie = [...this.#cookies].map(([key, value]) => `${key}=${value}`).join('; ');
    }
    if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      headers[CSRF_HEADER] = this.#csrf;
    }
    const started = performance.now();
    let response: Response | undefined;
    let text = '';
    let ok = false;
    /** What the error table shows: the HTTP status, or the envelope's code and message. */
    let failure: string | undefined;
    try {
      response = await fetch(url.startsWith('http') ? url : `${this.target.origin}${url}`, {
        method: init.body === undefined ? 'GET' : 'POST',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      // Segments are read whole but not decoded.
      if (init.binary) await response.arrayBuffer();
      else text = await response.text();
      ok = response.ok;
      if (ok && kind === 'api') {
        const envelope = JSON.parse(text) as { code: number; message: string };
        ok = envelope.code === 200;
        if (!ok) failure = `${envelope.code} ${envelope.message}`;
      }
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';');
        const at = pair.indexOf('=');
        this.#cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
    } catch {
      // No answer (reset, refused): counted as an error with status 0.
    } finally {
      const outcome = failure ?? String(response?.status ?? 0);
      this.target.stats.record(name, kind, performance.now() - started, outcome, ok);
    }
    return ok ? text : undefined;
  }

  async #json<T>(name: string, url: string, body?: unknown): Promise<T | undefined> {
    const text = await this.#request(name, 'api', url, { body });
    return text === undefined ? undefined : (JSON.parse(text) as { data: T }).data;
  }

  #text(name: string, kind: EndpointKind, url: string): Promise<string | undefined> {
    return this.#request(name, kind, url);
  }

  /** The newest SMS code the site wrote to this user's number. */
  async #smsCode(): Promise<string | undefined> {
    for (let i = 0; i < 50; i += 1) {
      const text = await readFile(
        path.join(this.target.dataDir, 'outbox', 'sms.jsonl'),
        'utf8',
      ).catch(() => '');
      const line = text
        .split('\n')
        .filter((l) => l.includes(`"${this.#mobile}"`))
        .at(-1);
      if (line) return (JSON.parse(line) as { code: string }).code;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return undefined;
  }

  async #signIn(): Promise<void> {
    const sent = await this.#json(sendSmsCode.path, sendSmsCode.path, {
      mobile: this.#mobile,
      type: 'login',
    });
    if (!sent) return;
    const code = await this.#smsCode();
    if (!code) return;
    this.#signedIn =
      (await this.#json(smsLogin.path, smsLogin.path, { mobile: this.#mobile, code })) !==
      undefined;
    // A new session: the anti-forgery token stays bound to the browser's web id.
  }

  /** Plays the start of the item: its rendition playlist, the init segment, two segments. */
  async #play(details: VideoDetails): Promise<void> {
    const rendition = details.video_resource?.video_list[0];
    const playlistUrl = rendition && decodeVideoUrl(rendition.main_url);
    if (!playlistUrl) return;
    const absolute = new URL(playlistUrl, this.target.origin);
    const playlist = await this.#text('media: playlist (.m3u8)', 'media', absolute.href);
    if (!playlist) return;
    const map = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)?.[1];
    const segments = playlist.split('\n').filter((line) => line && !line.startsWith('#'));
    for (const file of [map, ...segments.slice(0, 2)]) {
      if (!file) continue;
      await this.#request(
        'media: segment (.m4s, init .mp4)',
        'media',
        new URL(file, absolute).href,
        {
          binary: true,
        },
      );
    }
  }

  /** A page: its document when it opens a visit, else the data of a client-side navigation. */
  async #page(page: { path: string; data: string; name: string }, opensVisit: boolean) {
    if (opensVisit) await this.#text(`page: ${page.name} (document)`, 'page', page.path);
    else await this.#text(`page: ${page.name} (navigation, .data)`, 'page', page.data);
  }

  async run(): Promise<void> {
    const config = await this.#json<{ csrfToken: string }>(
      getGlobalConfig.path,
      getGlobalConfig.path,
    );
    this.#csrf = config?.csrfToken ?? '';
    // Sign-ins spread over the run's first minute, not all in its first second.
    const signInAt = Date.now() + Math.random() * 60_000;
    while (Date.now() < this.target.until) {
      if (!this.#signedIn && Date.now() >= signInAt) await this.#signIn();
      // A new visit lands on the home page or, from a shared link, on the video page.
      const newVisit = !this.#visiting || Math.random() < NEW_VISIT;
      this.#visiting = true;
      const landsOnItem = newVisit && Math.random() < 0.5;
      if (!landsOnItem) {
        await this.#page(PAGES.home, newVisit);
        await think();
        await this.#json(
          getFeedById.path,
          `${getFeedById.path}?channelId=${pick(CHANNELS)}&count=20`,
        );
        await think();
      }
      if (Math.random() < 0.3) {
        const word = encodeURIComponent(pick(SEARCH_WORDS));
        const path = searchResults.path.replace(':type/:keyword/:page', `all/${word}/0`);
        await this.#json(searchResults.path, path);
        await think();
      }
      const itemId = pick(this.target.itemIds);
      await this.#page(PAGES.item(itemId), landsOnItem);
      const details = await this.#json<VideoDetails>(
        getVideoDetails.path,
        `${getVideoDetails.path}?group_id=${itemId}`,
      );
      if (details) await this.#play(details);
      await this.#json(listDanmaku.path, `${listDanmaku.path}?item_id=${itemId}&${DANMAKU_QUERY}`);
      await this.#json(
        getTabComments.path,
        `${getTabComments.path}?group_id=${itemId}&item_id=${itemId}&offset=0&count=10&tab_index=0&aid=1768`,
      );
      await think();
      if (!this.#signedIn) continue;
      if (Math.random() < 0.5) {
        await this.#json(sendDanmaku.path, `${sendDanmaku.path}?${DANMAKU_QUERY}`, {
          item_id: itemId,
          offset_ms: Math.floor(Math.random() * 5000),
          text: `第${this.n}位观众的第${++this.#sent}条弹幕`,
        });
      }
      if (Math.random() < 0.2) {
        await this.#json(diggAction.path, diggAction.path, {
          group_id: itemId,
          action: Math.random() < 0.5 ? 'digg' : 'cancel_digg',
        });
      }
      if (Math.random() < 0.1) {
        await this.#json(postMessage.path, postMessage.path, {
          group_id: itemId,
          item_id: itemId,
          text: `看完了，第${this.n}位观众第${++this.#sent}次打卡`,
        });
      }
      await think();
    }
  }
}
