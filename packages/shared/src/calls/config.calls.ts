import { GlobalConfig } from '../contracts/global-config.ts';
import { defineCall } from './call.ts';

/** Identity and site configuration (SPEC §3), with this browser's anti-forgery token. */
export const getGlobalConfig = defineCall({
  method: 'GET',
  path: '/api/otherv2/global_config',
  tag: 'config',
  summary: '身份与站点配置',
  response: GlobalConfig,
});
