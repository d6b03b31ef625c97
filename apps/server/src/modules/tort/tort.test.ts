import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Visibility } from '@melon/db/enums';
import { COMMENT_IMAGE_DIR } from '@melon/shared/contracts/comment-image';
import {
  tortProofUrl,
  type TortItems,
  type TortReportFiled,
  type TortReportList,
  type TortReportUrl,
} from '@melon/shared/contracts/tort';
import {
  fileTortReport,
  getMyTortReports,
  getTortReportUrl,
  resolveTortItems,
} from '@melon/shared/calls/tort.calls';
import { getVideoDetails } from '@melon/shared/calls/video.calls';
import { createItem, createUser } from '../../testing/factories.ts';
import { createTestApp, type TestApp, type Visitor } from '../../testing/test-app.ts';
import { itRefusesBadWrites } from '../../testing/write-refusals.ts';
import { findViewableItem } from '../item/item.service.ts';
import { decideTortClaim } from './tort-decision.ts';
import { TORT_PROOF_DIR } from './tort-proof.service.ts';

/*
 * Infringement claims (decision 055) through real HTTP on a real database: the form's address,
 * the links box resolved through the item policy, a claim filed once per submit (also when sent
 * at the same moment) and listed for its claimant, every refusal — signed out, forged, malformed,
 * oversized, unknown or own videos, someone else's proof, past the limits — changing nothing,
 * and the operator's decision taking the videos down.
 */

const FILE = fileTortReport.path;
let t: TestApp;
let authorId: string;
let videoId: string;
let secondVideoId: string;

beforeAll(async () => {
  t = await createTestApp();
  authorId = await createUser(t.db, t.newId, { name: '搬运作者' });
  videoId = await createItem(t.db, t.newId, authorId, { title: '搬运来的电影片段' });
  secondVideoId = await createItem(t.db, t.newId, authorId, { title: '又一个搬运视频' });
});
afterAll(() => t.close());

/** Each request from an address of its own unless told: the address limit has tests of its own. */
let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `10.55.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

function post(headers: Record<string, string>, payload: unknown, remoteAddress = nextAddress()) {
  return t.app.inject({
    method: 'POST',
    url: `${FILE}?aid=1768`,
    headers,
    payload: payload as Record<string, unknown>,
    remoteAddress,
  });
}

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ url, headers, remoteAddress: nextAddress() });
}

interface Claimant {
  id: string;
  session: Visitor;
  proof: string;
}

/** A new user with one uploaded proof, as the proof upload stores it (its row: no file needed). */
async function claimant(): Promise<Claimant> {
  const id = await createUser(t.db, t.newId);
  return { id, session: await t.signedIn(id), proof: await uploadedPicture(id) };
}

async function uploadedPicture(userId: string): Promise<string> {
  const id = t.newId();
  const uri = `${TORT_PROOF_DIR}/${id}.webp`;
  await t.db
    .insertInto('tort_proof_images')
    .values({
      id,
      uri,
      user_id: userId,
      width: 800,
      height: 600,
      bytes: 12_345,
      created_at: Date.now(),
    })
    .execute();
  return uri;
}

/** A comment picture the user uploaded (public: never taken as a proof since decision 055's fix). */
async function commentPicture(userId: string): Promise<string> {
  const uri = `${COMMENT_IMAGE_DIR}/${t.newId()}.webp`;
  await t.db
    .insertInto('comment_images')
    .values({
      id: t.newId(),
      uri,
      user_id: userId,
      width: 800,
      height: 600,
      bytes: 12_345,
      created_at: Date.now(),
    })
    .execute();
  return uri;
}

const proofIdOf = (uri: string) => uri.slice(TORT_PROOF_DIR.length + 1, -'.webp'.length);

let submits = 0;
const newSubmitId = () => {
  submits += 1;
  return `submit-${String(submits).padStart(12, '0')}`;
};

/** A claim the server accepts from `who`. */
const claimBody = (who: Claimant, change: Record<string, unknown> = {}) => ({
  submit_id: newSubmitId(),
  claimant_kind: 'company',
  claimant_name: '  甜瓜影业有限公司  ',
  mobile: '13800138000',
  email: 'legal@tiangua.example',
  right: 'copyright',
  links: `https://www.melon.example/${videoId}\n\n  ${secondVideoId}  \n/${videoId}`,
  description: '  该视频完整搬运了我司享有独家信息网络传播权的电影《甜瓜》的片段。  ',
  proof_images: [who.proof],
  declaration: true,
  ...change,
});

/** How many claims the user has filed. */
const claimCountOf = async (userId: string) =>
  (await t.db.selectFrom('tort_reports').select('id').where('claimant_id', '=', userId).execute())
    .length;

