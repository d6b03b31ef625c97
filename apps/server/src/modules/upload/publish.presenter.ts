import type { Published } from '@melon/shared/contracts/publish';

/** The new video, by its item id; it plays once its transcoding job is done. */
export const presentPublished = (itemId: string): Published => ({ item_id: itemId });
