import { clientAddressKey } from './client-address.ts';

/** Gives back a place taken with `take`; calling it again does nothing. */
export type Release = () => void;

/**
 * Open connections per client address, up to `max` each (in this process). A place is taken
 * before the connection is accepted and given back once it is gone.
 */
export function createIpSlots(max: number) {
  const open = new Map<string, number>();
  return {
    /** A place for one more connection of this address; undefined when it has `max` already. */
    take(ip: string): Release | undefined {
      const key = clientAddressKey(ip);
      const count = open.get(key) ?? 0;
      if (count >= max) return undefined;
      open.set(key, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (open.get(key) ?? 1) - 1;
        if (left > 0) open.set(key, left);
        else open.delete(key);
      };
    },
  };
}

export type IpSlots = ReturnType<typeof createIpSlots>;