/** Files a good claim (changed as told) for `who` and answers what the server filed. */
async function fileClaim(who: Claimant, change: Record<string, unknown> = {}) {
  const response = await post(who.session.headers, claimBody(who, change));
  expect(response.statusCode).toBe(200);
  return response.json<{ data: TortReportFiled }>().data.report;
}

const snapshot = async () => ({
  reports: await t.db.selectFrom('tort_reports').selectAll().orderBy('id').execute(),
  items: await t.db.selectFrom('tort_report_items').selectAll().orderBy('report_id').execute(),
  proofs: await t.db.selectFrom('tort_report_proofs').selectAll().orderBy('report_id').execute(),
});

describe('GET /api/otherv2/tort_report_url', () => {
  it('answers the form’s address on this site, naming the video when given', async () => {
    // No MELON_PUBLIC_URL: the site's own address (http://localhost in tests), never the Host's.
    const plain = await get(getTortReportUrl.path, {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.json<{ data: TortReportUrl }>().data).toEqual({ url: 'http://localhost/tort' });
    const named = await get(`${getTortReportUrl.path}?group_id=${videoId}`);
    expect(named.json<{ data: TortReportUrl }>().data.url).toMatch(
      new RegExp(`/tort\\?group_id=${videoId}$`),
    );
  });

  it('answers on the site’s origin (MELON_PUBLIC_URL), whatever the Host header says', async () => {
    const site = await createTestApp({ publicUrl: 'https://www.melon.example' });
    try {
      const response = await site.app.inject({
        url: `${getTortReportUrl.path}?group_id=${videoId}`,
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      });
      expect(response.json<{ data: TortReportUrl }>().data).toEqual({
        url: `https://www.melon.example/tort?group_id=${videoId}`,
      });
    } finally {
      await site.close();
    }
  });

  it('refuses a malformed video id with 400 naming the field', async () => {
    const response = await get(`${getTortReportUrl.path}?group_id=12ab`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, field: 'group_id', data: null });
  });
});

describe('GET /api/otherv2/tort_report_items', () => {
  it('resolves each line to the video it names, or says why it names none', async () => {
    const who = await claimant();
    const hidden = await createItem(t.db, t.newId, authorId, { visibility: Visibility.Self });
    const own = await createItem(t.db, t.newId, who.id);
    const links = [
      `https://www.melon.example/${videoId}?t=3`,
      '',
      'https://other.example/watch?v=1',
      `/iframe/${hidden}`,
      '1234567890123456789',
      own,
    ].join('\n');
    const response = await get(
      `${resolveTortItems.path}?links=${encodeURIComponent(links)}`,
      who.session.headers,
    );
    expect(response.statusCode).toBe(200);
    const { lines } = response.json<{ data: TortItems }>().data;
    expect(lines).toEqual([
      {
        link: `https://www.melon.example/${videoId}?t=3`,
        item: {
          group_id: videoId,
          title: '搬运来的电影片段',
          author_name: '搬运作者',
          cover_url: expect.stringContaining(videoId) as string,
        },
        error: null,
      },
      { link: 'https://other.example/watch?v=1', item: null, error: '不是本站的视频链接' },
      { link: `/iframe/${hidden}`, item: null, error: '视频不存在或已删除' },
      { link: '1234567890123456789', item: null, error: '视频不存在或已删除' },
      { link: own, item: null, error: '不能投诉自己的视频' },
    ]);
  });

  it('asks a visitor to sign in, and refuses more than ten lines', async () => {
    const visitor = await get(`${resolveTortItems.path}?links=${videoId}`);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ code: 401, message: '请先登录' });
    const who = await claimant();
    const eleven = Array.from({ length: 11 }, () => videoId).join('\n');
    const many = await get(
      `${resolveTortItems.path}?links=${encodeURIComponent(eleven)}`,
      who.session.headers,
    );
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ message: '一次最多投诉 10 个视频', field: 'links' });
  });
});

