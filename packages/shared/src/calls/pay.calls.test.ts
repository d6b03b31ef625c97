import { describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../api/constants.ts';
import { createClient } from '../client/client.ts';
import { ApiError } from '../client/errors.ts';
import {
  createOrder,
  getEpisodeProduct,
  getOrderList,
  getOrderStatus,
  getVipProducts,
} from './pay.calls.ts';

/** A client whose server answers every request with `status` and `body`, recording requests. */
function answering(status: number, body: unknown) {
  const requests: Request[] = [];
  const client = createClient({
    baseUrl: 'http://melon.test',
    getCsrfToken: () => 'token-1',
    transport: (request) => {
      requests.push(request);
      return Promise.resolve(Response.json(body, { status }));
    },
  });
  return { client, requests };
}

const plans = { plans: [], membership: null };

describe('the pay calls (SPEC §7 Pay, §8)', () => {
  it('are GETs the client holds to HTTP 200 and body code 200', () => {
    for (const call of [
      getVipProducts,
      createOrder,
      getOrderStatus,
      getEpisodeProduct,
      getOrderList,
    ]) {
      expect(call.method).toBe('GET');
      expect(call.strictOk).toBe(true);
    }
  });

  it('resolves a pay call answered HTTP 200 with code 200', async () => {
    const { client } = answering(200, { code: 200, message: 'success', data: plans });
    await expect(client.call(getVipProducts)).resolves.toEqual(plans);
  });

  it.each([
    ['HTTP 201 with code 200', 201, 200],
    ['HTTP 202 with code 200', 202, 200],
    ['HTTP 200 with code 0', 200, 0],
    ['HTTP 200 with code 400', 200, 400],
  ])('rejects a pay call answered %s', async (_label, status, code) => {
    const { client } = answering(status, { code, message: 'x', data: plans });
    await expect(client.call(getVipProducts)).rejects.toBeInstanceOf(ApiError);
  });

  it('sends create_order as a GET with its query and the anti-forgery header', async () => {
    const order = { order_id: '7000000000000000001', pay_url: 'http://pay', expires_at: 1 };
    const { client, requests } = answering(200, { code: 200, message: 'success', data: order });
    await client.call(createOrder, { product_id: 'vip_month', provider: 'alipay' });
    const [request] = requests;
    expect(request?.method).toBe('GET');
    expect(new URL(request?.url ?? '').searchParams.get('product_id')).toBe('vip_month');
    expect(request?.headers.get(CSRF_HEADER)).toBe('token-1');
    expect(createOrder.csrf).toBe('required');
  });

  it('needs sign-in for everything but the plans', () => {
    expect('signIn' in getVipProducts).toBe(false);
    for (const call of [createOrder, getOrderStatus, getEpisodeProduct, getOrderList]) {
      expect(call.signIn).toBe('required');
    }
  });
});
