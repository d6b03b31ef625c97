import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { DanmakuMode, DanmakuPool, DanmakuView, ShieldWord } from '@melon/shared/contracts/danmaku';
import Type, { type Static } from 'typebox';
import { badRequest, tooManyRequests } from '../../http/api-error.ts';
import { envelopeOf, ErrorEnvelope, ok, RetryLaterEnvelope } from '../../http/envelope.ts';
import { formatWait } from '../../lib/format-wait.ts';
import { requireUser } from '../../plugins/app/session.ts';
import { DANMAKU_STICKERS } from './danmaku-stickers.ts';
import { createDanmakuEvents } from './danmaku.events.ts';
import { danmakuMessages } from './danmaku.messages.ts';
import { createDanmakuService, TooFrequent, type SendInput } from './danmaku.service.ts';

const Id = Type.String({ pattern: '^[0-9]{1,19}$' });

/** What every danmaku call carries besides its own fields (SPEC §7); not checked further. */
const Common = {
  aid: Type.Optional(Type.String()),
  app_name: Type.Optional(Type.String()),
  format: Type.Optional(Type.String()),
};

const SendBody = Type.Object({
  item_id: Id,
  offset_ms: Type.Integer({ minimum: 0 }),
  text: Type.String({ maxLength: 1000 }),
  colour: Type.Optional(Type.Integer({ minimum: 0, maximum: 0xffffff })),
  mode: Type.Optional(DanmakuMode),
  size: Type.Optional(Type.Integer({ minimum: 12, maximum: 64 })),
  pool: Type.Optional(DanmakuPool),
});

const ReplyBody = Type.Object({ ...SendBody.properties, reply_to: Id });

const StickerBody = Type.Object({
  ...Common,
  item_id: Id,
  offset_ms: Type.Integer({ minimum: 0 }),
  sticker_id: Type.Union(DANMAKU_STICKERS.map((sticker) => Type.Literal(sticker.id))),
  mode: Type.Optional(DanmakuMode),
});

const errors = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
} as const;

/** What the three send calls answer. */
const sentResponse = {
  200: envelopeOf(Type.Object({ danmaku: DanmakuView })),
  ...errors,
  429: RetryLaterEnvelope,
} as const;

/** Where and how a danmaku shows: the fields the send calls share, the style ones optional. */
type PlacedBody = Omit<Static<typeof SendBody>, 'text'>;

/** The send input of a call's body and text, with the default style for what the body leaves out. */
function sendInput(body: PlacedBody, text: string): SendInput {
  return {
    itemId: body.item_id,
    offsetMs: body.offset_ms,
    text,
    colour: body.colour ?? 0xffffff,
    mode: body.mode ?? 'scroll',
    size: body.size ?? 25,
    pool: body.pool ?? 'normal',
  };
}

/**
 * The `/vpc_danmaku/` calls of SPEC §7 and the bilibili XML export. Every write needs the
 * signed-in user (401 otherwise) and the anti-forgery header (checked globally).
 */
