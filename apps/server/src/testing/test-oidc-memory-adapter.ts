/**
 * The storage of the test provider: in memory, like oidc-provider's own quick-start adapter,
 * which warns on every start that it is not for production (nor is this provider).
 */
type Payload = Record<string, unknown> & { uid?: string; userCode?: string; grantId?: string };

interface Entry {
  payload: Payload;
  expiresAt: number;
}

const entries = new Map<string, Entry>();

export class TestOidcMemoryAdapter {
  readonly #model: string;

  constructor(model: string) {
    this.#model = model;
  }

  #key(id: string): string {
    return `${this.#model}:${id}`;
  }

  #live(predicate: (payload: Payload) => boolean): Payload | undefined {
    for (const [key, entry] of entries) {
      if (!key.startsWith(`${this.#model}:`) || entry.expiresAt <= Date.now()) continue;
      if (predicate(entry.payload)) return entry.payload;
    }
    return undefined;
  }

  upsert(id: string, payload: Payload, expiresIn: number): Promise<void> {
    entries.set(this.#key(id), { payload, expiresAt: Date.now() + expiresIn * 1000 });
    return Promise.resolve();
  }

  find(id: string): Promise<Payload | undefined> {
    const entry = entries.get(this.#key(id));
    return Promise.resolve(entry && entry.expiresAt > Date.now() ? entry.payload : undefined);
  }

  findByUid(uid: string): Promise<Payload | undefined> {
    return Promise.resolve(this.#live((payload) => payload.uid === uid));
  }

  findByUserCode(userCode: string): Promise<Payload | undefined> {
    return Promise.resolve(this.#live((payload) => payload.userCode === userCode));
  }

  consume(id: string): Promise<void> {
    const entry = entries.get(this.#key(id));
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
    return Promise.resolve();
  }

  destroy(id: string): Promise<void> {
    entries.delete(this.#key(id));
    return Promise.resolve();
  }

  revokeByGrantId(grantId: string): Promise<void> {
    for (const [key, entry] of entries) {
      if (entry.payload.grantId === grantId) entries.delete(key);
    }
    return Promise.resolve();
  }
}
