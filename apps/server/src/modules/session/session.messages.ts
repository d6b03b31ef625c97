import type { FieldMessage } from '../../http/field-messages.ts';

/** What the user centre's device list says to the user. */
export const sessionMessages = {
  notFound: '该登录设备不存在或已退出',
};

/** Messages for fields the request schemas refuse. */
export const sessionFieldMessages: Record<string, FieldMessage> = {
  session_id: { missing: '缺少登录设备', invalid: '登录设备不正确' },
};
