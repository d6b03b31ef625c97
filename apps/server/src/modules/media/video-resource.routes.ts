import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  HistoryDuration,
  HistoryDurationQuery,
  MixInformation,
  MixInformationQuery,
  PreviewVideo,
  PreviewVideoQuery,
  RefreshTokenQuery,
  VideoDetails,
  VideoDetailsQuery,
  VideoResource,
} from '@melon/shared/contracts/video';
import { badRequest } from '../../http/api-error.ts';
import { envelopeOf, ErrorEnvelope, ok } from '../../http/envelope.ts';
import { VIDEO_MESSAGES } from './video-resource.messages.ts';
import { createVideoService } from './video-resource.service.ts';

const errors = { 400: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };

/** The video page's calls (SPEC §7 Video): details, mix information, URLs, preview, position. */
export default function videoResourceRoutes(
  fastify: FastifyInstance,
  options: { secret: Buffer },
): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const videos = createVideoService({ db: app.db, secret: options.secret });

  app.get(
    '/api/videov2/details',
    {
      schema: {
        tags: ['video'],
        summary: '视频详情：作者、计数、合集/剧集与签名的播放地址',
        querystring: VideoDetailsQuery,
        response: { 200: envelopeOf(VideoDetails), ...errors },
      },
    },
    async (request) => {
      const itemId = request.query.group_id ?? request.query.item_id;
      if (!itemId) throw badRequest(VIDEO_MESSAGES.groupIdRequired, 'group_id');
      return ok(await videos.details(itemId, request.user?.id ?? null));
    },
  );

  app.get(
    '/api/mixVideo/information',
    {
      schema: {
        tags: ['video'],
        summary: '任意视频页：视频、合集或剧集（合集与剧集取指定或第一集）',
        querystring: MixInformationQuery,
        response: { 200: envelopeOf(MixInformation), ...errors },
      },
    },
    async (request) => {
      const { mixId, id } = request.query;
      return ok(await videos.mixInformation(mixId, id, request.user?.id ?? null));
    },
  );

  app.get(
    '/api/videov2/getVideoResourceByRefreshToken',
    {
      schema: {
        tags: ['video'],
        summary: '用 refreshToken 换取新的签名播放地址',
        querystring: RefreshTokenQuery,
        response: { 200: envelopeOf(VideoResource), ...errors },
      },
    },
    async (request) =>
      ok(await videos.refresh(request.query.refreshToken, request.user?.id ?? null)),
  );

  app.get(
    '/api/videov2/getPreviewVideo',
    {
      schema: {
        tags: ['video'],
        summary: '悬停预览片段',
        querystring: PreviewVideoQuery,
        response: { 200: envelopeOf(PreviewVideo), ...errors },
      },
    },
    async (request) => ok(await videos.preview(request.query.group_id, request.user?.id ?? null)),
  );

  app.get(
    '/api/videov2/history_duration',
    {
      schema: {
        tags: ['video'],
        summary: '上次观看到的位置（秒）',
        querystring: HistoryDurationQuery,
        response: { 200: envelopeOf(HistoryDuration), ...errors },
      },
    },
    async (request) =>
      ok(await videos.historyDuration(request.query.content_id, request.user?.id ?? null)),
  );
}
