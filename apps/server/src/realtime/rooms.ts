import type { Member } from './member.ts';
import type { PubSub, Unsubscribe } from './pubsub.ts';
import { encodeTextFrames } from './text-frames.ts';
import type { ViewerCounts } from './viewer-counts.ts';

interface Room {
  members: Set<Member>;
  subscribed: Promise<Unsubscribe>;
  /** Messages waiting for the next flush. */
  pending: Buffer[];
  flushScheduled: boolean;
  lastFlushAt: number;
  /** Re-checks of who may stay under way: messages wait until none is. */
  holds: number;
}

/**
 * This process's rooms: the members listening to each topic, and one pub/sub subscription per
 * topic while it has members. Messages are framed once per flush and the same bytes go to every
 * member: a quiet room flushes at once, a busy one at most every `flushMs`, so each member gets
 * one write per flush however many danmaku arrived in between.
 */
export function createRooms(pubsub: PubSub, counts: ViewerCounts, flushMs: number) {
  const rooms = new Map<string, Room>();

  function flush(room: Room): void {
    room.flushScheduled = false;
    if (room.holds > 0) return;
    room.lastFlushAt = performance.now();
    if (room.pending.length === 0) return;
    const frames = encodeTextFrames(room.pending);
    room.pending = [];
    for (const member of room.members) member.deliverFrames(frames);
  }

  function forward(room: Room, message: string): void {
    room.pending.push(Buffer.from(message));
    schedule(room);
  }

  function schedule(room: Room): void {
    if (room.flushScheduled) return;
    room.flushScheduled = true;
    const wait = room.lastFlushAt + flushMs - performance.now();
    if (wait <= 0) {
      setImmediate(() => {
        flush(room);
      });
    } else {
      setTimeout(() => {
        flush(room);
      }, wait);
    }
  }

  return {
    /** Adds the member; resolves once the topic's messages reach it. */
    async join(topic: string, member: Member): Promise<void> {
      let room = rooms.get(topic);
      if (!room) {
        const created: Room = {
          members: new Set(),
          subscribed: Promise.resolve(() => undefined),
          pending: [],
          flushScheduled: false,
          lastFlushAt: 0,
          holds: 0,
        };
        created.subscribed = pubsub.subscribe(topic, (message) => {
          forward(created, message);
        });
        rooms.set(topic, created);
        room = created;
      }
      room.members.add(member);
      counts.changed(topic, room.members.size);
      try {
        await room.subscribed;
      } catch (error) {
        this.leave(topic, member);
        throw error;
      }
    },

    leave(topic: string, member: Member): void {
      const room = rooms.get(topic);
      if (!room?.members.delete(member)) return;
      counts.changed(topic, room.members.size);
      if (room.members.size > 0) return;
      rooms.delete(topic);
      room.subscribed.then(
        (unsubscribe) => {
          unsubscribe();
        },
        () => undefined,
      );
    },

    /**
     * Keeps the topic's messages from its members until `release` is called, so that none
     * reaches a member while whether it may stay is being checked.
     */
    hold(topic: string): () => void {
      const room = rooms.get(topic);
      if (!room) return () => undefined;
      room.holds += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        room.holds -= 1;
        if (room.holds === 0 && room.pending.length > 0) schedule(room);
      };
    },

    /** Members of the topic in this process. */
    size(topic: string): number {
      return rooms.get(topic)?.members.size ?? 0;
    },
  };
}

export type Rooms = ReturnType<typeof createRooms>;
