import { DownloadUrls, ServerTimestamp } from '../contracts/site-info.ts';
import { defineCall } from './call.ts';

/*
 * Site information of SPEC §7 "Other" (decision 056): the native client packages the operator
 * offers (the download page /app) and the server's clock (the debug page /debug).
 */

export const getDownloadUrls = defineCall({
  method: 'GET',
  path: '/api/otherv2/download_url',
  tag: 'config',
  summary: '运营方提供的客户端安装包（各平台地址与版本），未配置时为空',
  response: DownloadUrls,
});

export const getTimestamp = defineCall({
  method: 'GET',
  path: '/api/otherv2/get_timestamp',
  tag: 'config',
  summary: '服务器当前时间（毫秒），用于校对本机时钟',
  response: ServerTimestamp,
});