describe('POST /api/otherv2/tort_report', () => {
  it('files the claim with its videos (once each, in order) and proofs, and lists it', async () => {
    const who = await claimant();
    const body = claimBody(who);
    const response = await post(who.session.headers, body);
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: TortReportFiled }>();
    expect(data.already_filed).toBe(false);
    expect(data.report).toMatchObject({
      state: 'pending',
      claimant_kind: 'company',
      claimant_name: '甜瓜影业有限公司',
      right: 'copyright',
      items: [
        { group_id: videoId, title: '搬运来的电影片段' },
        { group_id: secondVideoId, title: '又一个搬运视频' },
      ],
      description: '该视频完整搬运了我司享有独家信息网络传播权的电影《甜瓜》的片段。',
      proof_urls: [tortProofUrl(proofIdOf(who.proof))],
      taken_down: false,
      decision_note: '',
      decided_at: 0,
    });
    expect(data.report.id).toMatch(/^[1-9][0-9]{15,25}$/);
    expect(Math.abs(data.report.created_at - Date.now() / 1000)).toBeLessThan(60);

    const row = await t.db
      .selectFrom('tort_reports')
      .selectAll()
      .where('id', '=', data.report.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      claimant_id: who.id,
      submit_id: body.submit_id,
      mobile: '13800138000',
      email: 'legal@tiangua.example',
      state: 'pending',
    });

    const mine = await get(getMyTortReports.path, who.session.headers);
    expect(mine.json<{ data: TortReportList }>().data.list).toEqual([data.report]);
    // Another claimant's list does not show it.
    const other = await claimant();
    const theirs = await get(getMyTortReports.path, other.session.headers);
    expect(theirs.json<{ data: TortReportList }>().data.list).toEqual([]);
  });

  it('answers a repeated submit with the first claim and stores nothing more', async () => {
    const who = await claimant();
    const body = claimBody(who);
    const first = (await post(who.session.headers, body)).json<{ data: TortReportFiled }>().data;
    const again = await post(who.session.headers, { ...body, right: 'trademark' });
    expect(again.statusCode).toBe(200);
    const { data } = again.json<{ data: TortReportFiled }>();
    expect(data).toEqual({ report: first.report, already_filed: true });
    expect(await claimCountOf(who.id)).toBe(1);
  });

  it('stores one claim when the same submit is sent five times at once', async () => {
    const who = await claimant();
    const body = claimBody(who);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(who.session.headers, body)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const filed = answers.map((answer) => answer.json<{ data: TortReportFiled }>().data);
    expect(filed.filter((answer) => !answer.already_filed)).toHaveLength(1);
    expect(new Set(filed.map((answer) => answer.report.id)).size).toBe(1);
    expect(await claimCountOf(who.id)).toBe(1);
  });
});

