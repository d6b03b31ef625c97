import type { Member } from './member.ts';
import type { PubSub, Unsubscribe } from './pubsub.ts';
import type { ViewerCounts } from './viewer-counts.ts';

interface Room {
  members: Set<Member>;
  subscribed: Promise<Unsubscribe>;
}

/**
 * This process's rooms: the members listening to each topic, and one pub/sub subscription per
 * topic while it has members. A message is encoded once and the same bytes go to every member.
 */
export function createRooms(pubsub: PubSub, counts: ViewerCounts) {
  const rooms = new Map<string, Room>();

  function forward(room: Room, message: string): void {
    const data = Buffer.from(message);
    for (const member of room.members) member.deliver(data);
  }

  return {
    /** Adds the member; resolves once the topic's messages reach it. */
    async join(topic: string, member: Member): Promise<void> {
      let room = rooms.get(topic);
      if (!room) {
        const created: Room = { members: new Set(), subscribed: Promise.resolve(() => undefined) };
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

    /** Members of the topic in this process. */
    size(topic: string): number {
      return rooms.get(topic)?.members.size ?? 0;
    },
  };
}

export type Rooms = ReturnType<typeof createRooms>;
