import type { FastifyInstance } from 'fastify';
import {
  addShieldWord,
  danmakuAction,
  deleteDanmaku,
  deleteShieldWord,
  exportDanmakuXml,
  getShieldWords,
  listDanmaku,
  reportDanmaku,
  sendDanmaku,
  sendDanmakuReply,
  sendStickerDanmaku,
} from '@melon/shared/calls/danmaku.calls';
import {
  DANMAKU_ACTION_LIKE,
  DANMAKU_DEFAULT_STYLE,
  type SendDanmakuBody,
} from '@melon/shared/contracts/danmaku';
import Type, { type Static } from 'typebox';
import { ErrorEnvelope } from '../../http/envelope.ts';
import { invalid } from '../../lib/domain-error.ts';
import { route } from '../../plugins/app/call-route.ts';
import { createDanmakuEvents } from './danmaku.events.ts';
import { danmakuMessages } from './danmaku.messages.ts';
import { createDanmakuService, type SendInput } from './danmaku.service.ts';

/** Where and how a danmaku shows: the fields the send calls share, the style ones optional. */
type PlacedBody = Omit<SendDanmakuBody, 'text'>;

/** The send input of a call's body and text, with the default style for what the body leaves out. */
function sendInput(body: PlacedBody, text: string): SendInput {
  return {
    itemId: body.item_id,
    offsetMs: body.offset_ms,
    text,
    colour: body.colour ?? DANMAKU_DEFAULT_STYLE.colour,
    mode: body.mode ?? DANMAKU_DEFAULT_STYLE.mode,
    size: body.size ?? DANMAKU_DEFAULT_STYLE.size,
    pool: body.pool ?? DANMAKU_DEFAULT_STYLE.pool,
  };
}

/**
 * The `/vpc_danmaku/` calls of SPEC §7, the sticker send and the bilibili XML export. Every write
 * needs the signed-in user (its declaration says so) and the anti-forgery header (checked
 * globally); a send too soon after the last ones is answered 429 with the wait.
 */
export default function danmakuRoutes(app: FastifyInstance): void {
  const events = createDanmakuEvents(app.pubsub, (error) => {
    app.log.error({ err: error }, 'danmaku publish failed');
  });
  const danmaku = createDanmakuService({ db: app.db, newId: app.newId, events });

  route(app, listDanmaku, async ({ item_id, segment_index = 1 }, { user }) => ({
    danmaku_list: await danmaku.list(item_id, segment_index, user?.id ?? null),
  }));

  route(app, sendDanmaku, async (input, { user }) => ({
    danmaku: await danmaku.send(user.id, sendInput(input, input.text)),
  }));

  route(app, sendDanmakuReply, async (input, { user }) => ({
    danmaku: await danmaku.send(user.id, {
      ...sendInput(input, input.text),
      replyTo: input.reply_to,
    }),
  }));

  route(app, sendStickerDanmaku, async ({ item_id, offset_ms, mode, sticker_id }, { user }) => ({
    // Only the place and mode come from the body: a sticker is white, standard size, normal pool.
    danmaku: await danmaku.send(user.id, {
      ...sendInput({ item_id, offset_ms, mode }, ''),
      stickerId: sticker_id,
    }),
  }));

  route(app, deleteDanmaku, async ({ danmaku_id }, { user }) => {
    await danmaku.remove(user.id, danmaku_id);
    return null;
  });

  route(app, danmakuAction, async ({ danmaku_id, action_type }, { user }) => {
    if (action_type !== DANMAKU_ACTION_LIKE) {
      throw invalid(danmakuMessages.unknownAction, 'action_type');
    }
    return { like_count: await danmaku.like(user.id, danmaku_id) };
  });

  route(app, reportDanmaku, (input, { user }) => {
    const { danmaku_id, report_type, report_reason = '' } = input;
    return danmaku.report(user.id, danmaku_id, report_type, report_reason);
  });

  route(app, getShieldWords, async (_input, { user }) => ({
    words: await danmaku.shieldWords(user.id),
  }));

  route(app, addShieldWord, async ({ text }, { user }) => ({
    word: await danmaku.addShieldWord(user.id, text),
  }));

  route(app, deleteShieldWord, async ({ id }, { user }) => {
    await danmaku.deleteShieldWord(user.id, id);
    return null;
  });

  // A file, not an envelope: registered from its declaration without the call helper.
  app.get<{ Querystring: Static<typeof exportDanmakuXml.query> }>(
    exportDanmakuXml.path,
    {
      schema: {
        tags: [exportDanmakuXml.tag],
        summary: exportDanmakuXml.summary,
        querystring: exportDanmakuXml.query,
        response: { 200: Type.String(), '4xx': ErrorEnvelope, '5xx': ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const { item_id } = request.query;
      const xml = await danmaku.exportXml(item_id, request.user?.id ?? null);
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${item_id}.xml"`)
        .send(xml);
    },
  );
}