describe('refusals change nothing', () => {
  let sender: Claimant;
  beforeAll(async () => {
    sender = await claimant();
  });

  itRefusesBadWrites({
    send: (headers, payload) => post(headers, payload),
    signedIn: () => sender.session.headers,
    visitor: () => t.visitor().headers,
    body: () => claimBody(sender),
    malformed: () => ['mobile', claimBody(sender, { mobile: '12345' })],
    snapshot,
  });

  it('answers 413 to a body past 32 KB, well below the site’s limit', async () => {
    const who = await claimant();
    const before = await snapshot();
    const response = await post(who.session.headers, claimBody(who, { pad: 'x'.repeat(33_000) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 413 });
    expect(await snapshot()).toEqual(before);
  });

  const hiddenLine = async () =>
    createItem(t.db, t.newId, authorId, { visibility: Visibility.Self });

  /** A change to a good claim: the fields as given, or as made once the test runs. */
  type Fields = Record<string, unknown>;
  type Change = Fields | ((who: Claimant) => Fields | Promise<Fields>);

  // Each change names the one field the refusal names.
  it.each<[string, Change, string]>([
    ['a bad submit id', { submit_id: 'x' }, '页面已过期，请刷新后重新提交'],
    ['an unknown claimant kind', { claimant_kind: 'robot' }, '请选择投诉人类型'],
    ['an empty name', { claimant_name: '   ' }, '请填写权利人名称'],
    ['a name past 50 characters', { claimant_name: '名'.repeat(51) }, '权利人名称最多 50 个字'],
    [
      'a name with a bidi override',
      { claimant_name: '甜瓜\u202E影业' },
      '权利人名称不能包含零宽字符、文字方向控制符或其他控制字符',
    ],
    ['a bad mobile number', { mobile: '23800138000' }, '请填写正确的手机号'],
    ['a bad email', { email: 'legal-at-example' }, '请填写正确的邮箱'],
    ['an unknown right', { right: 'patent' }, '请选择被侵犯的权利'],
    ['no links', { links: ' \n ' }, '请填写侵权视频的链接'],
    [
      'eleven links',
      () => ({ links: Array(11).fill(videoId).join('\n') }),
      '一次最多投诉 10 个视频',
    ],
    [
      'another site’s link',
      () => ({ links: `${videoId}\nhttps://x.example/v/1` }),
      '第 2 行：不是本站的视频链接',
    ],
    ['an unknown video', { links: '1234567890123456789' }, '第 1 行：视频不存在或已删除'],
    ['a hidden video', async () => ({ links: await hiddenLine() }), '第 1 行：视频不存在或已删除'],
    [
      'their own video',
      async (who) => ({ links: await createItem(t.db, t.newId, who.id) }),
      '第 1 行：不能投诉自己的视频',
    ],
    ['a short description', { description: '  侵权了  ' }, '请详细描述侵权情况，至少 10 个字'],
    ['a description past 1000', { description: '长'.repeat(1001) }, '侵权描述最多 1000 个字'],
    ['no proof', { proof_images: [] }, '请上传权属证明材料'],
    ['ten proofs', (who) => ({ proof_images: Array(10).fill(who.proof) }), '证明材料最多 9 张'],
    [
      'someone else’s picture',
      async () => ({ proof_images: [await uploadedPicture(authorId)] }),
      '证明材料图片无效，请重新上传',
    ],
    [
      'a made-up picture',
      { proof_images: [`${TORT_PROOF_DIR}/1234567890123456789.webp`] },
      '证明材料图片无效，请重新上传',
    ],
    [
      'a comment picture of their own (public: not a proof)',
      async (who) => ({ proof_images: [await commentPicture(who.id)] }),
      '证明材料图片无效，请重新上传',
    ],
    ['no declaration', { declaration: undefined }, '请确认并勾选真实性声明'],
    ['a declaration left unticked', { declaration: false }, '请确认并勾选真实性声明'],
  ])('refuses %s with 400 naming the field', async (_case, change, message) => {
    const who = await claimant();
    const fields = typeof change === 'function' ? await change(who) : change;
    const body = claimBody(who, fields);
    const before = await snapshot();
    const response = await post(who.session.headers, body);
    expect(response.statusCode).toBe(400);
    const field = Object.keys(fields)[0];
    expect(response.json()).toMatchObject({ code: 400, message, field, data: null });
    expect(await snapshot()).toEqual(before);
  });

  it('allows 5 claims in 10 minutes per user, then answers 429 with the wait', async () => {
    const who = await claimant();
    for (let i = 0; i < 5; i += 1) await fileClaim(who);
    const before = await snapshot();
    const limited = await post(who.session.headers, claimBody(who));
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toMatch(/^投诉过于频繁，请 .+后再试$/);
    expect(await snapshot()).toEqual(before);
  });

  it('allows 20 claims in 10 minutes per address, whoever is signed in', async () => {
    const address = '10.56.0.1';
    for (let i = 0; i < 20; i += 1) {
      const who = await claimant();
      expect((await post(who.session.headers, claimBody(who), address)).statusCode).toBe(200);
    }
    const who = await claimant();
    const before = await snapshot();
    const limited = await post(who.session.headers, claimBody(who), address);
    expect(limited.statusCode).toBe(429);
    expect(await snapshot()).toEqual(before);
    expect((await post(who.session.headers, claimBody(who), '10.56.0.2')).statusCode).toBe(200);
  });

  it('asks a visitor to sign in before reading claims', async () => {
    const response = await get(getMyTortReports.path);
    expect(response.statusCode).toBe(401);
  });
});

describe('the operator’s decision', () => {
  it('accepts with take-down: the videos are gone for everyone, the claimant sees it', async () => {
    const who = await claimant();
    const target = await createItem(t.db, t.newId, authorId, { title: '被投诉的视频' });
    const filed = await fileClaim(who, { links: target });

    const outcome = await decideTortClaim(t.db, filed.id, {
      state: 'accepted',
      takeDown: true,
      note: '经核实侵权成立',
    });
    expect(outcome).toMatchObject({ ok: true, takenDown: [target] });
    expect(await findViewableItem(t.db, target, null)).toBeUndefined();
    expect(await findViewableItem(t.db, target, authorId)).toBeUndefined();
    const page = await get(`${getVideoDetails.path}?group_id=${target}`);
    expect(page.statusCode).toBe(404);

    const [mine] = (await get(getMyTortReports.path, who.session.headers)).json<{
      data: TortReportList;
    }>().data.list;
    expect(mine).toMatchObject({
      id: filed.id,
      state: 'accepted',
      taken_down: true,
      decision_note: '经核实侵权成立',
      items: [{ group_id: target, title: '被投诉的视频' }],
    });
    expect(mine?.decided_at).toBeGreaterThan(0);

    expect(await decideTortClaim(t.db, filed.id, { state: 'rejected', note: '' })).toEqual({
      ok: false,
      reason: 'decided',
    });
  });

  it('rejects leaving the videos up, and knows no unknown claim', async () => {
    const who = await claimant();
    const target = await createItem(t.db, t.newId, authorId);
    const filed = await fileClaim(who, { links: target });
    const outcome = await decideTortClaim(t.db, filed.id, { state: 'rejected', note: '材料不足' });
    expect(outcome).toMatchObject({ ok: true, takenDown: [] });
    expect(await findViewableItem(t.db, target, null)).toBeDefined();
    expect(
      await decideTortClaim(t.db, '1234567890123456789', { state: 'rejected', note: '' }),
    ).toEqual({ ok: false, reason: 'unknown' });
  });
});
