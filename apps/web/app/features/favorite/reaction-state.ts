/** Whether the viewer has reacted (liked, favourited), and how many have. */
export interface ReactionSnapshot {
  active: boolean;
  count: number;
}

/** What the button shows at once on a click, before the server answers. */
export function toggled(before: ReactionSnapshot): ReactionSnapshot {
  const active = !before.active;
  return { active, count: Math.max(0, before.count + (active ? 1 : -1)) };
}