export default function danmakuRoutes(fastify: FastifyInstance): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const events = createDanmakuEvents(app.pubsub, (error) => {
    app.log.error({ err: error }, 'danmaku publish failed');
  });
  const danmaku = createDanmakuService(app.db, app.newId, Date.now, events);

  /** Sends for the caller; a send too soon after the last ones is a 429 with the wait. */
  const send = async (userId: string, input: SendInput) => {
    try {
      return ok({ danmaku: await danmaku.send(userId, input) });
    } catch (error) {
      if (error instanceof TooFrequent) {
        throw tooManyRequests(
          danmakuMessages.tooFrequent(formatWait(error.waitSeconds)),
          error.waitSeconds,
        );
      }
      throw error;
    }
  };

  app.get(
    '/vpc_danmaku/list/v1/',
    {
      schema: {
        tags: ['danmaku'],
        summary:
          '按 6 分钟分段读取弹幕（每段至多 6000 条，超出时每 6 秒按比例保留，点赞多、较新的优先）',
        querystring: Type.Object({
          ...Common,
          item_id: Id,
          segment_index: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
        }),
        response: {
          200: envelopeOf(Type.Object({ danmaku_list: Type.Array(DanmakuView) })),
          ...errors,
        },
      },
    },
    async (request) => {
      const { item_id, segment_index = 1 } = request.query;
      const viewerId = request.user?.id ?? null;
      return ok({ danmaku_list: await danmaku.list(item_id, segment_index, viewerId) });
    },
  );

  app.post(
    '/vpc_danmaku/send/v1/',
    {
      schema: {
        tags: ['danmaku'],
        summary: '发送弹幕（字幕池与特殊池仅限视频作者）',
        body: SendBody,
        response: sentResponse,
      },
    },
    async (request) => {
      const user = requireUser(request);
      return send(user.id, sendInput(request.body, request.body.text));
    },
  );

  app.post(
    '/vpc_danmaku/send_reply/v1/',
    {
      schema: {
        tags: ['danmaku'],
        summary: '回复同一视频下的弹幕：一条以「回复 @昵称：」开头的普通弹幕',
        body: ReplyBody,
        response: sentResponse,
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      return send(user.id, { ...sendInput(body, body.text), replyTo: body.reply_to });
    },
  );

  app.post(
    '/video/pc/sticker/send_danmaku/',
    {
      schema: {
        tags: ['danmaku'],
        summary: '发送表情弹幕（内置表情之一），与文字弹幕共用发送频率限制',
        body: StickerBody,
        response: sentResponse,
      },
    },
    async (request) => {
      const user = requireUser(request);
      // Only the place and mode come from the body: a sticker is white, standard size, normal pool.
      const { item_id, offset_ms, mode, sticker_id } = request.body;
      return send(user.id, {
        ...sendInput({ item_id, offset_ms, mode }, ''),
        stickerId: sticker_id,
      });
    },
  );

  app.post(
    '/vpc_danmaku/delete/v1/',
    {
      schema: {
        tags: ['danmaku'],
        summary: '删除弹幕（发送者或视频作者）',
        body: Type.Object({ danmaku_id: Id }),
        response: { 200: envelopeOf(Type.Null()), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await danmaku.remove(user.id, request.body.danmaku_id);
      return ok(null);
    },
  );

  app.post(
    '/vpc_danmaku/action/v1/',
    {
      schema: {
        tags: ['danmaku'],
        summary: '弹幕操作：action_type 1 为点赞（每人一次）',
        body: Type.Object({ danmaku_id: Id, action_type: Type.Integer() }),
        response: { 200: envelopeOf(Type.Object({ like_count: Type.Integer() })), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (request.body.action_type !== 1) {
        throw badRequest(danmakuMessages.unknownAction, 'action_type');
      }
      const likeCount = await danmaku.like(user.id, request.body.danmaku_id);
      return ok({ like_count: likeCount });
    },
  );

  app.post(
    '/vpc_danmaku/report/v1/',
    {
      schema: {
        tags: ['danmaku'],
        summary: '举报弹幕',
        body: Type.Object({
          danmaku_id: Id,
          report_type: Type.Integer({ minimum: 0, maximum: 100 }),
          report_reason: Type.Optional(Type.String({ maxLength: 500 })),
        }),
        response: { 200: envelopeOf(Type.Null()), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { danmaku_id, report_type, report_reason = '' } = request.body;
      await danmaku.report(user.id, danmaku_id, report_type, report_reason);
      return ok(null);
    },
  );

  app.get(
    '/vpc_danmaku/shield_words/v1/',
    {
      schema: {
        tags: ['danmaku'],
        summary: '我的弹幕屏蔽词',
        response: { 200: envelopeOf(Type.Object({ words: Type.Array(ShieldWord) })), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok({ words: await danmaku.shieldWords(user.id) });
    },
  );

  app.post(
    '/vpc_danmaku/shield_words/add/v1/',
    {
      schema: {
        tags: ['danmaku'],
        summary: '添加弹幕屏蔽词（至多 200 个，每个至多 20 字）',
        body: Type.Object({ text: Type.String({ maxLength: 200 }) }),
        response: { 200: envelopeOf(Type.Object({ word: ShieldWord })), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok({ word: await danmaku.addShieldWord(user.id, request.body.text) });
    },
  );

  app.post(
    '/vpc_danmaku/shield_words/delete/v1/',
    {
      schema: {
        tags: ['danmaku'],
        summary: '删除弹幕屏蔽词',
        body: Type.Object({ id: Id }),
        response: { 200: envelopeOf(Type.Null()), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await danmaku.deleteShieldWord(user.id, request.body.id);
      return ok(null);
    },
  );

  app.get(
    '/api/videov2/danmaku/export',
    {
      schema: {
        tags: ['danmaku'],
        summary: '导出弹幕为 bilibili XML',
        querystring: Type.Object({ item_id: Id }),
        response: { 200: Type.String(), 400: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const xml = await danmaku.exportXml(request.query.item_id, request.user?.id ?? null);
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${request.query.item_id}.xml"`)
        .send(xml);
    },
  );
}
