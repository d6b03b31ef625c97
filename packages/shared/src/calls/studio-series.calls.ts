import {
  CreateStudioSeriesBody,
  DeletedStudioSeries,
  DeleteStudioSeriesBody,
  SetStudioSeriesItemsBody,
  StudioSeries,
  StudioSeriesPage,
  UpdateStudioSeriesBody,
} from '../contracts/studio-series.ts';
import { defineCall } from './call.ts';

/*
 * The creator studio's series manager (decision 046): Melon's own calls, signed in; every write
 * changes the author's own series only (another's → 403).
 */

export const getStudioSeries = defineCall({
  method: 'GET',
  path: '/api/studio/series',
  tag: 'studio',
  summary: '我的合集与 pseries（含仅自己可见的视频）及可加入的视频',
  response: StudioSeriesPage,
  signIn: 'required',
});

const write = {
  method: 'POST',
  tag: 'studio',
  signIn: 'required',
  rateLimit: 'studioEdit',
} as const;

export const createStudioSeries = defineCall({
  ...write,
  path: '/api/studio/series/create',
  summary: '新建合集或 pseries（可同时放入自己的视频）',
  body: CreateStudioSeriesBody,
  response: StudioSeries,
});

export const updateStudioSeries = defineCall({
  ...write,
  path: '/api/studio/series/update',
  summary: '修改合集的名称、简介与封面',
  body: UpdateStudioSeriesBody,
  response: StudioSeries,
});

export const setStudioSeriesItems = defineCall({
  ...write,
  path: '/api/studio/series/items',
  summary: '设定合集的视频及其顺序（加入、移出、排序一次写入）',
  body: SetStudioSeriesItemsBody,
  response: StudioSeries,
});

export const deleteStudioSeries = defineCall({
  ...write,
  path: '/api/studio/series/delete',
  summary: '删除合集（视频本身不受影响）',
  body: DeleteStudioSeriesBody,
  response: DeletedStudioSeries,
});
