import { DANMAKU_APP_NAME } from '@melon/shared/api/constants';

/** What every danmaku call carries besides aid, which the client adds (SPEC §7). */
export const danmakuParams = { app_name: DANMAKU_APP_NAME, format: 'json' } as const;
